// Issue 43 item 2, the preview side: an editor's draft that expands without end, a renderer that
// runs out of its heap and a CMS answer without end. The service runs as `npm run serve` does, in
// its own process (a process that ends cannot hide behind the test's), with the real preview build
// and the local CMS; after each attack the draft preview answers with a translated page, and the
// feedback form and /api/health still answer.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../scripts/local-cms/server.ts';
import { json, raw } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const token = 'hostile-drafts-preview-token';
const auth = { user: 'editor', password: 'pw' };
const basic = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
const program = '7503dceb-8af7-4c30-86b5-fc9c32bc83fb'; // home-support-services
const other = '425aa40d-ce34-4b30-8aa1-fbdcefc8d406'; // disability-support-program
let work = '';
let previewDir = '';
const services: ChildProcess[] = [];
const cmses: Array<Awaited<ReturnType<typeof startLocalCms>>> = [];

/** The service as `npm run serve` starts it, with a small heap of its own; its URL once it listens. */
async function serve(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const dataDir = await mkdtemp(path.join(work, 'data-'));
  const child = spawn(process.execPath, ['--max-old-space-size=512', 'scripts/serve.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(work, 'site'),
      PREVIEW_TOKEN: token,
      CMS_USER: auth.user,
      CMS_PASSWORD: auth.password,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  services.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Site and intake service on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the service ended (${code}) before listening:\n${output}`)));
  });
  return { url, child, output: () => output };
}

/** An editor's save of a program's relationships: a draft, or (published) a new public version. */
async function save(cmsUrl: string, lang: 'en' | 'fr', id: string, relationships: unknown, draft = true) {
  const response = await fetch(`${cmsUrl}${lang === 'fr' ? 'fr/' : ''}jsonapi/node/program/${id}`, {
    method: 'PATCH',
    headers: { authorization: basic, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: { type: 'node--program', id, attributes: draft ? { moderation_state: 'draft' } : {}, relationships },
    }),
  });
  expect(response.status).toBe(200);
}

/** The service still takes a form and says it is healthy. */
async function stillAnswers(url: string, child: ChildProcess) {
  expect(child.exitCode, 'the service process ended').toBeNull();
  const health = await raw(url, '/api/health');
  expect(health.status).toBe(200);
  const feedback = await raw(url, '/api/feedback', {
    ...json({ page: '/en/home', answer: 'yes', lang: 'en' }, { origin: url }),
  });
  expect(feedback.status, feedback.text).toBe(200);
}

const selfRepeated = (id: string, times: number) => ({
  field_related_programs: { data: Array.from({ length: times }, () => ({ type: 'node--program', id })) },
});

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'hostile-drafts-'));
  mkdirSync(path.join(work, 'site'));
  writeFileSync(path.join(work, 'site', '404.html'), '<!doctype html><title>Not found</title>');
  // Inside the project: the preview's server entry imports its packages from node_modules.
  mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  previewDir = await mkdtemp(path.join(root, 'node_modules/.cache/hostile-drafts-preview-'));
  await promisify(execFile)(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', '--config', 'astro.preview.config.mjs'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', PREVIEW_OUT_DIR: previewDir },
    },
  );
}, 180_000);

afterAll(async () => {
  for (const child of services) child.kill('SIGKILL');
  for (const cms of cmses) await cms.close();
  await rm(work, { recursive: true, force: true });
  if (previewDir) await rm(previewDir, { recursive: true, force: true });
});

describe('a hostile draft in the preview', () => {
  it('a program whose related programs repeat itself 150 times: the preview answers, the service keeps taking forms', async () => {
    const cms = await startLocalCms({ port: 0, auth, log: () => undefined });
    cmses.push(cms);
    await save(cms.url, 'en', program, selfRepeated(program, 150));
    const { url, child } = await serve({ CMS_URL: cms.url, PREVIEW_DIR: previewDir });
    const preview = await raw(url, `/preview/en/program/${program}?token=${token}`).catch((error: Error) => ({
      status: 0,
      text: error.message,
    }));
    expect(preview.status, preview.text).toBe(200);
    expect(preview.text).toContain('Preview of the latest draft');
    await stillAnswers(url, child);
  }, 120_000);

  it('variant: 40 programs each related to all 40, in French: refused in French, naming the field; the service keeps taking forms', async () => {
    const cms = await startLocalCms({ port: 0, auth, log: () => undefined });
    cmses.push(cms);
    const ids = (
      (await (await fetch(`${cms.url}jsonapi/node/program?page[limit]=40`)).json()) as {
        data: Array<{ id: string }>;
      }
    ).data.map((r) => r.id);
    expect(ids.length).toBe(40);
    const all = { field_related_programs: { data: ids.map((id) => ({ type: 'node--program', id })) } };
    // The draft includes every one of them (field_program_categories is an include): 40 × 40 × 40.
    await save(cms.url, 'fr', other, {
      field_program_categories: { data: ids.map((id) => ({ type: 'node--program', id })) },
      ...all,
    });
    for (const id of ids) if (id !== other) await save(cms.url, 'fr', id, all, false);
    const { url, child } = await serve({ CMS_URL: cms.url, PREVIEW_DIR: previewDir });
    const preview = await raw(url, `/preview/fr/program/${other}?token=${token}`).catch((error: Error) => ({
      status: 0,
      text: error.message,
    }));
    expect(preview.status, preview.text).toBe(422);
    // Named by the label editors know, the reason in French, no validator's English.
    expect(preview.text).toMatch(
      /^Cette ébauche ne peut pas être affichée\s:\nCatégories\s: il contient trop d’éléments liés/,
    );
    expect(preview.text).not.toMatch(/field_|\bholds\b|\bCMS\b/);
    await stillAnswers(url, child);
  }, 120_000);

  it('a renderer that runs out of its heap: a French error page, the service keeps taking forms, the next preview renders', async () => {
    // A preview build whose page for "hog" takes memory without end: only the renderer's heap stops it.
    const fake = path.join(work, 'fake-preview');
    mkdirSync(path.join(fake, 'server'), { recursive: true });
    mkdirSync(path.join(fake, 'client'), { recursive: true });
    writeFileSync(
      path.join(fake, 'server/entry.mjs'),
      `export const handler = async (req, res) => {
        if (req.url.includes('/hog')) { const kept = []; for (;;) kept.push(new Array(1e6).fill(req.url)); }
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end('<!doctype html><title>Draft</title><p>Rendered</p>');
      };`,
    );
    const { url, child } = await serve({ CMS_URL: 'http://127.0.0.1:9/', PREVIEW_DIR: fake, PREVIEW_MEMORY_MB: '64' });
    const hog = await raw(url, `/preview/fr/program/hog?token=${token}`);
    expect(hog.status).toBe(503);
    expect(hog.headers['content-type']).toContain('text/plain');
    expect(hog.headers['cache-control']).toBe('no-store');
    expect(hog.text).toMatch(/^Cette ébauche n’a pas pu être affichée/);
    await stillAnswers(url, child);
    const english = await raw(url, `/preview/en/program/hog?token=${token}`);
    expect(english.text).toMatch(/^This draft could not be previewed/);
    const next = await raw(url, `/preview/en/program/fine?token=${token}`);
    expect(next.status).toBe(200);
    expect(next.text).toContain('Rendered');
  }, 120_000);

  it('variant: a CMS whose answer never ends is refused at CMS_MAX_RESPONSE_MB, in the language of the page', async () => {
    const cms = await startLocalCms({
      port: 0,
      auth,
      log: () => undefined,
      faults: `huge=/jsonapi/node/program/${program}`,
    });
    cmses.push(cms);
    const { url, child } = await serve({ CMS_URL: cms.url, PREVIEW_DIR: previewDir, CMS_MAX_RESPONSE_MB: '1' });
    const preview = await raw(url, `/preview/en/program/${program}?token=${token}`);
    expect(preview.status).toBe(502);
    expect(preview.text).toMatch(/^This draft cannot be shown:\n.*more than 1048576 bytes.*CMS_MAX_RESPONSE_MB/);
    await stillAnswers(url, child);
  }, 120_000);
});
