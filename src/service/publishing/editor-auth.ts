// Who may see editors' detail (build output, the publishing page): a caller presenting the
// webhook secret or EDITOR_TOKEN as `Authorization: Bearer <token>`. Compared in constant time
// (SHA-256 digests of equal length), so the answer time says nothing about the token.
import { createHash, timingSafeEqual } from 'node:crypto';

export interface EditorCredentials {
  secret?: string | undefined;
  editorToken?: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The token a request presents: the Bearer header, else (for a plain HTML form or link) `?token=` / a given value. */
export function presentedToken(source: Request | Headers | string | null | undefined): string | undefined {
  if (source === null || source === undefined) return undefined;
  if (typeof source === 'string') return source || undefined;
  const headers = source instanceof Headers ? source : source.headers;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  if (bearer) return bearer;
  return source instanceof Request ? (new URL(source.url).searchParams.get('token') ?? undefined) : undefined;
}

/** True when `token` equals one of `expected` (unset ones skipped), in constant time. */
export function matchesToken(token: string | null | undefined, expected: Array<string | undefined>): boolean {
  if (!token) return false;
  const given = digest(token);
  let match = false;
  // Every configured value is compared, so timing does not tell which one matched.
  for (const value of expected) if (value && timingSafeEqual(given, digest(value))) match = true;
  return match;
}

/** True when the request (or the token given) carries the webhook secret or the editor token. */
export function isEditor(
  source: Request | Headers | string | null | undefined,
  credentials: EditorCredentials,
): boolean {
  return matchesToken(presentedToken(source), [credentials.secret, credentials.editorToken]);
}
