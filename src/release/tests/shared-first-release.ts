// The first release of the local CMS's snapshot, made once per Vitest run for the publishing tests
// whose first release is only their starting point: a publishing stack as support.ts starts it
// publishes the snapshot from a signed webhook without a save, and its RELEASES_DIR is kept. A test
// starts from a copy (`prepare: copySharedFirstRelease` to startPublishing, or before its own
// publisher): the release as hard links (a complete release is read-only, and nothing writes into
// one), `current`, and the props hashes its renderer saved. The test's first webhook then finds a
// live release, and a renderer takes it as its base (saved-hashes.ts), as after a restart, instead
// of a full build of the same pages. Each local CMS has a port of its own, and the site names CMS
// images by their path alone (src/site/images/image-service.ts), so the copy is the release the
// test's own CMS would give. The first file to ask makes it, the others wait for it
// (tests/once-per-run.ts).
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { oncePerRun } from '../../../tests/once-per-run.ts';
import { releaseChecks } from './release-checks.ts';
import { startPublishing } from './support.ts';

const HASHES = path.join('.cache', 'resident-hashes');
const secret = 'shared-first-release-secret-of-length';
const auth = { user: 'editor', password: 'first-release' };

/** Waits for the renderer's saved hashes of `releaseId` (it saves them after the full build's start). */
async function savedHashes(releasesDir: string, releaseId: string): Promise<void> {
  const file = path.join(releasesDir, HASHES, `${releaseId}.json`);
  for (let i = 0; i < 600; i++) {
    if (
      await readFile(file).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the renderer saved no hashes of the shared first release ${releaseId}`);
}

/** Publishes the snapshot once; its RELEASES_DIR (in the run's folder, which goes with the run). */
async function make(): Promise<string> {
  const publishing = await startPublishing('shared-first-release', { secret, auth });
  try {
    const checks = releaseChecks(publishing, { secret, auth });
    await checks.webhook({ event: 'first' });
    const s = await checks.settle(1);
    if (s.lastBuild?.result !== 'success' || !s.currentRelease)
      throw new Error(`the first release failed: ${s.lastBuild?.error ?? 'no release'}`);
    await savedHashes(publishing.releasesDir, s.currentRelease);
  } finally {
    await publishing.close();
  }
  return publishing.releasesDir;
}

/** The shared first release's RELEASES_DIR, once it is made. */
const sharedReleasesDir = () => oncePerRun(inject('firstReleaseDir'), 'the shared first release', make);

/** A copy of the shared first release in `releasesDir` (not there yet): live, its hashes saved. */
export async function copySharedFirstRelease(releasesDir: string): Promise<void> {
  const shared = await sharedReleasesDir();
  const live = await readlink(path.join(shared, 'current'));
  await mkdir(releasesDir, { recursive: true });
  // Hard links: the release's files are read-only and no release is ever written into.
  await promisify(execFile)('cp', ['-al', path.join(shared, live), path.join(releasesDir, live)]);
  await symlink(live, path.join(releasesDir, 'current'), 'dir');
  await mkdir(path.join(releasesDir, HASHES), { recursive: true });
  for (const name of await readdir(path.join(shared, HASHES)))
    await cp(path.join(shared, HASHES, name), path.join(releasesDir, HASHES, name));
}
