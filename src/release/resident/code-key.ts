// What the resident renderer's pages are made by: the site's code (src/, the mapping included:
// src/content/mapping-version.ts covers a part of it), the Astro configurations, the packages
// and the settings pages render from. Another key: the renderer's bundle and content no longer
// match the code, so the full build makes the release (and re-renders every page).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { renderedSettings, type SiteEnv } from '../../config/site-env.ts';

const SOURCE = /\.(ts|tsx|mts|astro|css|json|mjs)$/;
const PROJECT_FILES = ['astro.config.mjs', 'astro.resident.config.mjs', 'package-lock.json'];

export async function codeKey(root: string, env: SiteEnv): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(path.join(root, 'src'), { recursive: true }))
    .filter((f) => SOURCE.test(f) && !f.endsWith('.test.ts') && !f.includes(`tests${path.sep}`))
    .sort();
  for (const f of files) hash.update(f).update(await readFile(path.join(root, 'src', f)));
  for (const f of PROJECT_FILES) hash.update(f).update(await readFile(path.join(root, f)).catch(() => ''));
  return hash.update(JSON.stringify(renderedSettings(env))).digest('base64url');
}
