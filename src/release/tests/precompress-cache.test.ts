// Precompressed copies reused across builds by content: an unchanged file gets the same copies
// without compressing again, a changed one gets copies of its new bytes, and the cache keeps only
// what the last build used.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressFolder } from '../compression.ts';

let work = '';
const page = (n: number) =>
  `<!doctype html><p>${'Programs and services for New Brunswick residents. '.repeat(30)} version ${n}</p>`;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function build(name: string, files: Record<string, string>) {
  const dir = path.join(work, name);
  await mkdir(dir, { recursive: true });
  for (const [file, body] of Object.entries(files)) await writeFile(path.join(dir, file), body);
  await precompressFolder(dir, { cacheDir: path.join(work, 'cache') });
  return dir;
}

describe('precompress cache', () => {
  test('an unchanged file gets the same copies, a changed one copies of its new bytes', async () => {
    const first = await build('r1', { 'a.html': page(1), 'b.html': page(1).replace('<p>', '<p>b ') });
    const second = await build('r2', { 'a.html': page(1), 'b.html': page(2) });
    expect(await readFile(path.join(second, 'a.html.br'))).toEqual(await readFile(path.join(first, 'a.html.br')));
    expect(brotliDecompressSync(await readFile(path.join(second, 'b.html.br'))).toString()).toBe(page(2));
    expect(gunzipSync(await readFile(path.join(second, 'b.html.gz'))).toString()).toBe(page(2));
  });

  test('keeps only the copies the last build used', async () => {
    await build('r3', { 'a.html': page(3) });
    const hashes = new Set((await readdir(path.join(work, 'cache'))).map((name) => name.slice(0, 64)));
    expect(hashes.size).toBe(1);
  });
});
