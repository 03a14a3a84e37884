// The one client of the CMS's Drupal Webform REST endpoints (webform_rest): the POST with its
// Basic auth, a time-out per call, and what an answer means. A 4xx, or a 200 carrying `error`
// (older webform_rest versions answer validation errors so), is a refusal (Refused: retrying would
// not help); anything else that is not a success (5xx, network, time-out) is an error to retry. A
// refusal that only names the webform's unique element means the CMS already has the item (its
// first answer was lost): that counts as delivered.
import { underBase } from '../../config/base-url.ts';
import { Refused } from './outbox.ts';

/** What `submit` answers when the CMS already had the item. */
export const ALREADY_RECEIVED = 'already-received';

export interface WebformClient {
  /** POST /webform_rest/submit; resolves with the CMS's submission id. */
  submit(
    body: Record<string, unknown>,
    options: { uniqueElement?: string | undefined; timeoutMs: number },
  ): Promise<string>;
  /** POST /webform_rest/{webform}/upload/{field} (raw body); resolves with the CMS's file id. */
  upload(
    target: { webformId: string; field: string },
    file: { filename: string; bytes: Uint8Array<ArrayBuffer> },
    timeoutMs: number,
  ): Promise<string>;
}

/** Is a Webform REST refusal only the unique element saying it already has this item? */
function alreadyReceived(body: Record<string, unknown>, uniqueElement: string): boolean {
  const errors = body.error;
  return typeof errors === 'object' && errors !== null && uniqueElement in errors;
}

/** A Content-Disposition-safe file name (ASCII; accents dropped, anything else replaced). */
export function safeFilename(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .trim();
  return ascii.replace(/^\.+/, '') || 'document';
}

export function createWebformClient({ url, auth }: { url: string; auth?: string | undefined }): WebformClient {
  const authHeader: Record<string, string> = auth
    ? { authorization: `Basic ${Buffer.from(auth).toString('base64')}` }
    : {};

  async function post(
    route: string,
    init: { headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer>; timeoutMs: number },
    uniqueElement?: string,
  ): Promise<Record<string, unknown> | typeof ALREADY_RECEIVED> {
    const response = await fetch(underBase(url, route), {
      method: 'POST',
      headers: { ...authHeader, ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const answered = response.status === 400 || response.status === 422 || response.ok;
    if (uniqueElement && answered && alreadyReceived(body, uniqueElement)) return ALREADY_RECEIVED;
    if ((response.status >= 400 && response.status < 500) || (response.ok && body.error))
      throw new Refused(`HTTP ${response.status}`, String(body.message ?? 'refused'));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return body;
  }

  return {
    async submit(body, { uniqueElement, timeoutMs }) {
      const answer = await post(
        '/webform_rest/submit?_format=json',
        { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), timeoutMs },
        uniqueElement,
      );
      if (answer === ALREADY_RECEIVED) return answer;
      if (!answer.sid) throw new Error('no sid in the CMS answer');
      return String(answer.sid);
    },
    async upload({ webformId, field }, file, timeoutMs) {
      const answer = await post(`/webform_rest/${webformId}/upload/${field}?_format=json`, {
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `file; filename="${safeFilename(file.filename)}"`,
        },
        body: file.bytes,
        timeoutMs,
      });
      const fid =
        answer === ALREADY_RECEIVED ? undefined : (answer.fid as Array<{ value?: unknown }> | undefined)?.[0]?.value;
      if (fid === undefined || fid === null) throw new Error('no fid in the CMS answer');
      return String(fid);
    },
  };
}
