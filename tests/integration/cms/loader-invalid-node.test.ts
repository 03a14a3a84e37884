// The content loader over real HTTP: an editor saves a program that breaks its schema; the next
// build keeps the program's previous version, records the warning, and publishes everything else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildWarnings } from '../../../src/build/build-warnings.ts';
import { drupalLoader } from '../../../src/cms/loader.ts';
import { programSource } from '../../../src/cms/types/program.ts';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';

const snapshotDir = path.resolve(import.meta.dirname, '../../../scripts/local-cms/snapshot');
const program = '425aa40d-ce34-4b30-8aa1-fbdcefc8d406';
const auth = `Basic ${Buffer.from('editor:pw').toString('base64')}`;
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let dir: string;
const saved = { CMS_URL: process.env.CMS_URL, BUILD_WARNINGS_FILE: process.env.BUILD_WARNINGS_FILE };

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
async function load(store: ReturnType<typeof memoryStore>) {
  const context = {
    store,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    generateDigest: (v: unknown) => JSON.stringify(v).length,
  };
  await drupalLoader(programSource).load(context as unknown as Parameters<ReturnType<typeof drupalLoader>['load']>[0]);
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
  } as Parameters<typeof startLocalCms>[0]);
  dir = mkdtempSync(path.join(tmpdir(), 'loader-invalid-'));
  process.env.CMS_URL = cms.url;
  process.env.BUILD_WARNINGS_FILE = path.join(dir, 'build-warnings.jsonl');
});
afterAll(async () => {
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
    expect(readBuildWarnings(process.env.BUILD_WARNINGS_FILE!)).toEqual([]);

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
    const warnings = readBuildWarnings(process.env.BUILD_WARNINGS_FILE!).filter((w) => w.kind === 'invalid-node');
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
