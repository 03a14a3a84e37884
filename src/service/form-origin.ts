// Plain HTML form posts (no JavaScript) can be sent by any site a visitor has open: they are
// accepted only when the browser says they come from this site. Origin first (browsers send it
// with every cross-site POST), else Referer; with neither the post is refused. This site is the
// request's own Host, SITE_URL, and the French host (FRENCH_HOST).
export interface SiteOrigins {
  siteUrl?: string | undefined;
  frenchHost?: string | undefined;
}

/** The host name of a URL, without port (a proxy's `Host: $host` has none). */
function hostOf(value: string | null): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

export function isSameSiteForm(headers: Headers, site: SiteOrigins): boolean {
  const from = hostOf(headers.get('origin')) ?? (headers.has('origin') ? undefined : hostOf(headers.get('referer')));
  if (!from) return false;
  const own = hostOf(`http://${headers.get('host') ?? ''}`);
  const allowed = new Set([own, hostOf(site.siteUrl ?? null), site.frenchHost?.trim().toLowerCase()].filter(Boolean));
  return allowed.has(from);
}

/** The media type of a Content-Type header, without parameters, lower-case. */
export const mediaType = (contentType: string | null | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();
