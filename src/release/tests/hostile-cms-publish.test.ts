// Item 7 and item 2 with real builds: a CMS whose next links never end, one that answers 64 MB and
// one that never answers each fail their build (the last one killed at the publisher's time-out),
// leave the live release untouched and no folder behind, and the next publish works by itself.
// The live release is never written again: every file of it keeps its inode, time and bytes
// through the next publishes, and its files and folders are read-only. The limits the first two
// faults hit are set low (CMS_MAX_PAGES, CMS_MAX_RESPONSE_MB), so that their builds end as soon as
// they show the fault.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublisher, type Publisher } from '../publisher/publisher.ts';
import { copySharedFirstRelease } from './shared-first-release.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const publishers: Publisher[] = [];
afterAll(() => {
  for (const p of publishers) p.close();
});

function publisher(releasesDir: string, env: Record<string, string>, buildTimeoutMs?: number) {
  const p = createPublisher({
    root,
    releasesDir,
    cacheDir: path.join(releasesDir, '.cache'),
    buildEnv: { CMS_URL: '', ...env },
    log: () => undefined,
    ...(buildTimeoutMs ? { buildTimeoutMs } : {}),
  });
  publishers.push(p);
  return p;
}
async function publish(p: Publisher, reason: string) {
  p.trigger(reason);
  await p.idle();
  return p.status();
}

/** Every file of a release: inode, modification time, size and content hash. */
async function fingerprint(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const prints = new Map<string, string>();
  for (const e of entries) {
    const file = path.join(e.parentPath, e.name);
    const info = await stat(file);
    const hash = e.isFile()
      ? createHash('sha256')
          .update(await readFile(file))
          .digest('hex')
      : 'dir';
    prints.set(path.relative(dir, file), `${info.ino}:${info.mtimeMs}:${info.size}:${hash}`);
  }
  return prints;
}
const folders = async (dir: string) => (await readdir(dir)).filter((n) => /^\d{8}-/.test(n)).sort();

describe('publishing from a hostile CMS', () => {
  it('fails each bad build, keeps the live release untouched, and publishes again by itself', async () => {
    // The run's first release of the snapshot is live.
    const releasesDir = await mkdtemp(path.join(os.tmpdir(), 'hostile-publish-'));
    await copySharedFirstRelease(releasesDir);
    const good = publisher(releasesDir, {});
    const live = (await good.status()).currentRelease!;
    const liveDir = path.join(releasesDir, live);
    const before = await fingerprint(liveDir);
    expect(before.size).toBeGreaterThan(100);
    // Read-only, files and folders (root ignores the modes: the fingerprints below are the proof).
    for (const p of ['', 'site', 'site/en', 'site/en/home.html', 'site-deploy/release-files.json'])
      expect((await stat(path.join(liveDir, p))).mode & 0o222, p).toBe(0);

    const faults: Array<[string, Record<string, string>, RegExp, number?]> = [
      ['endless=/jsonapi/node/page', { CMS_MAX_PAGES: '40' }, /CMS_MAX_PAGES/],
      ['huge=/jsonapi/node/page', { CMS_MAX_RESPONSE_MB: '4' }, /CMS_MAX_RESPONSE_MB/],
      // Each request of the hung CMS would wait 10 minutes for its answer: the build ends only when killed.
      [
        'hang=/jsonapi/node/page',
        { CMS_TIMEOUT_SECONDS: '600' },
        /Timed out: the build ran longer than 8 s \(PUBLISH_TIMEOUT_SECONDS\)/,
        8_000,
      ],
    ];
    for (const [fault, limits, error, timeout] of faults) {
      const bad = publisher(releasesDir, { LOCAL_CMS_FAULTS: fault, ...limits }, timeout);
      const started = Date.now();
      const s = await publish(bad, fault);
      expect(s.lastBuild?.result, fault).toBe('failed');
      expect(s.lastBuild?.error, fault).toMatch(error);
      expect(s.currentRelease).toBe(live);
      expect(await folders(releasesDir), fault).toEqual([live]);
      if (timeout) {
        expect(s.lastBuild?.timedOut).toBe(true);
        // Killed at its time-out, not ended by the CMS's own (minutes later): not a speed target,
        // so a loaded machine's slower kill and clean-up fit in the margin.
        expect(Date.now() - started).toBeLessThan(timeout + 120_000);
      }
    }

    const again = await publish(good, 'after the faults');
    expect(again.lastBuild?.result, again.lastBuild?.error ?? '').toBe('success');
    expect(again.currentRelease).not.toBe(live);
    expect(again.releases).toEqual([live, again.currentRelease]);
    // The previous live release: not one file written, replaced or added.
    expect(await fingerprint(liveDir)).toEqual(before);
  }, 600_000);
});
