// Who may read the publishing page: anyone holding the webhook secret or EDITOR_TOKEN, checked
// as editor-auth.ts checks the status detail. A browser gives the token once as ?token=; the
// service then sets an HttpOnly, SameSite=Strict cookie on /hooks holding an HMAC of the token
// (never the token itself). Scripts send `Authorization: Bearer <token>`.
import { createHmac } from 'node:crypto';
import { matchesToken, presentedToken } from './editor-auth.ts';

export const PUBLISHING_COOKIE = 'publishing_session';

const sessionOf = (token: string) => createHmac('sha256', token).update('publishing-page-session').digest('base64url');

function cookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function createPublishingAccess(tokens: Array<string | undefined>) {
  const valid = tokens.filter((t): t is string => Boolean(t && t.length >= 16));
  const sessions = valid.map(sessionOf);
  return {
    /** Bearer token or session cookie. */
    isPublishingViewer(request: Request): boolean {
      return (
        matchesToken(presentedToken(request.headers), valid) ||
        matchesToken(cookie(request.headers.get('cookie'), PUBLISHING_COOKIE), sessions)
      );
    },
    /** The Set-Cookie header for a valid ?token=, or null. */
    sessionCookie(token: string | undefined | null): string | null {
      if (!matchesToken(token, valid)) return null;
      return `${PUBLISHING_COOKIE}=${sessionOf(token!)}; Path=/hooks; HttpOnly; SameSite=Strict; Max-Age=${8 * 3600}`;
    },
  };
}
