// The proof that a request on an upload comes from the browser that created it: the answer to
// the creation (POST) carries `Upload-Token`, an HMAC of the upload's id, and every HEAD, PATCH
// and DELETE must send it back. The id alone (in the upload's URL, an application's body, a
// proxy's access log) neither reads the upload's file name nor writes nor deletes it. Derived from
// the encryption key, so every node on the same key checks any node's tokens, and nothing is stored.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const UPLOAD_TOKEN_HEADER = 'upload-token';

export function uploadTokens(secret: Buffer) {
  // Its own key: a token never reveals anything of the key that seals SINs.
  const key = createHmac('sha256', secret).update('upload-token/v1').digest();
  const tokenOf = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  return {
    tokenOf,
    /** Does `presented` prove the creation of upload `id`? */
    proves: (id: string, presented: string | null): boolean => {
      if (!id || !presented) return false;
      const expected = Buffer.from(tokenOf(id));
      const given = Buffer.from(presented);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
