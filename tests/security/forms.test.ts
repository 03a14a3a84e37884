// Items 9, 10 and 12: media types and cross-site form posts, Idempotency-Key bound to its body,
// and the no-JavaScript correction page rendering hostile answers as text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionFormHtml } from '../../src/features/correction/rules/correction-form.ts';
import { startServer } from '../../src/service/start.ts';
import { json, raw } from './support.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-forms-'));
const dist = path.join(dir, 'site');
let server: Awaited<ReturnType<typeof startServer>>;
// The correction page as built: its form written by the same code as src/pages/[lang]/correction.astro.
const correctionPage = `<!doctype html><html lang="en"><head><title>Request a correction</title></head><body>
${correctionFormHtml({ lang: 'en', action: '/api/corrections' })}</body></html>`;
const correction = {
  page: '/en/home',
  type: 'broken_link',
  description: 'The phone number link is broken.',
  email: '',
  lang: 'en',
};

beforeAll(async () => {
  mkdirSync(path.join(dist, 'en'), { recursive: true });
  writeFileSync(path.join(dist, 'en/correction.html'), correctionPage);
  server = await startServer({
    port: 0,
    site: { distDir: dist, siteUrl: 'https://socialsupports.example.ca', frenchHost: 'soutienssociaux.example.ca' },
    dataDir: path.join(dir, 'data'),
    log: () => undefined,
    limits: { rateLimitPerMinute: 1000 },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const form = (values: Record<string, string>, headers: Record<string, string>) =>
  raw(server.url, '/api/corrections', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(values).toString(),
  });

describe('JSON endpoints take JSON only', () => {
  it('answers 415 to an application sent as text/plain (what a cross-site form can send), and stores nothing', async () => {
    const response = await raw(server.url, '/api/applications', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ lang: 'en' }),
    });
    expect(response.status).toBe(415);
    expect(await server.storage.submissions.list('feedback')).toHaveLength(0);
  });

  it('answers 415 to the other spellings and routes: no type, a JSON look-alike, feedback as text/plain', async () => {
    expect((await raw(server.url, '/api/applications', { method: 'POST', body: '{}' })).status).toBe(415);
    expect(
      (
        await raw(server.url, '/api/applications', {
          method: 'POST',
          headers: { 'content-type': 'text/plain; x=application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await raw(server.url, '/api/feedback', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ page: '/en/home', answer: 'yes', lang: 'en' }),
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await raw(
          server.url,
          '/api/corrections',
          json(correction, { 'content-type': 'application/json; charset=utf-8' }),
        )
      ).status,
    ).toBe(200);
  });
});

describe('plain form posts from another site', () => {
  it('refuses a correction posted from another origin (403) and stores nothing', async () => {
    const before = await server.storage.submissions.count('correction');
    const response = await form(correction, { origin: 'https://evil.example.com' });
    expect(response.status).toBe(403);
    expect(await server.storage.submissions.count('correction')).toBe(before);
  });

  it('checks the Referer when there is no Origin, refuses neither and "null", and accepts this site, SITE_URL and the French host', async () => {
    expect((await form(correction, { referer: 'https://evil.example.com/page' })).status).toBe(403);
    expect((await form(correction, {})).status).toBe(403);
    expect((await form(correction, { origin: 'null' })).status).toBe(403);
    expect((await form(correction, { origin: 'https://socialsupports.example.ca.evil.com' })).status).toBe(403);
    expect((await form(correction, { origin: server.url })).status).toBe(303);
    expect((await form(correction, { origin: 'https://socialsupports.example.ca' })).status).toBe(303);
    expect((await form(correction, { referer: 'https://soutienssociaux.example.ca/fr/correction' })).status).toBe(303);
  });
});

describe('Idempotency-Key', () => {
  it('answers 422 when a key comes back with another body, and the first answer to a true retry', async () => {
    const first = await raw(server.url, '/api/corrections', json(correction, { 'idempotency-key': 'key-1' }));
    expect(first.status).toBe(200);
    const retry = await raw(server.url, '/api/corrections', json(correction, { 'idempotency-key': 'key-1' }));
    expect(retry.text).toBe(first.text);
    const other = await raw(
      server.url,
      '/api/corrections',
      json({ ...correction, description: 'Something else entirely.' }, { 'idempotency-key': 'key-1' }),
    );
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text).error).toBe('idempotency_key_reused');
  });

  it('binds the key on the feedback route too, each route keeping its own keys', async () => {
    const feedback = { page: '/en/home', answer: 'yes', lang: 'en' };
    const first = await raw(server.url, '/api/feedback', json(feedback, { 'idempotency-key': 'key-2' }));
    expect(first.status).toBe(200);
    expect(
      (await raw(server.url, '/api/feedback', json({ ...feedback, answer: 'no' }, { 'idempotency-key': 'key-2' })))
        .status,
    ).toBe(422);
    expect((await raw(server.url, '/api/corrections', json(correction, { 'idempotency-key': 'key-2' }))).status).toBe(
      200,
    );
  });
});

describe('the no-JavaScript correction page', () => {
  it('keeps an email of "$`" as text: the page is not duplicated', async () => {
    const response = await form({ ...correction, description: '', email: '$`' }, { origin: server.url });
    expect(response.status).toBe(400);
    expect(response.text.match(/<title>/g)).toHaveLength(1);
    expect(response.text).toContain('value="$`"');
  });

  it('keeps the other replacement patterns and markup as text, in every field', async () => {
    const response = await form(
      {
        ...correction,
        type: '',
        description: "$' $& $1 </textarea><script>alert(1)</script>",
        email: '"><img src=x onerror=alert(1)>',
        page: "$'",
      },
      { origin: server.url },
    );
    expect(response.status).toBe(400);
    expect(response.text.match(/<title>/g)).toHaveLength(1);
    expect(response.text.match(/<\/html>/g)).toHaveLength(1);
    expect(response.text).not.toContain('<script>alert(1)');
    expect(response.text).not.toContain('<img src=x');
    expect(response.text).toContain('$&#39; $&amp; $1 &lt;/textarea&gt;');
    expect(response.text).toContain('value="$&#39;"');
  });
});
