// The props hashes of a release's pages, kept on disk beside the publisher's cache, so a renderer
// started after the publisher restarts (a crash, a host reboot, a deploy of the same code) can take
// the live release as its own instead of leaving the next edit to the full build: it fetches the
// content afresh as any start does, and the next build renders the pages whose props differ from
// the saved hashes (an edit made while the publisher was down among them), removes the pages gone,
// and keeps the rest. Saved with the code key they were computed under: other code, no adoption.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeJsonWhole } from '../write-whole.ts';
import type { PropsHashes } from './props-hash.ts';

/** A release id as the publisher makes them (releases.ts): a file name, nothing else. */
const RELEASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const savedFile = z.object({
  code: z.string(),
  releaseId: z.string(),
  hashes: z.array(z.tuple([z.string(), z.string()])),
});

const fileOf = (dir: string, releaseId: string) => path.join(dir, `${releaseId}.json`);

/**
 * Saves `hashes` as the pages of `releaseId`, and removes the files of releases other than those of
 * `keep` (the live one, kept until another goes live: a refused release leaves it live).
 */
export async function saveHashes(
  dir: string,
  releaseId: string,
  code: string,
  hashes: PropsHashes,
  keep: ReadonlyArray<string | null | undefined> = [],
): Promise<void> {
  if (!RELEASE_ID.test(releaseId)) return;
  await mkdir(dir, { recursive: true });
  await writeJsonWhole(fileOf(dir, releaseId), { code, releaseId, hashes: [...hashes] });
  const kept = new Set([releaseId, ...keep].map((id) => `${id}.json`));
  for (const name of await readdir(dir))
    if (!kept.has(name)) await rm(path.join(dir, name), { force: true, recursive: true });
}

/** Why the saved hashes of a release cannot be taken, or the hashes. */
type Loaded = { hashes: PropsHashes } | { why: string };

/** The saved hashes of the first of `releaseIds` that has them, when saved under `code`. */
export async function loadHashes(dir: string, releaseIds: Array<string | null>, code: string): Promise<Loaded> {
  for (const id of releaseIds) {
    if (!id || !RELEASE_ID.test(id)) continue;
    const text = await readFile(fileOf(dir, id), 'utf8').catch(() => null);
    if (text === null) continue;
    let parsed: z.infer<typeof savedFile>;
    try {
      parsed = savedFile.parse(JSON.parse(text));
    } catch {
      return { why: `the saved pages of the live release (${id}) are unreadable` };
    }
    if (parsed.releaseId !== id) return { why: `the saved pages of the live release (${id}) name another release` };
    if (parsed.code !== code) return { why: `the live release (${id}) was made by other code or settings` };
    return { hashes: new Map(parsed.hashes) };
  }
  return { why: 'no renderer saved the pages of the live release' };
}
