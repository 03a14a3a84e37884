// A configured base URL (WEBFORM_URL, CMS_URL) may carry a path: Drupal installed under
// https://cms.example/drupal. A path joined to it goes under that path, never to the host's root
// (`new URL('/webform_rest/submit', base)` drops the base's path).

/** `relative` (a path, with an optional query) under `base`'s own path. */
export function underBase(base: string, relative: string): URL {
  const url = new URL(base);
  const at = relative.indexOf('?');
  const pathPart = (at < 0 ? relative : relative.slice(0, at)).replace(/^\/+/, '');
  const root = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  // Set, not parsed: a base path such as `//host` cannot turn into another host.
  url.pathname = `${root}${pathPart}`;
  url.search = at < 0 ? '' : relative.slice(at);
  url.hash = '';
  return url;
}

/** Why `value` cannot be a base URL (a query, a fragment, or credentials in it), or undefined. */
export function baseUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return 'is not a URL';
  const url = new URL(value);
  if (url.username || url.password) return 'must not carry credentials (give them in their own settings)';
  if (url.search || value.includes('?')) return 'must not carry a query (?…): paths are joined to it';
  if (url.hash || value.includes('#')) return 'must not carry a fragment (#…)';
  return undefined;
}

/** Why `value` cannot be an origin (SITE_URL, INTAKE_URL: the site's pages live at its root), or undefined. */
export function originUrlProblem(value: string): string | undefined {
  const problem = baseUrlProblem(value);
  if (problem) return problem;
  const url = new URL(value);
  return url.pathname === '/' ? undefined : `must be an origin (https://host[:port]), without the path ${url.pathname}`;
}
