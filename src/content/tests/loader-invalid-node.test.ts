// The content loader over real HTTP: an editor saves a program that breaks its schema; the next
// build keeps the program's previous version, records the warning, and publishes everything else.
// A build after an edit maps again only the nodes whose digest changed, and keeps the warnings of
// the others.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildWarnings } from '../build-warnings.ts';
import { endBuildSession, startBuildSession } from '../build-session.ts';
import { drupalLoader } from '../loader.ts';
import { programSource } from '../types/program.ts';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';

const snapshotDir = path.resolve(import.meta.dirname, '../../../scripts/local-cms/snapshot');
const program = '425aa40d-ce34-4b30-8aa1-fbdcefc8d406';
const auth = `Basic ${Buffer.from('editor:pw').toString('base64')}`;
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let dir: string;
const saved = { CMS_URL: process.env.CMS_URL };
let warningsFile = '';

/** The part of Astro's data store the loader uses, kept in memory between the two "builds". */
function memoryStore() {
  const map = new Map<string, { id: string; data: Record<string, unknown>; digest?: string | number }>();
  return {
    map,
    get: (id: string) => map.get(id),
    set: (entry: { id: string; data: Record<string, unknown>; digest?: string | number }) => (
      map.set(entry.id, entry),
      true
    ),
    has: (id: string) => map.has(id),
    keys: () => [...map.keys()],
    delete: (id: string) => void map.delete(id),
  };
}
/** The loader's meta store, in memory too. */
function memoryMeta() {
  const map = new Map<string, string>();
  return {
    map,
    get: (k: string) => map.get(k),
    set: (k: string, v: string) => void map.set(k, v),
    has: (k: string) => map.has(k),
    delete: (k: string) => void map.delete(k),
  };
}
/** The program source, counting the nodes it maps. */
let mapped = 0;
const countingSource: typeof programSource = {
  ...programSource,
  toEntry: (node, ctx) => {
    mapped++;
    return programSource.toEntry(node, ctx);
  },
};
async function load(store: ReturnType<typeof memoryStore>, meta = memoryMeta(), root = process.cwd()) {
  const context = {
    store,
    meta,
    config: { root: pathToFileURL(`${root}/`) },
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    generateDigest: (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex'),
  };
  mapped = 0;
  await drupalLoader(countingSource).load(context as unknown as Parameters<ReturnType<typeof drupalLoader>['load']>[0]);
  return mapped;
}
async function write(method: string, url: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { authorization: auth, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
}

beforeAll(async () => {
  cms = await startLocalCms({
    port: 0,
    snapshotDir,
    auth: { user: 'editor', password: 'pw' },
    log: () => {},
  });
  dir = mkdtempSync(path.join(tmpdir(), 'loader-invalid-'));
  process.env.CMS_URL = cms.url;
  warningsFile = path.join(dir, 'build-warnings.jsonl');
  startBuildSession({ cmsUrl: cms.url, warningsFile, pageKeyConfig: '' });
});
afterAll(async () => {
  endBuildSession();
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  await cms.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('drupalLoader with an invalid node', () => {
  it('keeps the previous version of a node that became invalid, leaves out a new invalid one, and warns for both', async () => {
    const store = memoryStore();
    await load(store);
    const before = store.get(`en/${program}`)!.data;
    const count = store.map.size;
    expect(readBuildWarnings(warningsFile)).toEqual([]);

    await write('PATCH', `${cms.url}jsonapi/node/program/${program}`, {
      data: { type: 'node--program', id: program, attributes: { title: '' } },
    });
    const fresh = '99999999-9999-4999-8999-999999999999';
    await write('POST', `${cms.url}jsonapi/node/program`, {
      data: {
        type: 'node--program',
        id: fresh,
        attributes: { status: true, title: 'New', path: { alias: 'no-slash' } },
        relationships: {},
      },
    });
    await load(store);

    expect(store.get(`en/${program}`)!.data).toEqual(before);
    expect(store.has(`en/${fresh}`)).toBe(false);
    expect(store.map.size).toBe(count);
    const warnings = readBuildWarnings(warningsFile).filter((w) => w.kind === 'invalid-node');
    expect(warnings.find((w) => w.node?.id === program)).toMatchObject({
      node: { type: 'node--program', lang: 'en' },
      field: 'title',
      message: expect.stringContaining('previously published version stays'),
    });
    expect(warnings.find((w) => w.node?.id === fresh && w.field === 'path.alias')!.message).toContain(
      'not published until it is fixed',
    );
  });
});

describe('drupalLoader after an edit', () => {
  it('maps again only the edited node, and keeps the entries and warnings of the others', async () => {
    const store = memoryStore();
    const meta = memoryMeta();
    const all = await load(store, meta);
    expect(all).toBeGreaterThan(20);
    const warned = [...meta.map.keys()];
    expect(await load(store, meta)).toBe(0);
    expect([...meta.map.keys()]).toEqual(warned);

    const list = (await (
      await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/home-support-services`)
    ).json()) as {
      data: Array<{ id: string }>;
    };
    const id = list.data[0]!.id;
    await write('PATCH', `${cms.url}jsonapi/node/program/${id}`, {
      data: { type: 'node--program', id, attributes: { title: 'Home Support Services, edited' } },
    });
    // The edited node in English, and the programs that include it (their related programs show
    // its title); not the rest.
    const again = await load(store, meta);
    expect(again).toBeGreaterThanOrEqual(1);
    expect(again).toBeLessThan(all / 3);
    expect((store.get(`en/${id}`)!.data as { title: string }).title).toBe('Home Support Services, edited');
  });

  it('maps every node again when the mapping code changed', async () => {
    const store = memoryStore();
    await load(store);
    // Another version of the code (here: another checkout without the sources): nothing is reused.
    expect(await load(store, memoryMeta(), dir)).toBeGreaterThan(20);
  });
});
