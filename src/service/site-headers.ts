// The site's security headers (CSP with the build's script hashes, frame-ancestors, nosniff, HSTS,
// referrer and permissions policies), as the build wrote them to `<site>-deploy/headers.json`,
// for every answer that carries a page: static files, the no-JavaScript form's answer page, the
// error pages, the draft preview. Without that file (a site not built by scripts/build.ts), a
// strict baseline that still forbids framing, sniffing and scripts from elsewhere.
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { DEPLOY_FILES, readJsonFile } from '../release/deploy-files.ts';

export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
};

/**
 * Reads the headers of the site folder it is given, once per folder (a release switch reads anew);
 * `fallback` when the build wrote none.
 */
export function siteHeadersReader(fallback: Readonly<Record<string, string>> = BASELINE_HEADERS) {
  let cached: { root: string; value: Record<string, string> } | undefined;
  return async (siteDir: string): Promise<Record<string, string>> => {
    // The real folder: `releases/current/site` names another release after each switch.
    const real = await realpath(siteDir).catch(() => siteDir);
    if (cached?.root !== real) {
      const parsed = await readJsonFile<{ headers?: Record<string, string> }>(
        path.join(`${real}-deploy`, DEPLOY_FILES.headers.name),
      );
      const headers = parsed?.headers && Object.keys(parsed.headers).length ? parsed.headers : fallback;
      cached = { root: real, value: { ...headers } };
    }
    return cached.value;
  };
}

/**
 * The headers with one CSP directive's sources replaced by `edit(sources)` (`undefined` when the
 * directive is absent: it is then added); the headers as they are without a CSP.
 */
function editDirective(
  headers: Record<string, string>,
  directive: string,
  edit: (sources: string[] | undefined) => string[],
): Record<string, string> {
  const name = Object.keys(headers).find((k) => k.toLowerCase() === 'content-security-policy');
  if (!name) return headers;
  const parts = headers[name]!.split(';').map((p) => p.trim());
  const at = parts.findIndex((p) => p.split(/\s+/)[0] === directive);
  const value = [directive, ...edit(at >= 0 ? parts[at]!.split(/\s+/).slice(1) : undefined)].join(' ');
  if (at >= 0) parts[at] = value;
  else parts.push(value);
  return { ...headers, [name]: parts.join('; ') };
}

/** The CSP with `origin` added to one directive (the preview shows draft images from the CMS). */
export function allowInDirective(headers: Record<string, string>, directive: string, origin: string) {
  return editDirective(headers, directive, (sources) => [...(sources ?? ["'self'"]), origin]);
}

/** The CSP with script-src allowing exactly `hashes` besides its sources (a page rendered on demand). */
export function withScriptHashes(headers: Record<string, string>, hashes: string[]) {
  return editDirective(headers, 'script-src', (sources) => [
    ...(sources ?? ["'self'"]).filter((v) => !v.startsWith("'sha256-")),
    ...new Set(hashes),
  ]);
}
