// Drupal Webform REST endpoints, so the intake service's forwarding runs end to end:
// POST /webform_rest/submit, POST /webform_rest/{id}/upload/{field}, and GET /webform_rest/_received
// (test inspection only).
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

export interface WebformState {
  dir: string | undefined;
  submissions: Array<Record<string, unknown> & { sid: string }>;
  files: Array<{ fid: number; webformId: string; field: string; filename: string; size: number }>;
}

const WEBFORMS = new Set(['feedback', 'correction_request', 'chb_registration']);
// Each webform's "unique" element (Webform's #unique): the intake service's stable key per item.
const UNIQUE: Record<string, { element: string; title: string }> = {
  feedback: { element: 'submission_key', title: 'Submission key' },
  correction_request: { element: 'submission_key', title: 'Submission key' },
  chb_registration: { element: 'application_number', title: 'Application number' },
};

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage, max = 20 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function handleWebform(req: IncomingMessage, res: ServerResponse, url: URL, state: WebformState) {
  const parts = url.pathname.split('/').filter(Boolean);
  if (req.method === 'GET' && parts[1] === '_received')
    return json(res, 200, { submissions: state.submissions, files: state.files });
  if (req.method === 'POST' && parts[1] === 'submit') {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return json(res, 400, { message: 'Invalid JSON.', error: {} });
    }
    const id = body.webform_id;
    if (typeof id !== 'string' || !WEBFORMS.has(id))
      return json(res, 400, { message: 'Unknown or missing webform_id.', error: { webform_id: 'Unknown webform.' } });
    // A second submission with the same unique value is refused the way webform_rest answers a
    // validation error (400, message and errors keyed by element) with Webform's unique message.
    const unique = UNIQUE[id]!;
    const value = body[unique.element];
    if (
      value !== undefined &&
      value !== '' &&
      state.submissions.some((s) => s.webform_id === id && s[unique.element] === value)
    ) {
      return json(res, 400, {
        message: 'Submitted Data contains validation errors.',
        error: {
          [unique.element]: `The value ${String(value)} has already been submitted once for the ${unique.title} element. You may have already submitted this webform, or you need to use a different value.`,
        },
      });
    }
    const sid = randomUUID();
    state.submissions.push({ ...body, sid });
    if (state.dir) {
      mkdirSync(state.dir, { recursive: true });
      appendFileSync(path.join(state.dir, 'submissions.jsonl'), `${JSON.stringify({ ...body, sid })}\n`);
    }
    return json(res, 200, { sid });
  }
  if (req.method === 'POST' && parts.length === 4 && parts[2] === 'upload') {
    const [, webformId, , field] = parts as [string, string, string, string];
    if (!WEBFORMS.has(webformId)) return json(res, 400, { message: 'Unknown webform.', error: {} });
    const filename = /filename="([^"]+)"/.exec(req.headers['content-disposition'] ?? '')?.[1];
    if (!filename) return json(res, 400, { message: 'Missing Content-Disposition filename.', error: {} });
    const body = await readBody(req);
    const fid = state.files.length + 1;
    state.files.push({ fid, webformId, field, filename, size: body.length });
    if (state.dir) {
      mkdirSync(path.join(state.dir, 'files'), { recursive: true });
      writeFileSync(path.join(state.dir, 'files', `${fid}-${path.basename(filename)}`), body);
    }
    return json(res, 201, {
      fid: [{ value: fid }],
      uuid: [{ value: randomUUID() }],
      filename: [{ value: filename }],
      filesize: [{ value: body.length }],
      uri: [{ value: `private://webform/${webformId}/${fid}/${filename}` }],
    });
  }
  return json(res, 404, { message: 'Not found.' });
}
