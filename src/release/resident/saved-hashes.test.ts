// The saved props hashes a renderer takes the live release from after a restart: taken only when
// saved by the same code for that release, refused with a reason otherwise, never read or written
// outside their folder, and only the releases still needed kept.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadHashes, saveHashes } from './saved-hashes.ts';

let dir = '';
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'saved-hashes-')), 'hashes');
});
afterEach(async () => {
  await rm(path.dirname(dir), { recursive: true, force: true });
});

const hashes = new Map([
  ['/en/program/a', 'hash-a'],
  ['/fr/program/a', 'hash-a-fr'],
]);

describe('saved props hashes', () => {
  it('are taken back for the release and the code they were saved for', async () => {
    await saveHashes(dir, '20261128-090000-1', 'code-1', hashes);
    expect(await loadHashes(dir, ['20261128-090000-1'], 'code-1')).toEqual({ hashes });
  });

  it('are refused, saying why, when the code differs, the file is unreadable or names another release', async () => {
    await saveHashes(dir, 'r1', 'code-1', hashes);
    expect(await loadHashes(dir, ['r1'], 'code-2')).toEqual({
      why: 'the live release (r1) was made by other code or settings',
    });
    await writeFile(path.join(dir, 'r2.json'), '{"code": "code-1", "hashes": [[1]]}');
    expect(await loadHashes(dir, ['r2'], 'code-1')).toEqual({
      why: 'the saved pages of the live release (r2) are unreadable',
    });
    await writeFile(path.join(dir, 'r3.json'), JSON.stringify({ code: 'code-1', releaseId: 'r1', hashes: [] }));
    expect(await loadHashes(dir, ['r3'], 'code-1')).toEqual({
      why: 'the saved pages of the live release (r3) name another release',
    });
    expect(await loadHashes(dir, ['r4'], 'code-1')).toEqual({
      why: 'no renderer saved the pages of the live release',
    });
  });

  it('of a live release rebased for search are found under the release it came from', async () => {
    await saveHashes(dir, 'made', 'code-1', hashes);
    expect(await loadHashes(dir, ['rebased', 'made'], 'code-1')).toEqual({ hashes });
  });

  it('never go outside their folder: an id that is not a file name is neither written nor read', async () => {
    await saveHashes(dir, '../escaped', 'code-1', hashes);
    await saveHashes(dir, '', 'code-1', hashes);
    expect(await readdir(path.dirname(dir))).toEqual([]);
    await writeFile(
      path.join(path.dirname(dir), 'outside.json'),
      JSON.stringify({ code: 'c', releaseId: '../outside' }),
    );
    expect(await loadHashes(dir, ['../outside', '/etc/passwd', null], 'c')).toEqual({
      why: 'no renderer saved the pages of the live release',
    });
  });

  it('keep only the release saved and those named to keep (the live one)', async () => {
    await saveHashes(dir, 'r1', 'code-1', hashes);
    await saveHashes(dir, 'r2', 'code-1', hashes, ['r1']);
    expect((await readdir(dir)).sort()).toEqual(['r1.json', 'r2.json']);
    await saveHashes(dir, 'r3', 'code-1', hashes, ['r2', null, undefined]);
    expect((await readdir(dir)).sort()).toEqual(['r2.json', 'r3.json']);
  });
});
