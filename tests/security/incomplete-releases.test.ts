// Item 8, what a killed build leaves: a release folder without its completion marker. It is never
// listed, pruned in place of a good release, rolled back to or switched to, and start-up removes it
// (with the temporary files a killed process leaves beside the releases). Pruning and rollback
// cope with read-only releases. The real kill -9 of a publishing service is in
// src/release/tests/interrupted-publish.test.ts.
import { spawnSync } from 'node:child_process';
import { chown, mkdir, mkdtemp, readdir, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPLETE_FILE,
  currentReleaseId,
  listReleases,
  markComplete,
  pruneReleases,
  removeIncomplete,
  switchTo,
} from '../../src/release/releases.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function folder(dir: string, id: string) {
  for (const lang of ['en', 'fr']) {
    await mkdir(path.join(dir, id, 'site', lang, 'home'), { recursive: true });
    await writeFile(path.join(dir, id, 'site', lang, 'home', 'index.html'), `<p>release ${id}</p>`);
  }
}
async function complete(dir: string, id: string) {
  await folder(dir, id);
  await markComplete(dir, id, {});
}
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('incomplete release folders', () => {
  it('are not listed, not rolled back to, and do not make pruning delete good releases', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'incomplete-'));
    await complete(dir, '20260101-000001');
    // A build killed after its pages were written, before its checks: no marker.
    await folder(dir, '20260101-000002');
    await complete(dir, '20260101-000003');
    await switchTo(dir, '20260101-000003');
    expect(await listReleases(dir)).toEqual(['20260101-000001', '20260101-000003']);

    const cli = spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/rollback.ts'], {
      cwd: root,
      env: { ...process.env, RELEASES_DIR: dir },
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Rolled back: 20260101-000003 -> 20260101-000001');
    expect(await readlink(path.join(dir, 'current'))).toBe('20260101-000001');

    // Keeping two: both good releases stay, whatever the incomplete folder.
    await switchTo(dir, '20260101-000003');
    expect(await pruneReleases(dir, 2)).toEqual([]);
    expect(await listReleases(dir)).toEqual(['20260101-000001', '20260101-000003']);
  });

  it('variant: are never switched to, even by name', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'incomplete-'));
    await folder(dir, '20260101-000009');
    await expect(switchTo(dir, '20260101-000009')).rejects.toThrow(/incomplete/);
    expect(await currentReleaseId(dir)).toBeNull();
  });

  it('are removed at start-up with temporary files, read-only or not; the live release stays', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'incomplete-'));
    await complete(dir, '20260101-000001');
    await switchTo(dir, '20260101-000001');
    await folder(dir, '20260101-000002');
    await mkdir(path.join(dir, '20260101-000002', 'site.staging-123'), { recursive: true });
    await writeFile(path.join(dir, 'build-history.json.123.1.tmp'), '[{"id":');
    await symlink('20260101-000001', path.join(dir, 'current.123.456.tmp'));
    expect(await removeIncomplete(dir)).toEqual(['20260101-000002']);
    expect((await readdir(dir)).sort()).toEqual(['20260101-000001', 'current']);
    expect(await exists(path.join(dir, '20260101-000001', COMPLETE_FILE))).toBe(true);
  });

  it('a live release is read-only, files and folders, and pruning still removes old ones', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'incomplete-'));
    const ids = ['20260101-000001', '20260101-000002', '20260101-000003'];
    for (const id of ids) {
      await complete(dir, id);
      await switchTo(dir, id);
    }
    const modes = await Promise.all(
      [
        ids[2]!,
        `${ids[2]}/site`,
        `${ids[2]}/site/en/home`,
        `${ids[2]}/site/en/home/index.html`,
        `${ids[2]}/${COMPLETE_FILE}`,
      ].map(async (p) => (await stat(path.join(dir, p))).mode & 0o222),
    );
    expect(modes).toEqual([0, 0, 0, 0, 0]);
    expect(await pruneReleases(dir, 1)).toEqual(ids.slice(0, 2));
    expect(await listReleases(dir)).toEqual([ids[2]]);
  });
});

// As a service that is not root (where the modes hold): the next release is linked from the
// read-only live one and written, old releases are pruned, and a write into the live one fails.
const asNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
describe.skipIf(!asNobody)('read-only releases for a service that is not root', () => {
  it('builds the next release from the live one, prunes, and cannot write into the live one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'nobody-'));
    await chown(dir, 65534, 65534);
    const script = path.join(dir, 'run.ts');
    await writeFile(
      script,
      `
      import { mkdir, readFile, writeFile } from 'node:fs/promises';
      import path from 'node:path';
      const { markComplete, pruneReleases, switchTo } = await import(${JSON.stringify(`${root}/src/release/releases.ts`)});
      const { linkPrevious } = await import(${JSON.stringify(`${root}/src/release/build/release-delta.ts`)});
      const { writeWhole } = await import(${JSON.stringify(`${root}/src/release/write-whole.ts`)});
      const dir = ${JSON.stringify(path.join(dir, 'releases'))};
      for (const id of ['20260101-000001', '20260101-000002']) {
        await mkdir(path.join(dir, id, 'site/en/home'), { recursive: true });
        await writeFile(path.join(dir, id, 'site/en/home/index.html'), id);
        await markComplete(dir, id, {});
        await switchTo(dir, id);
      }
      const next = path.join(dir, '20260101-000003', 'site');
      await linkPrevious(path.join(dir, '20260101-000002', 'site'), next);
      await writeWhole(path.join(next, 'en/home/index.html'), 'new');
      await mkdir(path.join(next, 'en/home/more'));
      await markComplete(dir, '20260101-000003', {});
      await switchTo(dir, '20260101-000003');
      const pruned = await pruneReleases(dir, 1);
      let write = 'allowed';
      await writeFile(path.join(next, 'en/home/index.html'), 'x').catch((e) => (write = e.code));
      console.log(JSON.stringify({ pruned, write, live: await readFile(path.join(next, 'en/home/index.html'), 'utf8') }));
      `,
    );
    await chown(script, 65534, 65534);
    const run = spawnSync(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', path.join(root, 'node_modules/.bin/node'), script],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      pruned: ['20260101-000001', '20260101-000002'],
      write: 'EACCES',
      live: 'new',
    });
  });
});
