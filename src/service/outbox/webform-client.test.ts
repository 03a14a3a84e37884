// The Webform client against a real HTTP server: its auth, its time-out, and what each answer means.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Refused } from './outbox.ts';
import { ALREADY_RECEIVED, createWebformClient, safeFilename } from './webform-client.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function cms(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('latin1')));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(
    () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, seen };
}
const reply = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('webform client', () => {
  it('posts JSON with Basic auth and answers the submission id', async () => {
    const { url, seen } = await cms(reply(200, { sid: 42 }));
    const client = createWebformClient({ url, auth: 'intake:secret' });
    expect(await client.submit({ webform_id: 'feedback', comment: 'hi' }, { timeoutMs: 5000 })).toBe('42');
    expect(seen[0]).toMatchObject({
      url: '/webform_rest/submit?_format=json',
      body: '{"webform_id":"feedback","comment":"hi"}',
    });
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('intake:secret').toString('base64')}`);
  });

  it('uploads a file under a safe name and answers its file id', async () => {
    const { url, seen } = await cms(reply(201, { fid: [{ value: 9 }] }));
    const fid = await createWebformClient({ url }).upload(
      { webformId: 'chb_registration', field: 'rental_documents' },
      { filename: 'bail signé"\r\n.pdf', bytes: new Uint8Array([1, 2, 3]) },
      5000,
    );
    expect(fid).toBe('9');
    expect(seen[0]!.url).toBe('/webform_rest/chb_registration/upload/rental_documents?_format=json');
    expect(seen[0]!.headers['content-disposition']).toBe('file; filename="bail signe___.pdf"');
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(safeFilename('...')).toBe('document');
  });

  it('a refusal naming only the unique element means the CMS already has the item', async () => {
    const { url } = await cms(reply(400, { message: 'dup', error: { submission_key: 'already submitted' } }));
    const client = createWebformClient({ url });
    expect(await client.submit({}, { uniqueElement: 'submission_key', timeoutMs: 5000 })).toBe(ALREADY_RECEIVED);
    // Without a unique element it is a plain refusal.
    await expect(client.submit({}, { timeoutMs: 5000 })).rejects.toBeInstanceOf(Refused);
  });

  it('4xx and a 200 carrying an error are refusals; 5xx, no sid and a time-out are errors to retry', async () => {
    const refusal = await createWebformClient({ url: (await cms(reply(422, { message: 'Unknown field' }))).url })
      .submit({}, { timeoutMs: 5000 })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Refused);
    expect(refusal).toMatchObject({ message: 'HTTP 422', detail: 'Unknown field' });
    const old = createWebformClient({ url: (await cms(reply(200, { error: { x: 'bad' } }))).url });
    await expect(old.submit({}, { timeoutMs: 5000 })).rejects.toMatchObject({ message: 'HTTP 200', detail: 'refused' });
    const down = createWebformClient({ url: (await cms(reply(503, {}))).url });
    const error = await down.submit({}, { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(Refused);
    expect(error).toMatchObject({ message: 'HTTP 503' });
    const empty = createWebformClient({ url: (await cms(reply(200, {}))).url });
    await expect(empty.submit({}, { timeoutMs: 5000 })).rejects.toThrow('no sid in the CMS answer');
    const slow = createWebformClient({ url: (await cms(() => undefined)).url });
    const late = await slow.submit({}, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(late).not.toBeInstanceOf(Refused);
    expect((late as Error).name).toBe('TimeoutError');
  });
});
