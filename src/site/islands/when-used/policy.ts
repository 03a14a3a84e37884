// When client:when-used (directive.ts) fetches an island's code; plain values and one rule, so
// the unit test and the directive read the same ones.

/** How long after the page's load the code comes anyway (unless the browser asks to save data). */
export const AFTER_LOAD_MS = 3000;

/** "Near the screen": within a quarter of the screen's height below or above it. */
export const NEAR_SCREEN: IntersectionObserverInit = { rootMargin: '25% 0px' };

/** A reader acting on the page: the code is wanted now. */
export const TRIGGER_EVENTS = ['keydown', 'pointerdown', 'touchstart'] as const;

/** False when the browser asks to save data (navigator.connection.saveData). */
export function fetchesAhead(nav: Navigator): boolean {
  // (Not in TypeScript's DOM types: Chromium's Network Information API.)
  return (nav as { connection?: { saveData?: unknown } }).connection?.saveData !== true;
}
