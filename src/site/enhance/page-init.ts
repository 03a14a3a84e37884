// The only script every page loads: print buttons and page view. The old application's service
// worker is removed by src/features/offline/ui/register.ts, before it registers the site's own.
import { pageView } from '../rules/analytics.ts';

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print]')) {
  button.addEventListener('click', () => window.print());
}

pageView(location.pathname, document.documentElement.lang);

// Unknown paths get the error page with a real 404 status; the address then shows the error
// page's path too, as the spec's redirect to /{lang}/error would.
const errorPage = document.querySelector<HTMLElement>('[data-error-page]')?.dataset.errorPage;
if (errorPage && location.pathname !== errorPage) history.replaceState(null, '', errorPage);
