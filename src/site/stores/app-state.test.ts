// The counter-based loading flag of spec sections 3 and 4: true while the counter is not 0.
import { beforeEach, describe, expect, it } from 'vitest';
import { $loading, $loadingCount, startLoading } from './app-state.ts';

beforeEach(() => {
  $loadingCount.set(0);
});

describe('shared state', () => {
  it('starts not loading', () => {
    expect($loading.get()).toBe(false);
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

  it('a late stop does not go below 0', () => {
    const stop = startLoading();
    $loadingCount.set(0);
    stop();
    expect($loadingCount.get()).toBe(0);
  });
});
