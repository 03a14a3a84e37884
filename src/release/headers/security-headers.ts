// Security headers for the static site, computed once per build from what the pages actually
// contain (hashes of inline scripts) and what they talk to (chat frames, tiles, intake).
import { createHash } from 'node:crypto';
import { nginxString } from '../redirects/nginx-syntax.ts';
import { WORKER_PATH } from '../../features/offline/rules/policy.ts';

export interface HeaderInputs {
  scriptHashes: string[];
  chatUrls: string[];
  tileUrl: string;
  intakeUrl?: string | undefined;
  analyticsUrl?: string | undefined;
}

export function scriptHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

const EXECUTABLE = /^(|module|text\/javascript|application\/javascript)$/i;

/** Hashes of every inline script a browser would execute (JSON data blocks are not). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const { attrs, body } of inlineScripts(html)) {
    if (/\ssrc\s*=/.test(attrs)) continue;
    const type = /\stype\s*=\s*"?([^"\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type)) continue;
    hashes.push(scriptHash(body));
  }
  return hashes;
}

/**
 * The `<script …>…</script>` elements of a page, as `/<script\b([^>]*)>([\s\S]*?)<\/script>/gi`
 * finds them, in linear time: that pattern rescans to the end from every `<script` left unclosed.
 * When the first `>` or `</script>` is missing, no later `<script` can have one either.
 */
function* inlineScripts(html: string): Generator<{ attrs: string; body: string }> {
  const open = /<script\b/gi;
  const close = /<\/script>/gi;
  for (;;) {
    const start = open.exec(html);
    if (!start) return;
    const attrsStart = start.index + start[0].length;
    const end = html.indexOf('>', attrsStart);
    if (end < 0) return;
    close.lastIndex = end + 1;
    const closing = close.exec(html);
    if (!closing) return;
    yield { attrs: html.slice(attrsStart, end), body: html.slice(end + 1, closing.index) };
    open.lastIndex = closing.index + closing[0].length;
  }
}

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url.replace(/\{s\}\./, '').replace(/\{[a-z]+\}/gi, '0'));
    const host = /\{s\}\./.test(url) ? `*.${u.host}` : u.host;
    return `${u.protocol}//${host}`;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(inputs: HeaderInputs): string {
  const unique = (list: Array<string | null>) => [...new Set(list.filter((v): v is string => Boolean(v)))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Pagefind runs WebAssembly; no inline script runs unless its hash is listed.
    'script-src': unique(["'self'", "'wasm-unsafe-eval'", ...inputs.scriptHashes.sort()]),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'blob:', origin(inputs.tileUrl)]),
    'font-src': ["'self'"],
    // The chat's origins too: the chat panel probes its address to tell a chat that cannot load (chat.ts).
    'connect-src': unique([
      "'self'",
      origin(inputs.intakeUrl),
      origin(inputs.analyticsUrl),
      ...inputs.chatUrls.map(origin),
    ]),
    'frame-src': unique(inputs.chatUrls.map(origin)),
    'form-action': unique(["'self'", origin(inputs.intakeUrl)]),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(inputs: HeaderInputs): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
  };
}

/** Cache rules: hashed build assets forever, HTML and the search entry points briefly, the service worker never. */
export const cacheRules: Array<{ pattern: string; value: string }> = [
  { pattern: '/_astro/*', value: 'public, max-age=31536000, immutable' },
  { pattern: '/pagefind/*', value: 'public, max-age=300' },
  // Names the index folders of the live release: never served stale (a folder it named may be gone).
  { pattern: '/search-index.json', value: 'no-cache' },
  // The service worker: browsers look for its updates there, and must find the release's own.
  { pattern: WORKER_PATH, value: 'no-cache' },
  { pattern: '/*', value: 'public, max-age=300, must-revalidate' },
];

export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return cacheRules[0]!.value;
  if (pathname.startsWith('/pagefind/')) return cacheRules[1]!.value;
  if (pathname === '/search-index.json') return cacheRules[2]!.value;
  if (pathname === WORKER_PATH) return cacheRules[3]!.value;
  return cacheRules[4]!.value;
}

/** A header name is an HTTP token; a value one line of visible characters (no CR, LF or other control). */
function checkedHeader(name: string, value: string): [string, string] {
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name) || !/^[\x20-\x7e]*$/.test(value))
    throw new Error(`Header ${JSON.stringify(name)} is not written: ${JSON.stringify(value)} is not one line of text.`);
  return [name, value];
}

/**
 * A top-level entry of the published folder: `/name/*` for a folder, `/name` for a file; or a
 * redirect from the root (`/dental`), answered before any file: `/name` and `/name/`, so that a
 * permanent redirect carries the pages' Cache-Control there as on nginx (without one, browsers
 * keep a 301 by their own heuristics, past an editor's change).
 */
export interface SiteEntry {
  name: string;
  folder: boolean;
  redirect?: boolean;
}

/** A name `_headers` can carry as a path segment; an entry named otherwise keeps the host's default. */
export const PLAIN_NAME = /^[A-Za-z0-9._~-]+$/;

/** The redirects from the root among redirect sources (`/dental`, not `/en/x` nor `/café`), as entries. */
export const rootRedirectEntries = (froms: string[]): SiteEntry[] =>
  froms
    .filter((from) => from.startsWith('/'))
    .map((from) => from.slice(1))
    .filter((name) => PLAIN_NAME.test(name))
    .map((name) => ({ name, folder: false, redirect: true }));

/** Cloudflare Pages reads at most this many rules of `_headers` (the `/*` block is one). */
export const MAX_HEADER_RULES = 100;

/**
 * The cache rules as `_headers` patterns that never overlap: Cloudflare Pages and Netlify apply
 * every rule that matches a path and join the values of a header set twice (`/*` and `/_astro/*`
 * gave hashed assets `public, max-age=300, must-revalidate, public, max-age=31536000, immutable`).
 * So the catch-all rule (`/*`) is written once per top-level entry of the site that no other rule
 * names. Without `entries` the rules are written as they are. The root redirects' rules come last,
 * as many as Pages' rule count leaves room for (`budget`); the others are returned as left out.
 */
function cdnCacheRules(
  rules = cacheRules,
  entries?: SiteEntry[],
  budget = Number.POSITIVE_INFINITY,
): { rules: Array<{ pattern: string; value: string }>; leftOut: string[] } {
  if (!entries) return { rules, leftOut: [] };
  const named = new Set(rules.map((r) => r.pattern));
  const folders = new Set(entries.filter((e) => e.folder).map((e) => e.name));
  const own = (e: SiteEntry) => (e.folder ? [`/${e.name}/*`] : [`/${e.name}`]);
  // `/en/` is `/en/*`'s already: a second rule would join its value to the first.
  const redirect = (e: SiteEntry) => [`/${e.name}`, ...(folders.has(e.name) ? [] : [`/${e.name}/`])];
  const patterns = (list: SiteEntry[], of: (e: SiteEntry) => string[]) =>
    [...new Set(list.flatMap(of))].filter((pattern) => !named.has(pattern)).sort();
  const written = rules.flatMap((rule) =>
    rule.pattern === '/*'
      ? patterns(
          entries.filter((e) => !e.redirect),
          own,
        ).map((pattern) => ({ pattern, value: rule.value }))
      : [rule],
  );
  const taken = new Set(written.map((r) => r.pattern));
  const catchAll = rules.find((r) => r.pattern === '/*');
  const roots = catchAll
    ? patterns(
        entries.filter((e) => e.redirect),
        redirect,
      ).filter((pattern) => !taken.has(pattern))
    : [];
  const room = Math.max(0, budget - written.length);
  return {
    rules: [...written, ...roots.slice(0, room).map((pattern) => ({ pattern, value: catchAll!.value }))],
    leftOut: roots.slice(room),
  };
}

/**
 * `_headers` (Cloudflare Pages, Netlify): one `/*` block of security headers (a second `/*` block
 * replaces the first on Pages), then one Cache-Control rule per path (cdnCacheRules).
 */
export function netlifyHeaders(
  headers: Record<string, string>,
  rules = cacheRules,
  entries?: SiteEntry[],
  onLeftOut?: (patterns: string[]) => void,
): string {
  const lines = Object.entries(headers).map(([k, v]) => `  ${checkedHeader(k, v).join(': ')}`);
  const cdn = cdnCacheRules(rules, entries, MAX_HEADER_RULES - (lines.length > 0 ? 1 : 0));
  if (cdn.leftOut.length > 0) onLeftOut?.(cdn.leftOut);
  const cache = cdn.rules.flatMap((rule) => {
    if (!/^\/[A-Za-z0-9/._*~-]*$/.test(rule.pattern)) throw new Error(`Cache rule ${rule.pattern} is not a path.`);
    return [rule.pattern, `  ${checkedHeader('Cache-Control', rule.value).join(': ')}`];
  });
  if (cache.filter((line) => line === '/*').length > 0 && lines.length > 0)
    throw new Error('A cache rule for /* would replace the security headers on Cloudflare Pages.');
  return `${[...(lines.length > 0 ? ['/*', ...lines] : []), ...cache].join('\n')}\n`;
}

/** `security-headers.conf`: one `add_header` per header, each value an nginx string (see nginx-syntax.ts). */
export function nginxHeaders(headers: Record<string, string>): string {
  const lines = [
    '# Generated by the build: include inside the server block and inside every location that adds headers.',
    ...Object.entries(headers).map(([k, v]) => {
      const [name, value] = checkedHeader(k, v);
      return `add_header ${name} ${nginxString(value)} always;`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}
