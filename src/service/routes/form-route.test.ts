// A new form is one feature with its form (check, store) and one line in the service's list: the
// service gives it every step of accepting a form (media type, size limit, rate limit, same-site
// check, Idempotency-Key replay, translated refusals) without the feature writing any of them.
// Over real HTTP, on SQLite in a temporary DATA_DIR.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntakeApp } from '../app.ts';
import { createLogger } from '../log/logger.ts';
import type { FeatureRuntime } from '../platform/feature.ts';
import { addressCounts } from '../rate-limit.ts';
import type { Storage } from '../storage/types.ts';
import { openIntakeStorage } from '../intake-storage.ts';

let storage: Storage;
let url: string;
let close: () => void;
const stored: unknown[] = [];

/** A made-up feature: a petition (JSON only, 201, a small body) and a poll (plain form posts too). */
const petition: FeatureRuntime = {
  forms: [
    {
      path: '/api/petitions',
      jsonOnly: true,
      maxBodyBytes: 200,
      status: 201,
      check: async (c, values) =>
        typeof values.name === 'string' ? { value: values.name } : { answer: c.json({ errors: ['name'] }, 422) },
      async store(_c, name, remember) {
        const id = await storage.transaction(async (tx) => {
          if (remember) await remember.claim(tx);
          const added = await tx.submissions.add('petition', { name });
          if (remember) await remember.remember(tx, { id: added });
          return added;
        });
        stored.push(name);
        return { body: { id } };
      },
    },
    {
      path: '/api/polls',
      check: async (_c, values) => ({ value: values }),
      store: async () => ({ body: { ok: true } }),
      done: (c) => c.text('thanks', 200),
    },
  ],
};

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'form-route-'));
  storage = await openIntakeStorage({ dataDir });
  const app = createIntakeApp(
    {
      storage,
      config: { rateLimitPerMinute: 10, maxBodyBytes: 16 * 1024 },
      log: createLogger(() => undefined),
      clientAddress: () => '192.0.2.1',
      counts: addressCounts(storage.rateLimits, Buffer.alloc(32, 7)),
    },
    [petition],
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await storage.close();
});

const post = (route: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe("a new feature's form, given only its check and its store", () => {
  it('gets the refusals of every form: media type, size, key, in the language asked', async () => {
    const formPost = await post('/api/petitions', 'name=x', {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'fr',
    });
    expect(formPost.status).toBe(415);
    expect(await formPost.json()).toMatchObject({ error: 'unsupported_media_type', message: /Rien n’a été/ });
    const large = await post('/api/petitions', JSON.stringify({ name: 'x'.repeat(300) }));
    expect(large.status).toBe(413);
    const badKey = await post('/api/petitions', JSON.stringify({ name: 'Ada', lang: 'fr' }), {
      'idempotency-key': 'not a key',
    });
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toMatchObject({ error: 'idempotency_key_invalid', message: /n’est pas valide/ });
    const notObject = await post('/api/petitions', '[1]');
    expect(notObject.status).toBe(400);
    expect(stored).toEqual([]);
  });

  it('is stored once per Idempotency-Key, its answer replayed with its status, another body refused', async () => {
    const headers = { 'idempotency-key': 'petition-1' };
    const first = await post('/api/petitions', JSON.stringify({ name: 'Grace' }), headers);
    expect(first.status).toBe(201);
    const answer = await first.json();
    const retry = await post('/api/petitions', JSON.stringify({ name: 'Grace' }), headers);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(answer);
    const other = await post('/api/petitions', JSON.stringify({ name: 'Linus' }), headers);
    expect(other.status).toBe(422);
    expect(stored).toEqual(['Grace']);
    expect(await storage.submissions.count('petition')).toBe(1);
  });

  it('variant: a plain form post from another site is refused, from this site answered with its page; then the rate limit', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const foreign = await post('/api/polls', 'answer=yes', { ...form, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const own = await post('/api/polls', 'answer=yes', { ...form, origin: url });
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('thanks');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/polls', '{}')).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
