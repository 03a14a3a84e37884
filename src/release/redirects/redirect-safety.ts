// What a redirect may be before any output is written from it: its source a canonical site path
// (src/site/rules/site-path.ts) that is not an address the site keeps (the intake service's, a
// language root other than the build's own redirect of it, the include's names, the build's
// files: src/site/rules/owned-paths.ts), its target a web address
// (http or https only) or a path of this site, as encoded URL text, its status one nginx and
// browsers treat as a redirect. A redirect that fails is left out, with its reason. Pure.
import { parseSitePath } from '../../site/rules/site-path.ts';
import { LANGUAGE_ROOTS, ownedPathReason } from '../../site/rules/owned-paths.ts';
import { encodeUrlText } from './url-text.ts';

/** Longest target accepted (characters, before encoding). */
const MAX_TARGET_LENGTH = 2048;
/** Statuses that redirect (nginx's `return` sends any other code with the URL as its body). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Checked<T> = { value: T } | { error: string };

/** A redirect's source as the canonical site path, or why it is refused. */
function redirectSource(raw: string): Checked<string> {
  const parsed = parseSitePath(raw);
  if ('error' in parsed) return parsed;
  // `/en`, `/en/`, … as spelled: the build's own redirects to each home page (buildRedirects
  // writes them last, over any content's), never another spelling of them.
  const owned = LANGUAGE_ROOTS.has(parsed.path) ? null : ownedPathReason(parsed.path);
  if (owned) return { error: owned };
  return { value: parsed.path };
}

/**
 * A redirect's target as encoded URL text, or why it is refused. External: an absolute http(s)
 * URL (its host as the URL parser writes it). Internal: a site path (dot segments and the like
 * refused as for sources) with an optional query and fragment; never `//host` (another site).
 */
function redirectTarget(raw: string, external: boolean): Checked<string> {
  if (raw.length > MAX_TARGET_LENGTH) return { error: `is longer than ${MAX_TARGET_LENGTH} characters` };
  if (/\p{Cc}/u.test(raw)) return { error: 'holds a line break or another control character' };
  if (raw.includes('\\')) return { error: 'holds a backslash' };
  if (external) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { error: 'is not a web address' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'is not an http or https address' };
    if (url.username || url.password) return { error: 'holds a user name or password' };
    return { value: encodeUrlText(url.href) };
  }
  if (!raw.startsWith('/') || raw.startsWith('//')) return { error: 'is not a path of this site' };
  const at = raw.search(/[?#]/);
  const [pathPart, suffix] = at === -1 ? [raw, ''] : [raw.slice(0, at), raw.slice(at)];
  const parsed = parseSitePath(pathPart);
  if ('error' in parsed) return parsed;
  return { value: encodeUrlText(parsed.path) + encodeUrlText(suffix) };
}

export interface RedirectLike {
  from: string;
  to: string;
  external: boolean;
  status?: number;
}

/**
 * The redirects this check made canonical, frozen: each serializer checks its list again, and a
 * redirect the step checked before is taken as it is (the check is idempotent on its own output),
 * not parsed a second and third time (0.3 s of each release at 20,000 redirects).
 */
const canonical = new WeakSet<RedirectLike>();
const DUPLICATE = 'another redirect has the same address once decoded';

/** The redirects whose every part is safe to write, in canonical form, and the others with a reason. */
export function checkRedirects<R extends RedirectLike>(
  list: R[],
): { safe: R[]; refused: Array<{ redirect: R; reason: string }> } {
  const safe: R[] = [];
  const refused: Array<{ redirect: R; reason: string }> = [];
  const seen = new Set<string>();
  for (const r of list) {
    if (canonical.has(r)) {
      if (seen.has(r.from)) refused.push({ redirect: r, reason: DUPLICATE });
      else {
        seen.add(r.from);
        safe.push(r);
      }
      continue;
    }
    const from = redirectSource(r.from);
    const to = redirectTarget(r.to, r.external);
    const status = r.status ?? 301;
    const reason =
      'error' in from
        ? `its address ${from.error}`
        : 'error' in to
          ? `its target ${to.error}`
          : !REDIRECT_STATUSES.has(status)
            ? `status ${status} is not a redirect (301, 302, 303, 307 or 308)`
            : seen.has(from.value)
              ? DUPLICATE
              : null;
    if (reason || 'error' in from || 'error' in to) refused.push({ redirect: r, reason: reason ?? '' });
    else {
      seen.add(from.value);
      const checked = Object.freeze({ ...r, from: from.value, to: to.value });
      canonical.add(checked);
      safe.push(checked);
    }
  }
  return { safe, refused };
}
