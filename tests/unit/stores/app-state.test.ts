// The shared state of spec sections 3 and 4: other language always the opposite, default page
// scope 's', and the counter-based loading flag (true while not 0, cleared by the error flag).
import { beforeEach, describe, expect, it } from 'vitest';
import { $errorFlag, $language, $languageSwitchDisabled, $loading, $loadingCount, $otherLanguage, $pageScope, startLoading } from '../../../src/stores/app-state.ts';

beforeEach(() => {
  $errorFlag.set(false);
  $loadingCount.set(0);
  $language.set('en');
});

describe('shared state', () => {
  it('starts with the spec’s defaults', () => {
    expect($pageScope.get()).toBe('s');
    expect($languageSwitchDisabled.get()).toBe(false);
    expect($errorFlag.get()).toBe(false);
    expect($loading.get()).toBe(false);
  });

  it('keeps the other language the opposite of the language', () => {
    expect($otherLanguage.get()).toBe('fr');
    $language.set('fr');
    expect($otherLanguage.get()).toBe('en');
  });

  it('is loading while the counter is not 0; each stop counts once', () => {
    const seen: boolean[] = [];
    const unlisten = $loading.listen((v) => seen.push(v));
    const a = startLoading();
    const b = startLoading();
    expect($loadingCount.get()).toBe(2);
    a();
    a();
    expect($loadingCount.get()).toBe(1);
    expect($loading.get()).toBe(true);
    b();
    expect($loading.get()).toBe(false);
    expect(seen).toEqual([true, false]);
    unlisten();
  });

  it('setting the error flag clears loading, and a late stop does not go below 0', () => {
    const stop = startLoading();
    startLoading();
    $errorFlag.set(true);
    expect($loadingCount.get()).toBe(0);
    expect($loading.get()).toBe(false);
    stop();
    expect($loadingCount.get()).toBe(0);
  });
});
