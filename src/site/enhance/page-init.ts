// The only script every page loads: print buttons (made here: without JavaScript they would do
// nothing) and page view. The old application's service
// worker is removed by src/features/offline/ui/register.ts, before it registers the site's own.
import { pageView } from '../rules/analytics.ts';

for (const slot of document.querySelectorAll<HTMLElement>('[data-print-slot]')) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button-secondary';
  button.dataset.print = '';
  button.textContent = slot.dataset.label ?? '';
  button.addEventListener('click', () => window.print());
  slot.replaceChildren(button);
}

pageView(location.pathname, document.documentElement.lang);

// Unknown paths get the error page with a real 404 status; the address then shows the error
// page's path too, as the spec's redirect to /{lang}/error would.
const errorPage = document.querySelector<HTMLElement>('[data-error-page]')?.dataset.errorPage;
if (errorPage && location.pathname !== errorPage) history.replaceState(null, '', errorPage);
