// Search after pages: a release may go live with the search index of the live release, and its own
// index is built right after and switched in. Each index is a folder inside the release's site,
// site/pagefind-<name>/, and site/pagefind is a relative symlink to it, replaced in one atomic rename,
// so a reader sees one whole index or the other (and the static server, which refuses symlinks
// leading out of the site, serves it). An inherited index is a tree of hard links to the live
// release's files. <deployDir>/search-offered.json lists the pages the linked index offers.
// A release from which a page left the index waits for its own index before going live: a removed
// page is never offered as a result once its removal is live.
import { spawn } from 'node:child_process';
import { copyFile, lstat, readFile, realpath, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { linkTree } from './hard-links.ts';
import type { Release } from './releases.ts';

const SEARCH_PAGES_FILE = 'search-pages.json';
/** Written by a build that left its search index to the publisher (BUILD_SEARCH_INDEX=off). */
export const INDEX_DEFERRED_FILE = 'search-index-deferred';
const OFFERED_FILE = 'search-offered.json';

let sequence = 0;

async function readList(file: string): Promise<string[] | null> {
  return readFile(file, 'utf8').then(
    (t) => JSON.parse(t) as string[],
    () => null,
  );
}

/**
 * Whether the publisher must index this release: its build left the index out (BUILD_SEARCH_INDEX=off).
 * The build listed the pages the index will hold (<deployDir>/search-pages.json).
 */
export async function needsSearchIndex(release: Release): Promise<boolean> {
  const exists = (file: string) =>
    lstat(file).then(
      () => true,
      () => false,
    );
  if (await exists(path.join(release.siteDir, 'pagefind'))) return false;
  return exists(path.join(release.deployDir, INDEX_DEFERRED_FILE));
}

/** Points the release's site/pagefind at one of its index folders, in one atomic rename. */
async function pointAt(release: Release, folder: string): Promise<void> {
  const temp = path.join(release.siteDir, `.pagefind.${process.pid}.${Date.now()}.tmp`);
  await symlink(folder, temp, 'dir');
  await rename(temp, path.join(release.siteDir, 'pagefind'));
}

/**
 * Gives the release the live release's index, if every page that index offers is still in the
 * release's own list (no page left the index). Returns whether it did; if not, index first.
 */
export async function inheritIndex(live: Release | null, release: Release): Promise<boolean> {
  if (!live) return false;
  const source = await realpath(path.join(live.siteDir, 'pagefind')).catch(() => null);
  if (!source) return false;
  // The pages the live index offers: those it inherited, or (its own index) its own list.
  let offeredFile = path.join(live.deployDir, OFFERED_FILE);
  let offered = await readList(offeredFile);
  if (!offered) offered = await readList((offeredFile = path.join(live.deployDir, SEARCH_PAGES_FILE)));
  const next = await readList(path.join(release.deployDir, SEARCH_PAGES_FILE));
  if (!offered || !next) return false;
  const kept = new Set(next);
  if (!offered.every((page) => kept.has(page))) return false;
  const folder = `pagefind-inherited-${++sequence}`;
  await linkTree(source, path.join(release.siteDir, folder));
  await copyFile(offeredFile, path.join(release.deployDir, OFFERED_FILE));
  await pointAt(release, folder);
  return true;
}

/** Indexes the release's pages (Pagefind in a child process) and switches its site/pagefind to that index. */
export async function indexRelease(root: string, cacheDir: string, release: Release): Promise<void> {
  const folder = `pagefind-${release.id}-${++sequence}`;
  const temp = path.join(release.siteDir, `.${folder}.tmp`);
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/build/search-index.ts', release.siteDir, temp], {
      cwd: root,
      env: { ...process.env, ASTRO_CACHE_DIR: cacheDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const keep = (c: Buffer) => void (text = (text + c.toString()).slice(-5000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) => resolve({ code: 1, output: e.message }));
    child.on('close', (c) => resolve({ code: c ?? 1, output: text }));
  });
  if (code !== 0) {
    await rm(temp, { recursive: true, force: true });
    throw new Error(`search index failed: ${output.trim()}`);
  }
  await rename(temp, path.join(release.siteDir, folder));
  const before = await realpath(path.join(release.siteDir, 'pagefind')).catch(() => null);
  await pointAt(release, folder);
  await copyFile(path.join(release.deployDir, SEARCH_PAGES_FILE), path.join(release.deployDir, OFFERED_FILE));
  // The inherited index is no longer reachable through /pagefind/.
  if (before && path.dirname(before) === (await realpath(release.siteDir)))
    await rm(before, { recursive: true, force: true });
}
