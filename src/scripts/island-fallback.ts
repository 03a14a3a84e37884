// If an island's JavaScript cannot load (Astro reports `astro:hydration-error` after its own
// retry) or has not hydrated 120 s after it came into view (the spec's chunk time-out), its area
// says so in the page's language with the phone line, instead of a form that does nothing.
const TIMEOUT_MS = 120_000;
const message = document.getElementById('main')?.dataset.islandFailed;

function fail(island: Element) {
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
      if (!entry.isIntersecting || !island) continue;
      for (const child of island.children) observer.unobserve(child);
      setTimeout(() => {
        if (island.hasAttribute('ssr')) fail(island);
      }, TIMEOUT_MS);
    }
  });
  for (const island of islands) for (const child of island.children) observer.observe(child);
}
