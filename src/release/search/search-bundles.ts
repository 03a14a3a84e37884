// Search that follows every release at once: a base index, rebuilt in full only now and then, and
// per release a small delta index of the searchable pages changed since the base, built before the
// release goes live (a second or so), with the base's results for changed and removed pages hidden.
// The search page merges the two (Pagefind's mergeIndex) and drops the hidden results, as
// /search-index.json says (src/features/search/rules/state.ts). A removed page is never offered once its
// removal is live, and an edit is found by its new words as soon as the page shows them.
//
// Index folders are named once and keep their name: a release links the live release's base and
// delta folders under the same names (hard links), so a reader who loaded the previous state
// finishes their search. <deployDir>/search-base.json records the base: its folder, each page's
// result id, and the identity (release-files.json) of each page it indexed (src/release/deploy-files.ts).
import {
  DEPLOY_FILES,
  deployPath,
  readDeployJson,
  readJsonFile,
  writeDeployJson,
  type SearchBase,
} from '../deploy-files.ts';
import { spawn } from 'node:child_process';
import { lstat, mkdtemp, rename, rm, stat, symlink } from 'node:fs/promises';
import { writeJsonWhole, writeWhole } from '../write-whole.ts';
import os from 'node:os';
import path from 'node:path';
import { parseSearchState, searchState, SEARCH_STATE_FILE } from '../../features/search/rules/state.ts';
import { linkEntries } from '../hard-links.ts';
import type { Release } from '../releases.ts';

export interface SearchOutcome {
  /** full: a new base; delta: changed pages indexed beside the live base; inherited: nothing changed. */
  kind: 'full' | 'delta' | 'inherited';
  /** Pages indexed for this release (all, or the changed ones). */
  pages: number;
  /** Results of the base hidden (pages changed or removed since it). */
  hidden: number;
  /** The release's searchable pages. */
  searchable: number;
  /** The delta index failed: the changed pages went live unsearchable (their old results hidden). */
  deltaError?: string;
}

const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

/** Pagefind's url of a site-relative page. */
const urlOf = (file: string) => `/${file.replace(/index\.html$/, '')}`;

/** Whether the publisher indexes this release: its build left the index out (deferSearchIndex). */
export async function needsSearchIndex(release: Release): Promise<boolean> {
  if (await exists(path.join(release.siteDir, 'pagefind'))) return false;
  return exists(deployPath(release.deployDir, DEPLOY_FILES.searchDeferred));
}

/** Indexes `pages` (all searchable pages when absent) into site/<folder>; returns the result ids. */
async function indexInto(
  root: string,
  cacheDir: string,
  release: Release,
  folder: string,
  pages?: string[],
): Promise<Record<string, string>> {
  const temp = path.join(release.siteDir, `.${folder}.tmp`);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'search-index-'));
  const idsFile = path.join(scratch, 'ids.json');
  const args = ['src/release/search/search-index.ts', release.siteDir, temp, '--ids', idsFile, '--cache-dir', cacheDir];
  if (pages) {
    await writeJsonWhole(path.join(scratch, 'pages.json'), pages);
    args.push('--pages', path.join(scratch, 'pages.json'));
  }
  try {
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      const keep = (c: Buffer) => void (text = (text + c.toString()).slice(-5000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (e) => resolve({ code: 1, output: e.message }));
      child.on('close', (c) => resolve({ code: c ?? 1, output: text }));
    });
    if (code !== 0) throw new Error(`search index failed: ${output.trim()}`);
    await rm(path.join(release.siteDir, folder), { recursive: true, force: true });
    await rename(temp, path.join(release.siteDir, folder));
    return (await readJsonFile<Record<string, string>>(idsFile)) ?? {};
  } finally {
    await rm(temp, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Points the release's site/pagefind (kept for servers and tools that expect it) at an index folder. */
async function pointAt(release: Release, folder: string): Promise<void> {
  const temp = path.join(release.siteDir, `.pagefind.${process.pid}.${Date.now()}.tmp`);
  await symlink(folder, temp, 'dir');
  await rename(temp, path.join(release.siteDir, 'pagefind'));
}

async function releaseFacts(release: Release) {
  const searchable = (await readDeployJson(release.deployDir, DEPLOY_FILES.searchPages)) ?? [];
  const files = (await readDeployJson(release.deployDir, DEPLOY_FILES.releaseFiles))?.astro;
  const pages = searchable.map((p) => p.slice(1));
  const identities = Object.fromEntries(pages.map((p) => [p, files?.[p] ?? `unknown-${Math.random()}`]));
  return { pages, identities };
}

/** A new base: every searchable page of the release, indexed into a folder of its own. */
async function newBase(root: string, cacheDir: string, release: Release, folder: string): Promise<SearchOutcome> {
  const { pages, identities } = await releaseFacts(release);
  const ids = await indexInto(root, cacheDir, release, folder);
  const base: SearchBase = { folder, ids, identities };
  await writeDeployJson(release.deployDir, DEPLOY_FILES.searchBase, base);
  // The symlink first, then the state: a reader never gets the old base without its hidden results.
  await pointAt(release, folder);
  await writeWhole(path.join(release.siteDir, SEARCH_STATE_FILE), JSON.stringify(searchState(folder)));
  return { kind: 'full', pages: pages.length, hidden: 0, searchable: pages.length };
}

/**
 * The release's search before it goes live: on the live release's base when there is one (its
 * folders linked, a delta index of the changed pages), else a new base.
 */
export async function prepareSearch(
  root: string,
  cacheDir: string,
  live: Release | null,
  release: Release,
): Promise<SearchOutcome> {
  const base = live && (await readDeployJson(live.deployDir, DEPLOY_FILES.searchBase));
  if (!live || !base || !(await stat(path.join(live.siteDir, base.folder)).catch(() => null)))
    return newBase(root, cacheDir, release, `pagefind-${release.id}`);
  // The live state's folders, under their names: its readers finish their searches.
  const liveState = parseSearchState(await readJsonFile(path.join(live.siteDir, SEARCH_STATE_FILE)));
  const folders = new Set([base.folder, liveState?.delta?.slice(1, -1)].filter((f): f is string => !!f));
  const present: string[] = [];
  for (const folder of folders) if (await exists(path.join(live.siteDir, folder))) present.push(folder);
  // In one process (a fragment per page: 20,000 files at 10,000 programs per language).
  await linkEntries(live.siteDir, release.siteDir, present);
  const { pages, identities } = await releaseFacts(release);
  const changed = pages.filter((p) => base.identities[p] !== identities[p]);
  const kept = new Set(pages);
  const stale = [...changed, ...Object.keys(base.identities).filter((p) => !kept.has(p))];
  let deltaFolder: string | null = null;
  let deltaIds = new Set<string>();
  let error: string | undefined;
  if (changed.length > 0) {
    try {
      deltaFolder = `pagefind-delta-${release.id}`;
      deltaIds = new Set(Object.values(await indexInto(root, cacheDir, release, deltaFolder, changed)));
    } catch (e) {
      // The pages still go live; until a later release indexes them, their old versions are hidden
      // and they are not found (never an outdated or removed page offered).
      deltaFolder = null;
      error = (e as Error).message;
    }
  }
  // A changed page whose indexed text is the same keeps its result id in the delta: not hidden
  // (that would hide both); the search page offers a result id once.
  const hidden = stale.map((p) => base.ids[urlOf(p)]).filter((id): id is string => !!id && !deltaIds.has(id));
  await writeDeployJson(release.deployDir, DEPLOY_FILES.searchBase, base);
  await pointAt(release, base.folder);
  const languages = deltaFolder
    ? Object.keys(
        (
          await readJsonFile<{ languages: Record<string, unknown> }>(
            path.join(release.siteDir, deltaFolder, 'pagefind-entry.json'),
          )
        )?.languages ?? {},
      )
    : [];
  await writeWhole(
    path.join(release.siteDir, SEARCH_STATE_FILE),
    JSON.stringify(searchState(base.folder, deltaFolder ? { folder: deltaFolder, languages } : null, hidden)),
  );
  return {
    kind: changed.length > 0 ? 'delta' : 'inherited',
    pages: deltaFolder ? changed.length : 0,
    hidden: hidden.length,
    searchable: pages.length,
    ...(error ? { deltaError: error } : {}),
  };
}

/** When the delta has grown (a share of the site, or many pages), a new base after going live. */
export function deltaTooLarge(outcome: SearchOutcome): boolean {
  return outcome.kind === 'delta' && outcome.pages + outcome.hidden > Math.max(100, outcome.searchable * 0.05);
}

/** A new base for a live release (its delta had grown); the state switches to it in one rename. */
export async function rebaseSearch(root: string, cacheDir: string, release: Release): Promise<SearchOutcome> {
  return newBase(root, cacheDir, release, `pagefind-${release.id}-rebased`);
}
