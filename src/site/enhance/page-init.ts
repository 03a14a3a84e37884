// The only script every page loads: print buttons, legacy service worker clean-up, page view.
import { pageView } from '../rules/analytics.ts';

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print]')) {
  button.addEventListener('click', () => window.print());
}

// The previous site registered a service worker; remove it so it cannot serve stale pages.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => {
      for (const registration of registrations) void registration.unregister();
    })
    .catch(() => undefined);
}

pageView(location.pathname, document.documentElement.lang);

// Unknown paths get the error page with a real 404 status; the address then shows the error
// page's path too, as the spec's redirect to /{lang}/error would.
const errorPage = document.querySelector<HTMLElement>('[data-error-page]')?.dataset.errorPage;
if (errorPage && location.pathname !== errorPage) history.replaceState(null, '', errorPage);
