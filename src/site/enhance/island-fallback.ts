// Islands (React components hydrated by Astro) and the page around them:
// - while an island that came into view is loading, the shared loading counter (spec section 3,
//   src/site/stores/app-state.ts) is up, and the full-screen loader (island-loader.ts) shows after 400 ms
//   (it does not block the page: a reader can keep reading and scrolling);
// - if an island's JavaScript cannot load (Astro reports `astro:hydration-error` after its own
//   retry) or has not hydrated 120 s after it came into view (the spec's chunk time-out), its area
//   says so in the page's language with the phone line, instead of a form that does nothing.

const TIMEOUT_MS = 120_000;
const main = document.getElementById('main');
const message = main?.dataset.islandFailed;
const stops = new WeakMap<Element, () => void>();
// The store and the loader come in a chunk of their own, fetched only on pages with islands.
let store: Promise<typeof import('./island-loader.ts')> | undefined;
function track(island: Element) {
  let stopped = false;
  let stop: (() => void) | undefined;
  stops.set(island, () => {
    stopped = true;
    stop?.();
  });
  store ??= import('./island-loader.ts');
  store
    .then(({ startLoading }) => {
      if (!stopped) stop = startLoading();
    })
    .catch(() => undefined);
}

function fail(island: Element) {
  stops.get(island)?.();
  if (!message || !(island instanceof HTMLElement) || island.style.display === 'none') return;
  const box = document.createElement('div');
  box.className = 'island-failed';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  // The phone number becomes a tel: link.
  const [before, after] = message.split('1-833-733-7835');
  const link = document.createElement('a');
  link.href = 'tel:18337337835';
  link.textContent = '1-833-733-7835';
  text.append(before ?? message, ...(after === undefined ? [] : [link, after]));
  box.append(text);
  island.style.display = 'none'; // (astro-island is display: contents, so `hidden` would not hide it)
  island.before(box);
}

document.addEventListener('astro:hydration-error', (event) => {
  event.preventDefault();
  fail((event.target as Element).closest('astro-island') ?? (event.target as Element));
});

// astro-island is display: contents (no box of its own), so watch its children, as Astro does.
const islands = document.querySelectorAll('astro-island[ssr]');
if (islands.length && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const island = entry.target.closest('astro-island');
      if (!entry.isIntersecting || !island || stops.has(island)) continue;
      for (const child of island.children) observer.unobserve(child);
      if (!island.hasAttribute('ssr')) continue;
      track(island);
      island.addEventListener('astro:hydrate', () => stops.get(island)?.(), { once: true });
      setTimeout(() => {
        if (island.hasAttribute('ssr')) fail(island);
      }, TIMEOUT_MS);
    }
  });
  for (const island of islands) for (const child of island.children) observer.observe(child);
}
