// Keeps only redirects that work in this build: a redirect whose target page is not in the build
// (a node unpublished or deleted, a renamed alias's node gone) is left out with a warning, and so
// is one whose source is now a real page (an alias reused), which it would otherwise hide. Editors
// see the warnings in the publishing status; the site never answers a redirect to nothing.
import type { BuildWarning } from '../../content/build-warnings.ts';
import { cmsRedirectList } from './cms-redirects.ts';
import type { Redirect, RedirectInputs } from './redirects.ts';

/** Sources are canonical (decoded) site paths, targets encoded URL text: decoding is for targets. */
const decode = (s: string) => {
  // Most addresses hold no escape: nothing to decode (20,000 of them each release on a large site).
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

// A loop, not /\/+$/: that pattern backtracks quadratically on a long run of slashes (recheck).
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

/**
 * A path with nothing to take off or decode (no query, fragment, escape or empty segment): its
 * segments are its text between the first and a last slash. Most of 20,000 addresses each release.
 */
const PLAIN_PATH = /^(?:\/[^/?#%]+)+\/?$|^\/$/;

/** Whether a path is a page (or file) of this build: `files` lists what Astro wrote, with /. */
function isPage(files: Set<string>, urlPath: string): boolean {
  const clean = PLAIN_PATH.test(urlPath)
    ? urlPath.slice(1, urlPath.endsWith('/') ? -1 : undefined)
    : urlPath.split(/[?#]/, 1)[0]!.split('/').filter(Boolean).map(decode).join('/');
  if (clean === '') return false;
  return files.has(`${clean}/index.html`) || files.has(`${clean}.html`) || files.has(clean);
}

/** `warn` records a left-out redirect among the build's warnings. */
export async function keepWorkingRedirects(
  list: Redirect[],
  files: Set<string>,
  inputs: RedirectInputs,
  warn: (warning: BuildWarning) => void,
): Promise<Redirect[]> {
  for (const s of cmsRedirectList(
    inputs.cmsRedirects ?? [],
    inputs.translations.map((t) => ({ nid: t.nid ?? null, lang: t.lang, alias: t.alias })),
  ).skipped) {
    warn({
      kind: 'broken-link',
      message: `The CMS redirect from ${s.from} to ${s.uri} was left out: ${s.reason}.`,
      page: s.from,
      target: s.uri,
    });
  }
  const trim = (p: string) => withoutTrailingSlashes(decode(p)) || '/';
  const shadowing = new Set<string>();
  const pages = new Map<string, boolean>();
  for (const r of list) {
    if (isPage(files, r.from)) shadowing.add(r.from);
    if (!r.external && !pages.has(trim(r.to))) pages.set(trim(r.to), isPage(files, r.to));
  }
  // A target may be another redirect (a vanity path to a short path): resolve to a fixed point.
  const good = new Set(
    list.filter((r) => !shadowing.has(r.from) && (r.external || pages.get(trim(r.to)))).map((r) => r.from),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const r of list) {
      if (!good.has(r.from) && !shadowing.has(r.from) && !r.external && good.has(trim(r.to))) {
        good.add(r.from);
        changed = true;
      }
    }
  }
  for (const r of list) {
    if (good.has(r.from)) continue;
    const message = shadowing.has(r.from)
      ? `The redirect from ${r.from} was left out: a page now has that address.`
      : `The redirect from ${r.from} to ${r.to} was left out: that page does not exist in this build.`;
    warn({ kind: 'broken-link', message, page: r.from, target: r.to });
  }
  return list.filter((r) => good.has(r.from));
}
