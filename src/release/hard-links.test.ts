import { chmod, mkdtemp, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkEntries, linkTree } from './hard-links.ts';
import { removeRelease } from './releases.ts';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'hard-links-'));
});
// Its read-only folders made writable again first, as for a release.
afterEach(() => removeRelease(work));

/** A complete release's site: its files and folders read-only, as markComplete leaves them. */
async function readOnlyRelease(): Promise<string> {
  const live = path.join(work, 'live');
  await mkdir(path.join(live, 'en', 'program'), { recursive: true });
  await writeFile(path.join(live, 'en', 'program', 'index.html'), 'page');
  await writeFile(path.join(live, 'en', 'index.html'), 'home');
  await chmod(path.join(live, 'en', 'program', 'index.html'), 0o444);
  await chmod(path.join(live, 'en', 'index.html'), 0o444);
  await chmod(path.join(live, 'en', 'program'), 0o555);
  await chmod(path.join(live, 'en'), 0o555);
  return live;
}

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe.each([
  ['linkEntries (cp -al)', (from: string, to: string) => linkEntries(from, to, ['en'])],
  ['linkTree (elsewhere)', linkTree],
])('%s of a read-only release', (_name, link) => {
  it('gives folders the owner can write, and files that are the live ones, still read-only', async () => {
    const live = await readOnlyRelease();
    const next = path.join(work, 'next');
    await link(live, next);
    for (const folder of ['en', 'en/program']) expect((await mode(path.join(next, folder))) & 0o200).toBe(0o200);
    for (const file of ['en/index.html', 'en/program/index.html']) {
      expect((await stat(path.join(next, file))).ino).toBe((await stat(path.join(live, file))).ino);
      expect(await mode(path.join(next, file))).toBe(0o444);
    }
    // The live release is left as it was.
    expect(await mode(path.join(live, 'en', 'program'))).toBe(0o555);
    expect(await readFile(path.join(next, 'en', 'program', 'index.html'), 'utf8')).toBe('page');
  });
});
