// The version of the code that maps CMS nodes to entries: the content, i18n and shared rule
// modules, the features' rules and strings, and the lockfile (sanitize-html, zod). An entry the
// content store kept is reused only when its node and this version are unchanged, so a deploy that
// changes a mapping maps every node again (Astro clears its store when its own config changes, not
// when a module the loaders import does).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const FOLDERS = ['src/content', 'src/i18n', 'src/site/rules', 'src/features'];
// What a loader may import: every module of the shared folders; of a feature, its rules and strings.
const mapsContent = (folder: string, file: string) =>
  !file.endsWith('.test.ts') &&
  (folder === 'src/features' ? /^[^/]+\/(rules\/.*|[^/]*strings)\.tsx?$/ : /\.tsx?$/).test(file);
const versions = new Map<string, Promise<string>>();

async function compute(root: string): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of FOLDERS) {
    const files = (await readdir(path.join(root, folder), { recursive: true }))
      .filter((f) => mapsContent(folder, f))
      .sort();
    for (const file of files) hash.update(file).update(await readFile(path.join(root, folder, file)));
  }
  hash.update(await readFile(path.join(root, 'package-lock.json')));
  return hash.digest('base64url');
}

/** Never throws: without its sources at hand (an unusual layout), a unique value (nothing reused). */
export function mappingVersion(root = process.cwd()): Promise<string> {
  if (!versions.has(root))
    versions.set(
      root,
      compute(root).catch(() => `unversioned-${Date.now()}-${Math.random()}`),
    );
  return versions.get(root)!;
}
