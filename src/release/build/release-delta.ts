// A build from a previous release (BuildOptions.previousRelease, the live release the publisher
// builds after): the new release starts as hard links of the previous one, and only the files Astro wrote
// differently are moved in. The post-build steps then redo their work for those files alone
// (context.delta), instead of reading, compressing and checking every page of the site again.
//
// What changed is known without reading pages: <deployDir>/release-files.json gives each file
// Astro wrote an identity, for a page with an incremental-build key the key Astro itself reuses
// pages by (config, lockfile, route code, cacheKey, rendered content entries), for any other file
// its content hash. Same identity, same bytes: Astro would have restored that page from its cache.
import { DEPLOY_FILES, readDeployJson, writeDeployJson, type ReleaseFiles } from '../deploy-files.ts';
import type { IncrementalManifest } from '../resident/astro-internals.ts';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { mapInBatches } from './batches.ts';
import { linkEntries } from '../hard-links.ts';

const VERSION = 1;

/** Files Astro writes that are consumed by a step and never published. */
const TRANSIENT = new Set(['redirect-inputs.json', 'official-languages-inputs.json']);

/** A build from a previous release: what differs from it. The steps add their own files. */
export interface ReleaseDelta {
  previousSite: string;
  previousDeploy: string;
  /** Site-relative files written by this build (new or different from the previous release's). */
  changed: Set<string>;
  /** Site-relative files of the previous release that this one no longer has. */
  removed: Set<string>;
}

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('base64url');
const posix = (p: string) => p.split(path.sep).join('/');

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => posix(path.relative(dir, path.join(e.parentPath, e.name))));
}

/**
 * The identity of every file Astro wrote into `astroOut`, from Astro's incremental-build manifest;
 * without one, every file is identified by its bytes (slower at scale, never a stale page).
 */
export async function astroIdentities(
  astroOut: string,
  manifest: IncrementalManifest | null,
): Promise<Record<string, string>> {
  const keyed = new Map<string, string>();
  for (const route of Object.values(manifest?.routes ?? {}))
    for (const page of Object.values(route.paths))
      if (page.cacheKey)
        keyed.set(
          page.outputFile,
          `k:${sha(JSON.stringify([manifest!.configHash, manifest!.lockfileHash, route.dependencyHash, page.cacheKey, page.contentHashes ?? {}]))}`,
        );
  const files = (await filesOf(astroOut)).filter((f) => !TRANSIENT.has(f));
  const ids = await mapInBatches(
    files,
    async (f) => keyed.get(f) ?? `h:${sha(await readFile(path.join(astroOut, f)))}`,
    64,
  );
  const pairs: Array<[string, string]> = files.map((f, i) => [f, ids[i]!]);
  return Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function readReleaseFiles(deployDir: string): Promise<ReleaseFiles | null> {
  const data = await readDeployJson(deployDir, DEPLOY_FILES.releaseFiles);
  return data?.version === VERSION ? data : null;
}

export function writeReleaseFiles(deployDir: string, astro: Record<string, string>): Promise<void> {
  return writeDeployJson(deployDir, DEPLOY_FILES.releaseFiles, { version: VERSION, astro });
}

/** Files new or different in `next`, and files of `previous` gone from it. */
export function diffFiles(previous: Record<string, string>, next: Record<string, string>) {
  const changed = Object.keys(next).filter((f) => previous[f] !== next[f]);
  const removed = Object.keys(previous).filter((f) => !(f in next));
  return { changed, removed };
}

async function moveFile(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await rm(to, { force: true });
  await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EXDEV') throw error;
    await copyFile(from, to);
  });
}

/** Removes a published file and its compressed copies (precompress writes `x.br`, `x.gz`). */
export async function removePublished(siteDir: string, file: string): Promise<void> {
  for (const suffix of ['', '.br', '.gz']) await rm(path.join(siteDir, `${file}${suffix}`), { force: true });
}

/**
 * Starts making `siteDir` the previous release's site, as hard links (without its search index
 * folders). It runs in its own process while Astro builds; applyDiff finishes it.
 */
export async function linkPrevious(previousSite: string, siteDir: string): Promise<void> {
  const names = (await readdir(previousSite)).filter((n) => !/^\.?pagefind/.test(n) && !n.endsWith('.tmp'));
  await rm(siteDir, { recursive: true, force: true });
  // Its folders writable (linkEntries makes them anew), its files the live release's, read-only.
  await linkEntries(previousSite, siteDir, names);
}

/** Removes from `siteDir` the files Astro no longer wrote, and moves in from `astroOut` those it changed. */
export async function applyDiff(
  astroOut: string,
  siteDir: string,
  diff: { changed: string[]; removed: string[] },
): Promise<void> {
  await mapInBatches(diff.removed, (f) => removePublished(siteDir, f), 64);
  // The changed files' old compressed copies are the previous release's: precompress writes new ones.
  await mapInBatches(
    [...diff.changed, ...TRANSIENT],
    async (f) => {
      const from = path.join(astroOut, f);
      if (TRANSIENT.has(f) && !(await stat(from).catch(() => null))) return;
      await removePublished(siteDir, f);
      await moveFile(from, path.join(siteDir, f));
    },
    64,
  );
  // Removing Astro's copy of the site takes seconds: it is set aside, and the next build removes it.
  await rename(astroOut, `${astroOut}${TRASH}${process.pid}-${Date.now()}`);
}

const TRASH = '.trash-';

/** Removes what earlier builds set aside beside `astroOut`, in another process (run beside Astro). */
export async function emptyTrash(astroOut: string): Promise<void> {
  const dir = path.dirname(astroOut);
  const prefix = `${path.basename(astroOut)}${TRASH}`;
  const old = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.startsWith(prefix));
  if (old.length === 0) return;
  const folders = old.map((n) => path.join(dir, n));
  await promisify(execFile)('rm', ['-rf', '--', ...folders]).catch(() =>
    Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))),
  );
}
