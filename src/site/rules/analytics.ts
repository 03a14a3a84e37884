// Pluggable, cookie-free analytics. The provider is chosen at build time (ANALYTICS_* baked into
// <meta name="analytics" content="provider"> by the layout); with none, events only go to window.dataLayer.
export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function config(): { provider: string; url: string; site: string } {
  const meta =
    typeof document !== 'undefined' ? document.querySelector<HTMLMetaElement>('meta[name="analytics"]') : null;
  return { provider: meta?.content || 'none', url: meta?.dataset.url ?? '', site: meta?.dataset.site ?? '' };
}

function send(payload: Record<string, string>) {
  const { provider, url, site } = config();
  if (provider === 'none' || !url) return;
  const body = JSON.stringify({ ...payload, site });
  if (navigator.sendBeacon) navigator.sendBeacon(url, body);
  else void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' });
}

export function pageView(path: string, lang: string) {
  (window.dataLayer ??= []).push({ event: 'page_view', path, lang });
  send({ type: 'pageview', path, lang });
}

export function trackEvent(event: AnalyticsEvent) {
  (window.dataLayer ??= []).push({ event: 'event', ...event });
  send({ type: 'event', category: event.category, action: event.action, label: event.label ?? '' });
}
