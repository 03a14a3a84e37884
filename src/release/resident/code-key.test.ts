// The resident renderer's code key: a change of the mapping code (or any page code, the Astro
// configurations, the lockfile, a setting pages render) is a new key, so the full build makes the
// release and renders every page again.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteEnv } from '../../config/site-env.ts';
import { codeKey } from './code-key.ts';

let root = '';
const env = parseSiteEnv({});

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'code-key-'));
  await cp(path.resolve(import.meta.dirname, '../../content'), path.join(root, 'src/content'), { recursive: true });
  for (const f of ['astro.config.mjs', 'astro.resident.config.mjs', 'package-lock.json'])
    await writeFile(path.join(root, f), f);
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the code key', () => {
  it('is the same for the same code and settings', async () => {
    expect(await codeKey(root, env)).toBe(await codeKey(root, env));
  });

  it('changes with the mapping code, the lockfile and a rendered setting; not with a test', async () => {
    const before = await codeKey(root, env);
    await writeFile(path.join(root, 'src/content/sanitize.test.ts'), '// a test only');
    expect(await codeKey(root, env)).toBe(before);
    await writeFile(path.join(root, 'src/content/mapping-extra.ts'), 'export const x = 1;');
    const mapped = await codeKey(root, env);
    expect(mapped).not.toBe(before);
    await writeFile(path.join(root, 'package-lock.json'), '{}');
    const locked = await codeKey(root, env);
    expect(locked).not.toBe(mapped);
    expect(await codeKey(root, parseSiteEnv({ MAP_TILE_ATTRIBUTION: 'other' }))).not.toBe(locked);
  });
});

describe('the code key and what the bundle is built with', () => {
  it('changes with the process’s build mode (a test runner’s DEV=1, NODE_ENV) and the CMS host of the images', async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, DEV: process.env.DEV };
    try {
      process.env.NODE_ENV = 'production';
      delete process.env.DEV;
      const production = await codeKey(root, env);
      process.env.DEV = '1';
      expect(await codeKey(root, env)).not.toBe(production);
      delete process.env.DEV;
      process.env.NODE_ENV = 'test';
      expect(await codeKey(root, env)).not.toBe(production);
      process.env.NODE_ENV = 'production';
      const cms = (url: string) => codeKey(root, parseSiteEnv({ CMS_URL: url }));
      // Another port of the same host: the same images allowed, the same bundle.
      expect(await cms('http://127.0.0.1:4001/')).toBe(await cms('http://127.0.0.1:4002/'));
      expect(await cms('https://cms.example.ca/')).not.toBe(await cms('http://127.0.0.1:4001/'));
    } finally {
      for (const [key, value] of Object.entries(saved))
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }
  });
});
