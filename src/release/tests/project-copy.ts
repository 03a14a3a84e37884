// A throw-away copy of the project for a publishing stack (support.ts `root`): what a build reads
// of the project, and node_modules as hard links (the same files, no copy) when the copy's folder
// is on the project's file system (the run's TEST_DISK_TMPDIR, tests/run-folder.ts), without the
// caches the builds write into it.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../../..');
const PROJECT = [
  'src',
  'public',
  'scripts',
  'astro.config.mjs',
  'astro.resident.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
// The caches the builds write into node_modules: not shared (a hard-linked file written in place
// would change this checkout's).
const CACHES = ['.astro', '.astro-resident', '.cache', '.vite', '.vite-temp'];

/** The copy's folder; the caller removes it. */
export async function copyProject(name: string): Promise<string> {
  const copy = await mkdtemp(path.join(process.env.TEST_DISK_TMPDIR ?? os.tmpdir(), `${name}-project-`));
  const modules = [path.join(root, 'node_modules'), path.join(copy, 'node_modules')];
  // Another file system than the project's (no hard links across them): a real copy, slower.
  await promisify(execFile)('cp', ['-al', ...modules]).catch(async () => {
    await rm(modules[1]!, { recursive: true, force: true });
    await promisify(execFile)('cp', ['-a', ...modules]);
  });
  for (const cache of CACHES) await rm(path.join(copy, 'node_modules', cache), { recursive: true, force: true });
  for (const entry of PROJECT) await cp(path.join(root, entry), path.join(copy, entry), { recursive: true });
  return copy;
}
