// The HTTP answers of /api/uploads: the upload's language, the JSON error bodies (English or
// French message), the quota refusals (429/507) and the JSON body tus's own 413/415/507 get.
import { Metadata } from '@tus/server';
import { isLang, type Lang } from '../../../i18n/languages.ts';
import type { UploadErrorCode } from '../rules/upload-rules.ts';
import { uploadMessage, type UploadMessage } from '../messages.ts';
import type { QuotaVerdict } from './upload-quota.ts';

type RefusalCode = UploadErrorCode | 'bad_metadata';

/** A request refused before tus sees it, with its status and error code. */
export class UploadRefused extends Error {
  readonly status: number;
  readonly code: RefusalCode;
  constructor(status: number, code: RefusalCode) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

/** The upload's language: its `lang` metadata, else Accept-Language, else English. */
export const requestLang = (request: Request): Lang => {
  try {
    const meta = Metadata.parse(request.headers.get('upload-metadata') ?? undefined) as
      Record<string, string | null> | undefined;
    if (meta && isLang(meta.lang)) return meta.lang;
  } catch {
    // malformed metadata: tus refuses it itself
  }
  return /^fr\b/i.test(request.headers.get('accept-language') ?? '') ? 'fr' : 'en';
};

export const errorBody = (lang: Lang, code: RefusalCode | UploadMessage, error: string = code) =>
  JSON.stringify({ error, message: uploadMessage(lang, code) });

/** tus's own refusals (plain English text) by status: a gone upload, else a refused request. */
const tusRefusal = (status: number): UploadMessage => (status === 404 || status === 410 ? 'not_found' : 'refused');

export const refusal = (lang: Lang, verdict: Exclude<QuotaVerdict, 'ok'>, error: string = verdict) =>
  new Response(errorBody(lang, verdict, error), {
    status: verdict === 'client_quota' ? 429 : 507,
    headers: { 'Tus-Resumable': '1.0.0', 'content-type': 'application/json; charset=utf-8' },
  });

/** An upload that does not exist, has expired, or whose token was not shown: one answer for the three. */
export const unknownUpload = (lang: Lang) =>
  new Response(errorBody(lang, 'not_found'), {
    status: 404,
    headers: { 'Tus-Resumable': '1.0.0', 'content-type': 'application/json; charset=utf-8' },
  });

/** The answer to a request refused before tus (the first bytes are of no accepted type). */
export const refusedAnswer = (lang: Lang, refused: UploadRefused) =>
  new Response(errorBody(lang, refused.code), { status: refused.status, headers: { 'Tus-Resumable': '1.0.0' } });

/** The upload id of a PATCH/HEAD/DELETE URL, only when well formed (never `..%2F..`). */
export const idOf = (request: Request) => {
  const last = new URL(request.url).pathname.split('/').pop() ?? '';
  return /^[A-Za-z0-9_-]+$/.test(last) ? last : '';
};

/** tus's answer, with a JSON content type on 507, the spec's JSON message on 413 and 415, ours on other refusals. */
export async function jsonErrorAnswer(response: Response, lang: Lang): Promise<Response> {
  if (response.status === 507) {
    const headers = new Headers(response.headers);
    headers.set('content-type', 'application/json; charset=utf-8');
    return new Response(response.body, { status: 507, headers });
  }
  if (response.status < 400) return response;
  // The browser maps 413 and 415 to the spec's messages; say the same in the body. Every other
  // refusal of tus (its text is English) gets a JSON body in the upload's language too.
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  const text = response.status === 413 ? errorBody(lang, 'too_large') : await response.text();
  const own = response.status === 415 ? errorBody(lang, 'wrong_type') : errorBody(lang, tusRefusal(response.status));
  return new Response(text.startsWith('{') ? text : own, {
    status: response.status,
    headers,
  });
}
