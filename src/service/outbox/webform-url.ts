// Applications carry SINs to the CMS: WEBFORM_URL must be HTTPS, except on this machine itself
// (loopback: the local CMS in development and tests), where nothing crosses a network. It is a
// base: no query, fragment or credentials (Basic auth has WEBFORM_USER and WEBFORM_PASSWORD).
import { isIP } from 'node:net';
import { baseUrlProblem } from '../../config/base-url.ts';

const isLoopback = (host: string) => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1' || h === '0:0:0:0:0:0:0:1';
};

/** Why WEBFORM_URL is refused, or undefined when it is fine. */
export function webformUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'WEBFORM_URL is not a URL';
  }
  const problem = baseUrlProblem(value);
  if (problem) return `WEBFORM_URL ${problem}`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  return `WEBFORM_URL must use https:// (it carries social insurance numbers); plain http:// is allowed only for a loopback address, not ${url.host}`;
}
