// Who may read the publishing page: anyone holding the webhook secret or EDITOR_TOKEN, checked
// as editor-auth.ts checks the status detail. A browser gives the token once as ?token=; the
// service then sets an HttpOnly, SameSite=Strict cookie on /hooks for 8 hours, holding the time
// it was issued and an HMAC of that time keyed by the token (never the token itself). The server
// checks the time too, so a copied cookie stops working after 8 hours, not only when the browser
// drops it. Scripts send `Authorization: Bearer <token>`.
import { createHmac } from 'node:crypto';
import { matchesToken, presentedToken } from './editor-auth.ts';

export const PUBLISHING_COOKIE = 'publishing_session';
const SESSION_SECONDS = 8 * 3600;

const sessionOf = (token: string, issued: number) =>
  `${issued}.${createHmac('sha256', token).update(`publishing-page-session:${issued}`).digest('base64url')}`;

function cookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export function createPublishingAccess(tokens: Array<string | undefined>, now: () => number = Date.now) {
  const valid = tokens.filter((t): t is string => Boolean(t && t.length >= 16));
  const seconds = () => Math.floor(now() / 1000);

  /** A session cookie issued by this service within the last 8 hours (a minute of clock skew allowed). */
  function validSession(value: string | undefined): boolean {
    const issued = Number(/^(\d{1,12})\./.exec(value ?? '')?.[1]);
    if (!Number.isFinite(issued)) return false;
    const age = seconds() - issued;
    if (age > SESSION_SECONDS || age < -60) return false;
    return matchesToken(
      value,
      valid.map((token) => sessionOf(token, issued)),
    );
  }

  return {
    /** One of the tokens (webhook secret, EDITOR_TOKEN). */
    isToken: (token: string | undefined | null) => matchesToken(token, valid),
    /** Bearer token or a current session cookie. */
    isPublishingViewer(request: Request): boolean {
      return (
        matchesToken(presentedToken(request.headers), valid) ||
        validSession(cookie(request.headers.get('cookie'), PUBLISHING_COOKIE))
      );
    },
    /** The Set-Cookie header for a valid ?token=, or null. */
    sessionCookie(token: string | undefined | null): string | null {
      if (!matchesToken(token, valid)) return null;
      return `${PUBLISHING_COOKIE}=${sessionOf(token!, seconds())}; Path=/hooks; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}`;
    },
  };
}
