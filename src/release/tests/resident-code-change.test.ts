// A deploy that changes the code mapping CMS nodes to entries re-renders everything (#31): the
// publishing stack builds from a throw-away copy of the project; after the first release and an
// edit by the warm resident renderer, a mapping module of the copy is changed, as a deploy of new
// code would change it. The next edit's release is then the full build's (the renderer's bundle and
// content no longer match the code), the changed mapping shows on a page whose node was not edited
// (nothing reused from Astro's content store or page cache: src/content/mapping-version.ts), and
// it equals a cold build of the copy byte for byte; so does the next edit, the resident renderer's
// again, a new one with the new code.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from './project-copy.ts';
import { releaseChecks } from './release-checks.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'code-change' };
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
  copy = await copyProject('code-change');
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
