// The shared state of spec section 3, for the islands that need it. Static pages resolve the
// language from the URL at build time; islands read it from here or from their `lang` prop.
import { atom, computed } from 'nanostores';
import type { Lang } from '../i18n/languages.ts';

export const $language = atom<Lang>('en');
export const $otherLanguage = computed($language, (lang): Lang => (lang === 'en' ? 'fr' : 'en'));
export const $errorFlag = atom(false);
export const $pageScope = atom('s');
export const $languageSwitchDisabled = atom(false);

/** Loading is counter-based: every start has a matching stop; setting the error flag clears it. */
export const $loadingCount = atom(0);
export const $loading = computed($loadingCount, (n) => n !== 0);
export function startLoading(): () => void {
  $loadingCount.set($loadingCount.get() + 1);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    $loadingCount.set(Math.max(0, $loadingCount.get() - 1));
  };
}
$errorFlag.listen((flag) => {
  if (flag) $loadingCount.set(0);
});
