// Security headers for the static site, computed once per build from what the pages actually
// contain (hashes of inline scripts) and what they talk to (chat frames, tiles, intake).
import { createHash } from 'node:crypto';

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
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    if (/\ssrc\s*=/.test(attrs)) continue;
    const type = /\stype\s*=\s*"?([^"\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type)) continue;
    hashes.push(scriptHash(match[2] ?? ''));
  }
  return hashes;
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
    'connect-src': unique(["'self'", origin(inputs.intakeUrl), origin(inputs.analyticsUrl)]),
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

/** Cache rules: hashed build assets forever, HTML and the search entry points briefly. */
export const cacheRules: Array<{ pattern: string; value: string }> = [
  { pattern: '/_astro/*', value: 'public, max-age=31536000, immutable' },
  { pattern: '/pagefind/*', value: 'public, max-age=300' },
  // Names the index folders of the live release: never served stale (a folder it named may be gone).
  { pattern: '/search-index.json', value: 'no-cache' },
  { pattern: '/*', value: 'public, max-age=300, must-revalidate' },
];

export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return cacheRules[0]!.value;
  if (pathname.startsWith('/pagefind/')) return cacheRules[1]!.value;
  if (pathname === '/search-index.json') return cacheRules[2]!.value;
  return cacheRules[3]!.value;
}
