// The one way content becomes a site path (a vanity URL, a redirect's source, a path alias): what
// an editor typed is decoded once, normalised and held to a strict grammar, so that it can name a
// file of the release (a redirect stub) and a line of the nginx include or of `_redirects` without
// ever reaching outside the release or meaning anything but a path. Pure: no I/O (the file system
// side, symlinks included, is src/release/confine.ts). Framework-free: the service worker puts the
// paths it is asked for in the same canonical form (src/features/offline/rules/policy.ts).

/** Longest site path accepted, in UTF-8 bytes (well under PATH_MAX and any URL limit). */
const MAX_SITE_PATH_BYTES = 512;
/** Longest segment, in UTF-8 bytes: a file name (NAME_MAX is 255; `.html` is added to it). */
const MAX_SEGMENT_BYTES = 200;

/**
 * Characters a segment may hold: letters, marks and digits of any script, and `-._~` (RFC 3986
 * unreserved). Everything else (`%` after decoding, `\`, `"`, `$`, `{`, `;`, spaces, controls,
 * NUL, format characters such as U+202E) is refused rather than quoted: none of it has a use in
 * a route and each has a meaning in some output.
 */
const SEGMENT = /^[\p{L}\p{M}\p{N}._~-]+$/u;

/**
 * A path already in canonical form, in ASCII (most of a large site's 20,000 redirects each
 * release): each segment as SEGMENT allows, not starting with "." and within MAX_SEGMENT_BYTES,
 * one slash between them. What the full parse below would give it is itself.
 */
const PLAIN = /^(?:\/(?!\.)[A-Za-z0-9._~-]{1,200})+\/?$/;

export type SitePath = { path: string; segments: string[] } | { error: string };

const utf8 = new TextEncoder();
/**
 * Whether `s` is longer than `max` UTF-8 bytes. A UTF-16 unit is one to three bytes, so the length
 * decides for most strings without encoding them (the encoding was most of a 20,000-redirect list's check).
 */
const overBytes = (s: string, max: number) => s.length > max || (s.length * 3 > max && utf8.encode(s).length > max);

/**
 * `raw` as a site path: `/a/b` or `/a/b/` (the trailing slash is kept: `/en` and `/en/` are two
 * sources). Percent-encoding is decoded exactly once; repeated slashes are merged (as nginx does).
 * Refused, with a reason an editor can act on: no leading `/`, malformed or double encoding, dot
 * segments (also encoded), backslashes, control characters, any other character outside the set,
 * and paths or segments over the length bounds.
 */
export function parseSitePath(raw: string): SitePath {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return { error: 'must be a path starting with "/"' };
  if (raw.length <= MAX_SITE_PATH_BYTES && PLAIN.test(raw))
    return { path: raw, segments: raw.split('/').filter(Boolean) };
  if (overBytes(raw, MAX_SITE_PATH_BYTES * 3)) return { error: `is longer than ${MAX_SITE_PATH_BYTES} bytes` };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { error: 'has a malformed percent-encoding' };
  }
  // Reasons in the order an editor would look for them; each is also outside SEGMENT.
  if (/\p{Cc}/u.test(decoded)) return { error: 'holds a control character' };
  if (decoded.includes('\\')) return { error: 'holds a backslash' };
  if (decoded.includes('%')) return { error: 'holds a "%" after decoding (encoded twice?)' };
  if (overBytes(decoded, MAX_SITE_PATH_BYTES)) return { error: `is longer than ${MAX_SITE_PATH_BYTES} bytes` };
  const trailing = decoded.length > 1 && decoded.endsWith('/');
  const segments = decoded.split('/').filter(Boolean);
  for (const segment of segments) {
    if (segment === '.' || segment === '..') return { error: 'holds a "." or ".." segment' };
    // Hidden names are the build's own (`.pagefind.tmp`, `.trash-`), never a route.
    if (segment.startsWith('.')) return { error: 'has a part starting with "."' };
    if (overBytes(segment, MAX_SEGMENT_BYTES)) return { error: `has a part longer than ${MAX_SEGMENT_BYTES} bytes` };
    if (!SEGMENT.test(segment))
      return { error: 'may only hold letters, digits and "-", "_", ".", "~" between its slashes' };
  }
  const path = `/${segments.join('/')}${trailing && segments.length > 0 ? '/' : ''}`;
  return { path, segments };
}

/**
 * The release-relative file of the page at a canonical site path, as the build writes its pages
 * (astro.config.mjs, `build.format: 'file'`) and every host serves them with no redirect:
 * `/a/b` -> `a/b.html`, `/a/b/` -> `a/b/index.html`. Null when the path is not canonical: callers
 * never build a file name from anything else.
 */
export function siteFile(path: string): string | null {
  const parsed = parseSitePath(path);
  if (!('path' in parsed) || parsed.path !== path || parsed.segments.length === 0) return null;
  const file = parsed.segments.join('/');
  return path.endsWith('/') ? `${file}/index.html` : `${file}.html`;
}
