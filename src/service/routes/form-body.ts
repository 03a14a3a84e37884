// The body of a form route: JSON (the islands, the enhance scripts) or a plain form post (no
// JavaScript); anything else is 415.
import type { Context } from 'hono';
import { mediaType } from '../form-origin.ts';
import { deeperThan, MAX_JSON_DEPTH } from '../json-body.ts';

export type FormBody = { form: boolean; values: Record<string, unknown> };

export async function readFormBody(c: Context): Promise<FormBody | 'bad' | 'unsupported'> {
  const type = mediaType(c.req.header('content-type'));
  try {
    if (type === 'application/json') {
      const values: unknown = await c.req.json();
      return deeperThan(values, MAX_JSON_DEPTH) ? 'bad' : { form: false, values: values as Record<string, unknown> };
    }
    if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
      const body = await c.req.parseBody();
      return {
        form: true,
        values: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : ''])),
      };
    }
  } catch {
    return 'bad';
  }
  return 'unsupported';
}
