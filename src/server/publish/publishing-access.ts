// Who may read the publishing page (and, with #15's editor-auth.ts, the detailed status): anyone
// holding the webhook secret or EDITOR_TOKEN. A browser gives the token once as ?token=; the
// service then sets an HttpOnly, SameSite=Strict cookie on /hooks holding an HMAC of the token
// (never the token itself). Scripts send `Authorization: Bearer <token>`.
// NOTE for the merge: helper #15 writes src/server/publish/editor-auth.ts (`isEditor`) for the
// same credential; this module is this branch's minimal version, to be unified with it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PUBLISHING_COOKIE = 'publishing_session';

const sessionOf = (token: string) => createHmac('sha256', token).update('publishing-page-session').digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function createPublishingAccess(tokens: Array<string | undefined>) {
  const valid = tokens.filter((t): t is string => Boolean(t && t.length >= 16));
  const matches = (candidate: string | undefined | null) => Boolean(candidate) && valid.some((t) => same(t, candidate!));
  return {
    /** Bearer token or session cookie. */
    isPublishingViewer(request: Request): boolean {
      const auth = request.headers.get('authorization') ?? '';
      if (auth.startsWith('Bearer ') && matches(auth.slice(7).trim())) return true;
      const session = cookie(request.headers.get('cookie'), PUBLISHING_COOKIE);
      return Boolean(session) && valid.some((t) => same(sessionOf(t), session!));
    },
    /** The Set-Cookie header for a valid ?token=, or null. */
    sessionCookie(token: string | undefined | null): string | null {
      if (!matches(token)) return null;
      return `${PUBLISHING_COOKIE}=${sessionOf(token!)}; Path=/hooks; HttpOnly; SameSite=Strict; Max-Age=${8 * 3600}`;
    },
  };
}
