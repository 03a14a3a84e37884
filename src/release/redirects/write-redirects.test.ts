// The redirect outputs of a release made from the previous one by the resident renderer (its code
// known): the same inputs and files take the previous release's outputs and warnings as they are;
// other inputs, a removed page or other code make them anew. Each equals a full build of the same.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSiteEnv } from '../../config/site-env.ts';
import { DEPLOY_FILES, deployPath } from '../deploy-files.ts';
import { applyDiff, diffFiles, linkPrevious } from '../build/release-delta.ts';
import { shortPaths } from './redirects.ts';
import { redirectsStep } from './write-redirects.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const base = { root, env: parseSiteEnv({}), cmsUrl: 'http://cms.invalid/', nginxRoot: '/srv/releases/current/site' };
let work = '';
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

type Pages = Record<string, string>;

async function write(dir: string, files: Pages) {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

// Every short path to the home page, programs in both languages (a stub at each one's
// other-language slug), and a vanity path to a page these sites do not have (a warning in every
// release, as the spec's fixed vanity paths to pages these small sites do not have).
const inputs = (programs: string[]) =>
  JSON.stringify({
    landingPages: Object.values(shortPaths).flatMap((id) =>
      (['en', 'fr'] as const).map((lang) => ({ id, lang, alias: '/home' })),
    ),
    vanities: [{ lang: 'en', route: '/gone-vanity', target: { kind: 'internal', path: '/en/program/nowhere' } }],
    translations: programs.flatMap((p) => [
      { id: p, lang: 'en', alias: `/program/${p}` },
      { id: p, lang: 'fr', alias: `/programme/${p}` },
    ]),
    cmsRedirects: [],
  });

const pagesOf = (programs: string[], edit = '') =>
  Object.fromEntries([
    ['en/error.html', 'error'],
    ['fr/error.html', 'erreur'],
    ['en/home.html', 'home'],
    ['fr/home.html', 'accueil'],
    ...programs.flatMap((p) => [
      [`en/program/${p}.html`, `${p}${edit}`],
      [`fr/programme/${p}.html`, `${p} fr`],
    ]),
  ]) as Pages;

interface Made {
  site: string;
  pages: Pages;
}

/** The step's outputs of a release: its site's files, the nginx include, the list, the warnings. */
async function outputs(site: string) {
  const files = (await readdir(site, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const tree: Pages = {};
  for (const e of files) {
    const file = path.relative(site, path.join(e.parentPath, e.name));
    tree[file] = await readFile(path.join(site, file), 'utf8');
  }
  const deploy = `${site}-deploy`;
  const read = (name: string) => readFile(path.join(deploy, name), 'utf8').catch(() => '');
  return {
    tree,
    nginx: await read(DEPLOY_FILES.nginx.name),
    list: await read(DEPLOY_FILES.redirects.name),
    warnings: await read(DEPLOY_FILES.buildWarnings.name),
  };
}

/** A release: from nothing (a full build), or from `previous` with the code key given (the resident renderer). */
async function release(name: string, pages: Pages, programs: string[], previous?: Made, codeKey?: string) {
  const site = path.join(work, name);
  const deployDir = `${site}-deploy`;
  await mkdir(deployDir, { recursive: true });
  const astroOut = path.join(work, `${name}-astro`);
  await write(previous ? astroOut : site, { ...pages, 'redirect-inputs.json': inputs(programs) });
  const diff = previous ? diffFiles(previous.pages, pages) : null;
  if (previous && diff) {
    await linkPrevious(previous.site, site);
    await applyDiff(astroOut, site, diff);
  }
  const delta =
    previous && diff
      ? {
          previousSite: previous.site,
          previousDeploy: `${previous.site}-deploy`,
          changed: new Set(diff.changed),
          removed: new Set(diff.removed),
        }
      : undefined;
  await redirectsStep.run({
    ...base,
    outDir: site,
    deployDir,
    astroFiles: new Set(Object.keys(pages)),
    ...(delta ? { delta } : {}),
    ...(codeKey ? { codeKey } : {}),
  });
  return { site, pages };
}

/** A mark in the previous release's include: found in the next one only when its outputs were taken. */
async function mark(made: Made) {
  const include = deployPath(`${made.site}-deploy`, DEPLOY_FILES.nginx);
  await writeFile(include, `${await readFile(include, 'utf8')}# taken from the previous release\n`);
}
const taken = async (made: Made) => (await outputs(made.site)).nginx.includes('# taken from the previous release');

async function expectEqualToFullBuild(made: Made, programs: string[]) {
  const full = await release(`${path.basename(made.site)}-full`, made.pages, programs);
  const [mine, theirs] = await Promise.all([outputs(made.site), outputs(full.site)]);
  // The include names the root nginx serves, the same in both.
  expect({ ...mine, nginx: mine.nginx.replace('# taken from the previous release\n', '') }).toEqual(theirs);
}

describe('the redirects step of a release from the previous one, its code known', () => {
  it('takes the outputs of the same inputs and files as they are, and makes them anew for anything else', async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'redirects-made-'));
    const two = ['a', 'b'];
    const first = await release('first', pagesOf(two), two);
    // The first release from a full build's: nothing to take (the full build knew no code key).
    const second = await release('second', pagesOf(two, ' edited'), two, first, 'code-1');
    await expectEqualToFullBuild(second, two);

    // An edit that changes no address: the outputs and the warnings are the previous release's.
    await mark(second);
    const third = await release('third', pagesOf(two, ' edited again'), two, second, 'code-1');
    expect(await taken(third)).toBe(true);
    expect((await outputs(third.site)).warnings).toContain('/gone-vanity');
    await expectEqualToFullBuild(third, two);

    // A program created: other inputs.
    await mark(third);
    const three = ['a', 'b', 'c'];
    const fourth = await release('fourth', pagesOf(three), three, third, 'code-1');
    expect(await taken(fourth)).toBe(false);
    await expectEqualToFullBuild(fourth, three);

    // A page removed and another added, as many files as before, the inputs unchanged (its
    // node's translation still listed): the stub to it goes.
    await mark(fourth);
    const { 'fr/programme/c.html': _gone, ...rest } = pagesOf(three);
    const withoutC = { ...rest, 'en/page/about.html': 'about' };
    const fifth = await release('fifth', withoutC, three, fourth, 'code-1');
    expect(await taken(fifth)).toBe(false);
    await expectEqualToFullBuild(fifth, three);

    // Other code: made anew.
    const sixth = await release('sixth', withoutC, three, fifth, 'code-1');
    await mark(sixth);
    const seventh = await release('seventh', { ...withoutC, 'en/error.html': 'error again' }, three, sixth, 'code-2');
    expect(await taken(seventh)).toBe(false);
    await expectEqualToFullBuild(seventh, three);
  });
});
