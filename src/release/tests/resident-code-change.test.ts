// A deploy that changes the code mapping CMS nodes to entries re-renders everything (#31): the
// publishing stack builds from a throw-away copy of the project; after the first release and an
// edit by the warm resident renderer, a mapping module of the copy is changed, as a deploy of new
// code would change it. The next edit's release is then the full build's (the renderer's bundle and
// content no longer match the code), the changed mapping shows on a page whose node was not edited
// (nothing reused from Astro's content store or page cache: src/content/mapping-version.ts), and
// it equals a cold build of the copy byte for byte; so does the next edit, the resident renderer's
// again, a new one with the new code.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseChecks } from './release-checks.ts';
import { startPublishing, type Publishing } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'code-change' };
// What a build reads of the project; node_modules comes as hard links (the same files, no copy)
// when the temporary folder is on the project's file system.
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
// The mapping changed: a program's "About" text gets a paragraph the CMS never sent.
const MAPPING = 'src/content/types/program.ts';
const BEFORE = 'about: html(node.field_about, node.langcode),';
const MARK = 'Mapped by the newly deployed code.';
const AFTER = `about: html(node.field_about, node.langcode) + '<p>${MARK}</p>',`;
// The page checked for the new mapping: a program the edits never touch.
const UNTOUCHED = '/en/program/tele-care-811';
const EDITED = '/program/home-support-services';

let copy = '';
let publishing: Publishing | undefined;
let checks: ReturnType<typeof releaseChecks>;

beforeAll(async () => {
  copy = await mkdtemp(path.join(os.tmpdir(), 'code-change-project-'));
  const modules = [path.join(root, 'node_modules'), path.join(copy, 'node_modules')];
  // Another file system than the project's (no hard links across them): a real copy, slower.
  await promisify(execFile)('cp', ['-al', ...modules]).catch(async () => {
    await rm(modules[1]!, { recursive: true, force: true });
    await promisify(execFile)('cp', ['-a', ...modules]);
  });
  for (const cache of CACHES) await rm(path.join(copy, 'node_modules', cache), { recursive: true, force: true });
  for (const entry of PROJECT) await cp(path.join(root, entry), path.join(copy, entry), { recursive: true });
  publishing = await startPublishing('code-change', { secret, auth, root: copy });
  checks = releaseChecks(publishing, { secret, auth });
  // The first release (the full build), then an edit by the warm resident renderer.
  let s = await checks.retitle(EDITED, 'Home Support Services');
  expect(s.lastBuild?.builder?.builder).toBe('full');
  s = await checks.retitle(EDITED, 'Home Support Services (renderer warm)');
  expect(s.lastBuild?.builder?.builder).toBe('resident');
  expect((await checks.served(UNTOUCHED)).text).not.toContain(MARK);
}, 600_000);

afterAll(async () => {
  await publishing?.close();
  if (publishing) await rm(publishing.work, { recursive: true, force: true });
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('a deploy that changes the mapping code', () => {
  it('the next edit is the full build’s, every page mapped by the new code, equal to a cold build', async () => {
    const file = path.join(copy, MAPPING);
    const code = await readFile(file, 'utf8');
    expect(code).toContain(BEFORE);
    await writeFile(file, code.replace(BEFORE, AFTER));
    const renderer = (await checks.status()).resident.pid;
    const s = await checks.retitle(EDITED, 'Home Support Services (code changed)');
    expect(s.lastBuild?.builder).toEqual({ builder: 'full', reason: "the site's code or settings changed" });
    expect((await checks.served(UNTOUCHED)).text).toContain(MARK);
    expect((await checks.served(`/en${EDITED}`)).text).toContain('(code changed)');
    await checks.expectLiveEqualsCold(s, 'full');
    // A renderer of the new code came with the full build: the old one's modules map by the old.
    expect(s.resident.pid).not.toBeNull();
    expect(s.resident.pid).not.toBe(renderer);
  }, 300_000);

  it('then the next edit is the new renderer’s, mapped by the new code, equal to a cold build', async () => {
    const s = await checks.retitle(EDITED, 'Home Support Services (after the deploy)');
    expect(s.lastBuild?.builder?.builder).toBe('resident');
    const page = (await checks.served(`/en${EDITED}`)).text;
    expect(page).toContain('(after the deploy)');
    expect(page).toContain(MARK);
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);
});
