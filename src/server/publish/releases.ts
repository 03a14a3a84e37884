// Releases: each build lives in its own folder under RELEASES_DIR; `current` is a symlink that
// is switched in one atomic rename, so readers (this service, nginx) never see a mix.
import { mkdir, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';

const KEEP_RELEASES = 5;

export interface Release {
  id: string;
  dir: string;
  siteDir: string;
  deployDir: string;
}

export function releaseOf(releasesDir: string, id: string): Release {
  const dir = path.join(releasesDir, id);
  return { id, dir, siteDir: path.join(dir, 'site'), deployDir: path.join(dir, 'site-deploy') };
}

/** Sortable, unique release id: UTC time to the millisecond plus a counter. */
let sequence = 0;
export function newReleaseId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*/, '');
  return `${stamp}-${String(now.getUTCMilliseconds()).padStart(3, '0')}${String(++sequence % 100).padStart(2, '0')}`;
}

export async function currentReleaseId(releasesDir: string): Promise<string | null> {
  try {
    return path.basename(await readlink(path.join(releasesDir, 'current')));
  } catch {
    return null;
  }
}

/** Release folders, oldest first (ids sort by time). */
export async function listReleases(releasesDir: string): Promise<string[]> {
  const names = await readdir(releasesDir).catch(() => [] as string[]);
  const ids: string[] = [];
  for (const name of names) {
    if (name === 'current' || name.startsWith('.') || name.endsWith('.tmp')) continue;
    const s = await stat(path.join(releasesDir, name, 'site')).catch(() => null);
    if (s?.isDirectory()) ids.push(name);
  }
  return ids.sort();
}

/** Points `current` at the release in one atomic step (rename of a new symlink over the old). */
export async function switchTo(releasesDir: string, id: string): Promise<void> {
  await mkdir(releasesDir, { recursive: true });
  const target = path.join(releasesDir, id);
  if (!(await stat(path.join(target, 'site')).catch(() => null)))
    throw new Error(`Release ${id} does not exist in ${releasesDir}.`);
  const temp = path.join(releasesDir, `current.${process.pid}.${Date.now()}.tmp`);
  await symlink(id, temp, 'dir');
  await rename(temp, path.join(releasesDir, 'current'));
}

/** Keeps the newest `keep` releases, never the current one. */
export async function pruneReleases(releasesDir: string, keep = KEEP_RELEASES): Promise<string[]> {
  const ids = await listReleases(releasesDir);
  const current = await currentReleaseId(releasesDir);
  const removable = ids.filter((id) => id !== current);
  const excess = ids.length - keep;
  const removed: string[] = [];
  for (const id of removable.slice(0, Math.max(0, excess))) {
    await rm(path.join(releasesDir, id), { recursive: true, force: true });
    removed.push(id);
  }
  return removed;
}

/** Switches back to the release before the current one. */
export async function rollback(releasesDir: string): Promise<{ from: string; to: string }> {
  const ids = await listReleases(releasesDir);
  const current = await currentReleaseId(releasesDir);
  const index = current ? ids.indexOf(current) : -1;
  if (index <= 0)
    throw new Error(current ? `No release older than ${current} to roll back to.` : 'No current release.');
  const to = ids[index - 1]!;
  await switchTo(releasesDir, to);
  return { from: current!, to };
}
