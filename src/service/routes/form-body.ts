// The body of a form route: JSON (the islands, the enhance scripts) or, unless the form is JSON
// only, a plain form post (no JavaScript); anything else is 415, a body that is not an object of
// answers a translated 400.
import type { Context } from 'hono';
import { apiError } from '../api-errors.ts';
import { mediaType } from '../form-origin.ts';
import { badRequest, readJson } from '../json-body.ts';

export type FormBody = { form: boolean; values: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readFormBody(
  c: Context,
  options: { jsonOnly: boolean },
): Promise<FormBody | { refused: Response }> {
  const type = mediaType(c.req.header('content-type'));
  if (type === 'application/json') {
    const read = await readJson(c);
    if ('refused' in read) return read;
    return isRecord(read.value) ? { form: false, values: read.value } : { refused: badRequest(c) };
  }
  const formPost = type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
  if (!formPost || options.jsonOnly) return { refused: apiError(c, 415, 'unsupported_media_type') };
  try {
    const body = await c.req.parseBody();
    return {
      form: true,
      values: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : ''])),
    };
  } catch {
    return { refused: badRequest(c) };
  }
}
