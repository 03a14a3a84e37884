// The resident renderer's path on a real full disk (publish-disk-full.test.ts covers the full
// build's): RELEASES_DIR on a tmpfs that fills up between two editor's saves. The save that meets
// the full disk fails (the renderer's release, then the full build's), the status says why
// (ENOSPC), the live release stays live and served, and nothing is left half-written (no `*.tmp`
// file, no release folder but the ones before, no empty or cut-short cache entry); once space is
// freed, the next save goes live by itself, with both edits, made by the renderer.
// Needs root (mount).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseChecks } from '../../src/release/tests/release-checks.ts';
import { startPublishing, type Publishing } from '../../src/release/tests/support.ts';
import { debris, fillLeaving, freeSpace, releaseFolders } from './full-disk.ts';
import { tmpfs } from './support.ts';

const secret = 'resident-disk-full-secret-of-length';
const auth = { user: 'editor', password: 'disk' };
const EDITED = '/program/home-support-services';
const disk = tmpfs('resident-full-', '64m', '0755');
const { mountPoint, canMount } = disk;
const releasesDir = path.join(mountPoint, 'releases');
const filler = path.join(mountPoint, 'filler');
let publishing: Publishing | undefined;
let checks: ReturnType<typeof releaseChecks>;

beforeAll(async () => {
  if (!canMount) return;
  disk.mount();
  publishing = await startPublishing('resident-disk-full', { secret, auth, releasesDir });
  checks = releaseChecks(publishing, { secret, auth });
  // The first release (the full build), then one of the renderer's, so the next is surely its.
  await checks.retitle(EDITED, 'Home Support Services');
  const s = await checks.retitle(EDITED, 'Home Support Services (resident)');
  expect(s.lastBuild?.builder?.builder).toBe('resident');
}, 600_000);

afterAll(async () => {
  await publishing?.close();
  if (publishing) await rm(publishing.work, { recursive: true, force: true });
  disk.unmount();
});

describe.skipIf(!canMount)('the resident renderer on a full disk', () => {
  it('fails the save cleanly, keeps the live release served, and publishes the next save once space is freed', async () => {
    const before = await checks.status();
    const live = before.currentRelease!;
    fillLeaving(filler, 16 * 1024);
    const full = await checks.retitle(EDITED, 'Home Support Services (disk full)');
    expect(full.lastBuild?.result).toBe('failed');
    // Both builders met it: the full build's cause, then the renderer's.
    expect(full.lastBuild?.error).toMatch(/Caused by: ENOSPC[^]*The resident renderer had failed first: ENOSPC/);
    expect(full.currentRelease).toBe(live);
    expect((await checks.served(`/en${EDITED}`)).text).toContain('Home Support Services (resident)');
    expect(await debris(releasesDir)).toEqual([]);
    expect(await releaseFolders(releasesDir)).toEqual(before.releases);
    expect(full.history.some((b) => b.result === 'running')).toBe(false);

    freeSpace(filler);
    const again = await checks.retitle('/program/tele-care-811', 'Tele-Care 811 (space freed)');
    expect(again.lastBuild?.result, again.lastBuild?.error ?? '').toBe('success');
    // The renderer's: the release it held never went live, and the live one's saved pages are its base.
    expect(again.lastBuild?.builder?.builder, JSON.stringify(again.lastBuild?.builder)).toBe('resident');
    expect(again.currentRelease).not.toBe(live);
    // The save that met the full disk is in it too: its page is the CMS's now.
    expect((await checks.served(`/en${EDITED}`)).text).toContain('Home Support Services (disk full)');
    expect((await checks.served('/en/program/tele-care-811')).text).toContain('Tele-Care 811 (space freed)');
    expect(await debris(releasesDir)).toEqual([]);
  }, 300_000);
});
