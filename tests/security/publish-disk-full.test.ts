// Item 8 on a real full disk, and RELEASES_DIR on another file system than the project (a tmpfs,
// where a rename from the project would fail with EXDEV). A publish that runs out of space fails,
// leaves no `*.tmp` file, no history entry "running", no empty or cut-short cache entry and no
// half release; once space is freed, the next publish succeeds by itself. Needs root (mount).
import { execFileSync } from 'node:child_process';
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher, type Publisher } from '../../src/release/publisher/publisher.ts';
import { debris as debrisIn, fillLeaving as fill, freeSpace as free, releaseFolders } from './full-disk.ts';
import { tmpfs } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const disk = tmpfs('publish-full-', '64m', '0755');
const { mountPoint, canMount } = disk;
const releasesDir = path.join(mountPoint, 'releases');
const filler = path.join(mountPoint, 'filler');
const fillLeaving = (bytes: number) => fill(filler, bytes);
const freeSpace = () => free(filler);
const debris = () => debrisIn(releasesDir);
const folders = () => releaseFolders(releasesDir);
let publisher: Publisher | undefined;
beforeAll(() => disk.mount());
afterAll(() => {
  publisher?.close();
  disk.unmount();
});

async function publish(reason: string) {
  publisher!.trigger(reason);
  await publisher!.idle();
  return publisher!.status();
}
const historyOnDisk = async () =>
  JSON.parse(await readFile(path.join(releasesDir, 'build-history.json'), 'utf8')) as Array<{ result: string }>;

describe.skipIf(!canMount)('publishing onto a full disk, RELEASES_DIR on another file system', () => {
  it('publishes from the project onto a tmpfs (no EXDEV), fails cleanly when the disk fills, recovers by itself', async () => {
    expect(execFileSync('stat', ['-f', '-c', '%T', mountPoint], { encoding: 'utf8' }).trim()).toBe('tmpfs');
    publisher = createPublisher({
      root,
      releasesDir,
      cacheDir: path.join(releasesDir, '.cache'),
      buildEnv: { CMS_URL: '' },
      log: () => undefined,
    });

    // A cold first publish onto an almost full disk: Astro's image cache fills up mid-way.
    fillLeaving(3 * 1024 * 1024);
    const cold = await publish('cold, disk full');
    expect(cold.lastBuild?.result).toBe('failed');
    expect(cold.lastBuild?.error).toMatch(/ENOSPC|no space/i);
    expect(await folders()).toEqual([]);
    expect(await debris()).toEqual([]);
    freeSpace();
    const first = await publish('space freed');
    expect(first.lastBuild?.result, first.lastBuild?.error ?? '').toBe('success');
    const live = first.currentRelease!;

    // What a disk that filled while Astro wrote its cache leaves: an empty image, metadata cut short.
    const assets = path.join(releasesDir, '.cache', 'assets');
    const image = (await readdir(assets)).find((n) => n.endsWith('.webp'))!;
    await truncate(path.join(assets, image), 0);
    await writeFile(path.join(releasesDir, '.cache', 'data-store.json'), '{"collections":');
    expect((await debris()).sort()).toEqual(
      [`empty .cache/assets/${image}`, 'unreadable .cache/data-store.json'].sort(),
    );

    // With a live release: the next publish runs out of space part-way. It reuses every page (the
    // same content) and still writes about 250 KB (the release's own files), 480 KB with the cache
    // above to make again.
    fillLeaving(128 * 1024);
    const full = await publish('disk full');
    expect(full.lastBuild?.result).toBe('failed');
    expect(full.currentRelease).toBe(live);
    expect(await folders()).toEqual([live]);
    expect(await debris()).toEqual([]);
    expect(full.history.some((b) => b.result === 'running')).toBe(false);

    freeSpace();
    const again = await publish('space freed again');
    expect(again.lastBuild?.result, again.lastBuild?.error ?? '').toBe('success');
    expect(again.releases).toEqual([live, again.currentRelease]);
    expect((await historyOnDisk()).some((b) => b.result === 'running')).toBe(false);
    expect(await debris()).toEqual([]);
  }, 600_000);
});
