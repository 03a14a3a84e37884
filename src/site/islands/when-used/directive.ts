// client:when-used, an island hydration directive: the island's code (React and the form, about
// 75 KB gzip for the calculator) comes when the reader is about to use it, not while a phone is
// still loading and laying out the page:
// - at once when the island comes near the screen, or the reader presses a key or touches the page;
// - otherwise a few seconds after the page has loaded, once the browser is idle, so the form is
//   ready by the time a reader who reads first gets to it;
// - never ahead when the browser asks to save data (Save-Data): only when it is in view or used.
// The island's server-rendered form stays disabled until then (src/site/islands/use-hydrated.ts).
import type { ClientDirective } from 'astro';
import { AFTER_LOAD_MS, NEAR_SCREEN, TRIGGER_EVENTS, fetchesAhead } from './policy.ts';

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
