// client:when-used, an island hydration directive: the island's code (React and the form, about
// 75 KB gzip for the calculator) comes when the reader is about to use it, not while a phone is
// still loading and laying out the page:
// - at once when the island comes near the screen, or the reader presses a key or touches the page;
// - otherwise a few seconds after the page has loaded, once the browser is idle, so the form is
//   ready by the time a reader who reads first gets to it;
// - never ahead when the browser asks to save data (Save-Data): only when it is in view or used.
// The island's server-rendered form stays disabled until then (src/site/islands/use-hydrated.ts).
import type { ClientDirective } from 'astro';

/** How long after the page's load the code comes anyway (unless the browser asks to save data). */
const AFTER_LOAD_MS = 3000;
/** "Near the screen": within a quarter of the screen's height below or above it. */
const NEAR_SCREEN: IntersectionObserverInit = { rootMargin: '25% 0px' };
/** A reader acting on the page: the code is wanted now. */
const TRIGGER_EVENTS = ['keydown', 'pointerdown', 'touchstart'] as const;
/** False when the browser asks to save data (Chromium's navigator.connection, not in TypeScript's DOM types). */
const fetchesAhead = (nav: Navigator) => (nav as { connection?: { saveData?: unknown } }).connection?.saveData !== true;

const whenUsed: ClientDirective = (load, _options, el) => {
  let started = false;
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) start();
  }, NEAR_SCREEN);
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of TRIGGER_EVENTS) removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  // astro-island is display: contents (no box of its own): its children are watched, as Astro does.
  for (const child of el.children) observer.observe(child);
  for (const type of TRIGGER_EVENTS) addEventListener(type, start, { capture: true, passive: true });
  if (!fetchesAhead(navigator)) return;
  // (Safari has no requestIdleCallback.)
  const idle = (run: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: AFTER_LOAD_MS }) : run();
  const later = () => setTimeout(() => idle(start), AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
};

export default whenUsed;
