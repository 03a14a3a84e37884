// The incremental build: a second build after an edit, a new program, a renamed one and a deleted
// one reuses the unchanged content pages from Astro's cache and renders again exactly the pages
// that show a change. Built as the publisher builds, from the first build's release (its files
// linked, only the changes written: --previous-release), its files are those of a cold build,
// byte for byte (pages, redirect stubs, compressed copies, headers, search index), and the first
// release is left as it was.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { fileHashes } from './release-checks.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const auth = { user: 'editor', password: 'incremental' };
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let work = '';
const outputs: Array<{ dir: string; stdout: string }> = [];
const title = `Home Support Services (edited ${Date.now()})`;
const created = { alias: '/program/incremental-created-program', title: `Created program ${Date.now()}` };
const renamed = { from: '/program/tele-care-811', to: '/program/tele-care-811-renamed' };
const deleted = '/program/food-banks';
let firstDir = '';

// The local CMS runs in this process, so the build runs asynchronously beside it.
async function build(name: string, cache = 'cache', previous = '') {
  const dir = path.join(work, name);
  const args = ['scripts/build.ts', ...(previous ? ['--previous-release', previous] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CMS_URL: cms.url,
      OUT_DIR: dir,
      ASTRO_CACHE_DIR: path.join(work, cache),
    },
  });
  return { dir, stdout };
}

async function htmlContaining(dir: string, text: string) {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html'));
  const hits = [];
  for (const f of files) if ((await readFile(path.join(dir, f), 'utf8')).includes(text)) hits.push(f);
  return hits.sort();
}

async function programByAlias(alias: string) {
  const list = (await (await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=${alias}`)).json()) as {
    data: Array<{ id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> }>;
  };
  return list.data[0]!;
}
async function write(method: string, url: string, body?: unknown) {
  const response = await fetch(`${cms.url}${url}`, {
    method,
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
}

async function htmlTree(dir: string) {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
  return Promise.all(files.map(async (f) => ({ file: f, html: await readFile(path.join(dir, f), 'utf8') })));
}

let firstBefore: Record<string, string> = {};

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'incremental-'));
  cms = await startLocalCms({ port: 0, auth, log: () => undefined });
  outputs.push(await build('first'));
  firstDir = outputs[0]!.dir;
  firstBefore = await fileHashes(firstDir);
  const edited = await programByAlias('/program/home-support-services');
  await write('PATCH', `jsonapi/node/program/${edited.id}`, {
    data: { type: 'node--program', id: edited.id, attributes: { title } },
  });
  // A new program (English only), made from an existing one's fields.
  await write('POST', 'jsonapi/node/program', {
    data: {
      type: 'node--program',
      attributes: {
        ...edited.attributes,
        title: created.title,
        drupal_internal__nid: 9001,
        path: { alias: created.alias, langcode: 'en' },
      },
      relationships: edited.relationships,
    },
  });
  const toRename = await programByAlias(renamed.from);
  await write('PATCH', `jsonapi/node/program/${toRename.id}`, {
    data: { type: 'node--program', id: toRename.id, attributes: { path: { alias: renamed.to, langcode: 'en' } } },
  });
  const toDelete = await programByAlias(deleted);
  await write('DELETE', `jsonapi/node/program/${toDelete.id}`);
  await write('DELETE', `fr/jsonapi/node/program/${toDelete.id}`).catch(() => undefined);
  outputs.push(await build('second', 'cache', firstDir));
  outputs.push(await build('cold', 'cold-cache'));
}, 600_000);

afterAll(async () => {
  await cms?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('incremental build after an edit, a create, a rename and a delete', () => {
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
    expect(pages).toContain('en/program/home-support-services.html');
    expect(
      pages.some((p) => p.startsWith('en/category/')),
      pages.join(', '),
    ).toBe(true);
    // A cold build of the same content, in a fresh cache, puts the title on the same pages.
    const cold = outputs[2]!.dir;
    expect(pages).toEqual(await htmlContaining(cold, title));
    // And no page still shows the old title where the cold build shows the new one.
    const stale = await htmlContaining(second, '>Home Support Services<');
    expect(stale).toEqual(await htmlContaining(cold, '>Home Support Services<'));
  });

  it('publishes the created program, moves the renamed one and drops the deleted one', async () => {
    const second = outputs[1]!.dir;
    const exists = (dir: string, alias: string) =>
      stat(path.join(dir, 'en', `${alias}.html`)).then(
        (s) => s.isFile(),
        () => false,
      );
    expect(await exists(second, created.alias)).toBe(true);
    expect(await exists(second, renamed.to)).toBe(true);
    // The old address of the renamed program now only redirects to the new one.
    const old = await readFile(path.join(second, 'en', `${renamed.from}.html`), 'utf8');
    expect(old).toContain(`http-equiv="refresh" content="0; url=/en${renamed.to}"`);
    expect(old).not.toContain('data-pagefind-body');
    expect(await exists(second, deleted)).toBe(false);
    // The first build's output (a release that may still be live) is left as it was.
    expect(await exists(firstDir, deleted)).toBe(true);
    expect(await htmlContaining(firstDir, title)).toEqual([]);
  });

  it('writes exactly the files a cold build writes, byte for byte, and leaves the first release as it was', async () => {
    const [incremental, cold] = await Promise.all([fileHashes(outputs[1]!.dir), fileHashes(outputs[2]!.dir)]);
    expect(Object.keys(incremental)).toEqual(Object.keys(cold));
    expect(Object.keys(incremental).filter((f) => incremental[f] !== cold[f])).toEqual([]);
    expect(await fileHashes(firstDir)).toEqual(firstBefore);
    // It was built from the first release: few files written, the rest linked.
    expect(outputs[1]!.stdout).toMatch(/from the previous release: \d+ files? changed, \d+ removed/);
  });

  it('writes exactly the pages a cold build writes, byte for byte', async () => {
    const [incremental, cold] = await Promise.all([htmlTree(outputs[1]!.dir), htmlTree(outputs[2]!.dir)]);
    expect(incremental.map((p) => p.file)).toEqual(cold.map((p) => p.file));
    const differing = incremental.filter((p, i) => p.html !== cold[i]!.html).map((p) => p.file);
    expect(differing).toEqual([]);
  });
});
