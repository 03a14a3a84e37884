// The next release's folder linked ahead of time. A resident release starts as hard links of every
// file of the live release (linkPrevious): about 80,000 links at 10,000 programs per language, two
// seconds of the edit's path, longer than rendering its pages. Linking does not depend on the
// edit, only on the live release, so the renderer does it once a release is live (the publisher
// says so), between edits; the next build takes the folder when the live release is still the one
// it was linked from, and links as before otherwise (a rollback, a release made elsewhere).
//
// The folder is `.prelinked-<host>-<pid>` in RELEASES_DIR (a dot name: never taken for a release,
// never swept as a leftover by another node), made under a `.partial` name and renamed once whole.
// A renderer that was killed leaves its folder: the next one on the host removes the folders of
// processes that are gone. Nothing in it is written in place (a linked file is the live release's
// too): the release replaces files, as with linkPrevious.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { linkPrevious } from '../build/release-delta.ts';

const PREFIX = '.prelinked-';
const TRASH = '.trash-';
const host = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_');

/** Removes folders in another process (tens of thousands of entries take seconds). */
async function removeAside(folders: string[]): Promise<void> {
  if (folders.length === 0) return;
  await promisify(execFile)('rm', ['-rf', '--', ...folders]).catch(() =>
    Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))),
  );
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** What this host's renderers left: the folders of processes that are gone, this one's set aside. */
async function leftovers(releasesDir: string): Promise<string[]> {
  const names = await readdir(releasesDir).catch(() => [] as string[]);
  const mine = `${PREFIX}${host}-`;
  return names
    .filter((n) => n.startsWith(mine))
    .filter((n) => {
      const pid = Number(/^(\d+)/.exec(n.slice(mine.length))?.[1]);
      return pid === process.pid ? n.includes(TRASH) : !alive(pid);
    })
    .map((n) => path.join(releasesDir, n));
}

const setAside = (folder: string) => rename(folder, `${folder}${TRASH}${Date.now()}`).catch(() => undefined);

interface Prepared {
  liveSite: string;
  folder: string;
  /** Whether the folder was made whole. */
  ready: Promise<boolean>;
}

export function prelinker() {
  let prepared: Prepared | null = null;
  let clearing: Promise<void> = Promise.resolve();
  const clearLeftovers = (releasesDir: string) => {
    clearing = clearing.then(() => leftovers(releasesDir).then(removeAside));
  };

  return {
    /** Links the live release `liveSite` into this renderer's folder, replacing what it held. */
    prepare: (releasesDir: string, liveSite: string): void => {
      const folder = path.join(releasesDir, `${PREFIX}${host}-${process.pid}`);
      const partial = `${folder}.partial`;
      const previous = prepared;
      const ready = (async () => {
        await previous?.ready;
        await setAside(folder);
        await setAside(partial);
        clearLeftovers(releasesDir);
        await linkPrevious(liveSite, partial);
        await rename(partial, folder);
        return true;
      })().catch(() => false);
      prepared = { liveSite, folder, ready };
    },

    /**
     * Makes `siteDir` the live release's files linked: the prepared folder when it was linked from
     * `liveSite` (waited for when under way), else linked now (a folder of another release set aside).
     * Whether the prepared folder was taken.
     */
    link: async (liveSite: string, siteDir: string): Promise<boolean> => {
      const taken = prepared;
      prepared = null;
      if (taken && (await taken.ready)) {
        if (taken.liveSite === liveSite) {
          await rm(siteDir, { recursive: true, force: true });
          await mkdir(path.dirname(siteDir), { recursive: true });
          if (
            await rename(taken.folder, siteDir).then(
              () => true,
              () => false,
            )
          )
            return true;
        }
        await setAside(taken.folder);
        clearLeftovers(path.dirname(taken.folder));
      }
      await linkPrevious(liveSite, siteDir);
      return false;
    },

    /** Whether the folder prepared last was made whole (tests wait for it). */
    ready: () => prepared?.ready ?? Promise.resolve(false),
    /** The removal of what was set aside, under way (tests wait for it). */
    cleared: () => clearing,
  };
}
