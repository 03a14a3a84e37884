// Registers the site's service worker once the page has loaded (nothing of it competes with the
// page), after removing any other worker of this origin: the old application's, found by its own
// script URL, which must not serve stale pages. A few hundred bytes, bundled with the layout's script.
// The worker's path, as rules/policy.ts names it (WORKER_PATH; policy.test.ts checks they agree):
// not imported, so that every page's script does not load the policy with it.
const WORKER_PATH = '/sw.js';

async function register(container: ServiceWorkerContainer) {
  const ours = new URL(WORKER_PATH, location.origin).href;
  for (const registration of await container.getRegistrations()) {
    const script = (registration.installing ?? registration.waiting ?? registration.active)?.scriptURL;
    if (script !== ours) await registration.unregister();
  }
  await container.register(WORKER_PATH, { scope: '/' });
}

if ('serviceWorker' in navigator) {
  const start = () => void register(navigator.serviceWorker).catch(() => undefined);
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}
