// The loading counter of spec sections 3 and 4, shared by the islands that load on demand. The
// rest of the spec's shared state is resolved at build time on a static site: the language and
// the other language come from the URL, the page scope from the CMS node, and the language switch
// is plain HTML. An island that fails shows its own fallback (enhance/island-fallback.ts) instead
// of a global error flag sending the reader away from the page they were reading.
import { atom, computed } from 'nanostores';

/** Loading is counter-based: every start has a matching stop; loading is true while not 0. */
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
