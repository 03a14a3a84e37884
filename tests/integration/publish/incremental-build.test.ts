// The incremental build: a second build after one edited node reuses the unchanged content pages
// from Astro's cache and renders again exactly the pages that show the edit (the program itself,
// the category listing page that lists it, programs that link to it as related).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const auth = { user: 'editor', password: 'incremental' };
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let work = '';
const outputs: Array<{ dir: string; stdout: string }> = [];
const title = `Home Support Services (edited ${Date.now()})`;

// The local CMS runs in this process, so the build runs asynchronously beside it.
async function build(name: string, cache = 'cache') {
  const dir = path.join(work, name);
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/build.ts'], {
    cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', CMS_URL: cms.url, OUT_DIR: dir, ASTRO_CACHE_DIR: path.join(work, cache) },
  });
  return { dir, stdout };
}

async function htmlContaining(dir: string, text: string) {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html'));
  const hits = [];
  for (const f of files) if ((await readFile(path.join(dir, f), 'utf8')).includes(text)) hits.push(f);
  return hits.sort();
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'incremental-'));
  cms = await startLocalCms({ port: 0, auth, log: () => undefined });
  outputs.push(await build('first'));
  const list = (await (await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/home-support-services`)).json()) as { data: Array<{ id: string }> };
  const id = list.data[0]!.id;
  const patch = await fetch(`${cms.url}jsonapi/node/program/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/vnd.api+json', authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}` },
    body: JSON.stringify({ data: { type: 'node--program', id, attributes: { title } } }),
  });
  expect(patch.status).toBe(200);
  outputs.push(await build('second'));
}, 300_000);

afterAll(async () => {
  await cms?.close();
});

describe('incremental build after one edit', () => {
  it('reuses most content pages and says how many', () => {
    const first = /(\d+) of (\d+) content pages reused/.exec(outputs[0]!.stdout);
    const second = /(\d+) of (\d+) content pages reused/.exec(outputs[1]!.stdout);
    expect(first, outputs[0]!.stdout).not.toBeNull();
    expect(Number(first![1])).toBe(0);
    expect(second, outputs[1]!.stdout).not.toBeNull();
    const [reused, keyed] = [Number(second![1]), Number(second![2])];
    expect(keyed).toBeGreaterThan(20);
    expect(reused).toBeGreaterThan(keyed / 2);
    expect(reused).toBeLessThan(keyed);
  });

  it('shows the edit on every page that lists or links the program, as a cold build would', async () => {
    const second = outputs[1]!.dir;
    const pages = await htmlContaining(second, title);
    expect(pages).toContain('en/program/home-support-services/index.html');
    expect(pages.some((p) => p.startsWith('en/category/')), pages.join(', ')).toBe(true);
    // A cold build of the same content, in a fresh cache, puts the title on the same pages.
    const { dir: cold } = await build('cold', 'cold-cache');
    expect(pages).toEqual(await htmlContaining(cold, title));
    // And no page still shows the old title where the cold build shows the new one.
    const stale = await htmlContaining(second, '>Home Support Services<');
    expect(stale).toEqual(await htmlContaining(cold, '>Home Support Services<'));
  }, 300_000);
});
