// Issue 29 items 1 and 2 (the path side): a vanity URL or a Drupal redirect source never names a
// file outside the release being built: not by `..` (plain, percent-encoded, double-encoded, with
// backslashes), not into the live release, not through a symlink, and not when a later build
// removes the stubs of an earlier one. The redirect step runs on a real folder of releases; each
// hostile entry is left out with a warning and the release is still written.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readBuildWarnings } from '../../src/content/build-warnings.ts';
import { shortPaths, type RedirectInputs } from '../../src/release/redirects/redirects.ts';
import { parseSitePath, siteFile } from '../../src/site/rules/site-path.ts';
import { vanitySource } from '../../src/content/types/vanity-url.ts';
import { pathField } from '../../src/content/types/fields.ts';
import { cmsFilePath } from '../../src/content/links.ts';
import { redirectsStep } from '../../src/release/redirects/write-redirects.ts';
import type { BuildContext } from '../../src/release/build/context.ts';
import type { SiteEnv } from '../../src/config/site-env.ts';

const LIVE = '20261124-101010';
let work = '';
let releases = '';
let outDir = '';
let deployDir = '';

/** Every file under `dir` with a hash of its bytes (symlinks as their target). */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(e.parentPath, e.name);
    if (e.isFile()) out[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    else if (e.isSymbolicLink()) out[path.relative(dir, full)] = 'link';
  }
  return out;
}

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'content-paths-'));
  releases = path.join(work, 'releases');
  write(path.join(releases, LIVE, 'site/en/calculator.html'), 'live calculator');
  write(path.join(releases, LIVE, 'site/en/calculator.html.gz'), 'live calculator gz');
  write(path.join(work, 'victim/x/index.html'), 'victim');
  write(path.join(work, 'victim/x/index.html.gz'), 'victim gz');
  write(path.join(work, 'victim/x.html'), 'victim');
  write(path.join(work, 'victim/x.html.gz'), 'victim gz');
  outDir = path.join(releases, '20261124-121212', 'site');
  deployDir = path.join(releases, '20261124-121212', 'deploy');
  mkdirSync(outDir, { recursive: true });
  mkdirSync(deployDir, { recursive: true });
  process.env.BUILD_WARNINGS_FILE = path.join(deployDir, 'build-warnings.jsonl');
});
afterAll(() => {
  delete process.env.BUILD_WARNINGS_FILE;
  rmSync(work, { recursive: true, force: true });
});

const landingPages = (['en', 'fr'] as const).flatMap((lang) =>
  Object.keys(shortPaths).map((name) => ({ id: shortPaths[name]!, lang, alias: `/category/${name}` })),
);
const astroFiles = new Set([
  'en/home.html',
  'fr/home.html',
  'en/calculator.html',
  ...(['en', 'fr'] as const).flatMap((lang) => Object.keys(shortPaths).map((n) => `${lang}/category/${n}.html`)),
]);

const vanity = (route: string) => ({
  lang: 'en' as const,
  route,
  target: { kind: 'internal' as const, path: '/en/home' },
});
/** `victim/x` seen from the release folder. */
const up = '../../..';

async function runStep(inputs: Partial<RedirectInputs>, delta?: BuildContext['delta']) {
  const full: RedirectInputs = { landingPages, vanities: [], translations: [], ...inputs };
  writeFileSync(path.join(outDir, 'redirect-inputs.json'), JSON.stringify(full));
  await redirectsStep.run({
    root: work,
    outDir,
    deployDir,
    env: { FRENCH_HOST: '' } as unknown as SiteEnv,
    cmsUrl: 'http://cms.invalid/',
    astroFiles,
    ...(delta ? { delta } : {}),
  });
  return readBuildWarnings(process.env.BUILD_WARNINGS_FILE!);
}

const hostileSources = [
  `/${up}/victim/x`, // the issue's `/../../../../tmp/x`, aimed at a file that exists
  `/%2e%2e/%2e%2e/%2e%2e/victim/x`, // encoded dot segments
  `/%252e%252e/%252e%252e/%252e%252e/victim/x`, // double-encoded
  `/..%2F..%2F..%2Fvictim%2Fx`, // encoded slashes (what the Drupal redirect did)
  `/..\\..\\..\\victim\\x`, // backslashes
  `/%2e%2e%5c%2e%2e%5c%2e%2e%5cvictim%5cx`, // encoded backslashes
  `/../../${LIVE}/site/en/calculator`, // item 2: the live release, by its public id
  `/x%00/../../${LIVE}/site/en/calculator`, // NUL
];

describe('redirect stubs stay inside the release', () => {
  it('vanity URLs: every hostile source is left out with a warning; nothing outside the release changes; the rest is written', async () => {
    const before = tree(work);
    const warnings = await runStep({ vanities: [...hostileSources.map(vanity), vanity('/dental')] });
    const after = tree(work);
    for (const [file, hash] of Object.entries(before)) expect(after[file], file).toBe(hash);
    for (const file of Object.keys(after))
      if (!Object.hasOwn(before, file))
        expect(path.join(work, file).startsWith(`${path.dirname(outDir)}${path.sep}`), file).toBe(true);
    for (const source of hostileSources)
      expect(
        warnings.some((w) => w.page === source && /left out/.test(w.message)),
        `${source}: ${JSON.stringify(warnings)}`,
      ).toBe(true);
    // The release is still made: the good vanity's stub, _redirects and the nginx include.
    expect(readFileSync(path.join(outDir, 'dental.html'), 'utf8')).toContain('url=/en/home');
    expect(readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8')).toContain('location = "/dental"');
    expect(readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8')).not.toContain('..');
    expect(readFileSync(path.join(outDir, '_redirects'), 'utf8')).not.toContain('..');
  });

  it('Drupal redirect sources (`redirect_source.path` with ..%2F) are left out the same way', async () => {
    const before = tree(work);
    const cmsRedirects = ['..%2F..%2F..%2Fvictim%2Fx', `../../${LIVE}/site/en/calculator`, '%2e%2e/%2e%2e/x'].map(
      (source) => ({ source: `/${source}`, hasQuery: false, uri: 'internal:/en/home', status: 301, language: 'en' }),
    );
    const warnings = await runStep({ cmsRedirects });
    expect(tree(work)).toMatchObject(before);
    expect(warnings.filter((w) => /left out: its address/.test(w.message))).toHaveLength(3);
  });

  it('a symlink inside the release is not followed out of it', async () => {
    symlinkSync(path.join(releases, LIVE, 'site/en'), path.join(outDir, 'linked'));
    const before = tree(path.join(releases, LIVE));
    const warnings = await runStep({ vanities: [vanity('/linked/calculator'), vanity('/linked/new-page')] });
    expect(tree(path.join(releases, LIVE))).toEqual(before);
    expect(warnings.filter((w) => /outside the release/.test(w.message))).toHaveLength(2);
  });

  it('a later build does not remove files through the stale hostile entries of an earlier release', async () => {
    const previousDeploy = path.join(releases, LIVE, 'deploy');
    write(
      path.join(previousDeploy, 'redirects.json'),
      JSON.stringify(
        [`/${up}/victim/x`, `/../../${LIVE}/site/en/calculator`, '/%2e%2e/%2e%2e/%2e%2e/victim/x'].map((from) => ({
          from,
          to: '/en/home',
          external: false,
        })),
      ),
    );
    const before = tree(work);
    const delta = {
      previousSite: path.join(releases, LIVE, 'site'),
      previousDeploy,
      changed: new Set<string>(),
      removed: new Set<string>(),
    };
    await runStep({}, delta);
    const after = tree(work);
    for (const [file, hash] of Object.entries(before))
      if (!file.includes('20261124-121212')) expect(after[file], file).toBe(hash);
    expect([...delta.removed]).toEqual([]);
  });
});

describe('the one site path parser', () => {
  it('refuses dot segments in any spelling, backslashes, controls, NUL and over-long paths; keeps ordinary ones', () => {
    for (const raw of [
      ...hostileSources,
      '/a/%2E%2E/b',
      '/a/.%2e/b',
      '/a/%2e./b',
      '/a/%C0%AE%C0%AE/b', // overlong UTF-8 dot: malformed
      '/a/%E2%80%AE/b', // right-to-left override
      '/a\u0000b',
      '/a%0Ab',
      '/a%0D%0Ab',
      '/a b',
      `/${'a'.repeat(600)}`,
      'relative/path',
      '//a/../b',
    ])
      expect(parseSitePath(raw), raw).toHaveProperty('error');
    expect(parseSitePath('/Financialhelpcalculator')).toEqual({
      path: '/Financialhelpcalculator',
      segments: ['Financialhelpcalculator'],
    });
    expect(parseSitePath('/fr/santé-mentale/')).toEqual({
      path: '/fr/santé-mentale/',
      segments: ['fr', 'santé-mentale'],
    });
    expect(parseSitePath('/caf%C3%A9//x')).toEqual({ path: '/café/x', segments: ['café', 'x'] });
    expect(siteFile('/café/x')).toBe('café/x.html');
    expect(siteFile('/café/x/')).toBe('café/x/index.html');
    expect(siteFile('/a/../b')).toBeNull();
    expect(siteFile('/')).toBeNull();
  });

  it('the CMS schema refuses the vanity and names the field (the node is skipped with a build warning)', () => {
    const node = (url: string) => ({
      id: 'v1',
      type: 'node--vanity_url',
      langcode: 'en',
      status: true,
      field_vanity_url: url,
      field_vanity_target_link: {
        id: 'p',
        field_internal_link: { id: 'n', type: 'node--program', path: { alias: '/program/x' } },
      },
    });
    for (const url of [`/../../${LIVE}/site/en/calculator`, '/%252e%252e/x', '/x\\']) {
      const parsed = vanitySource.schema.safeParse(node(url));
      expect(parsed.success, url).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['field_vanity_url']);
    }
    expect(vanitySource.schema.parse(node('/caf%C3%A9')).field_vanity_url).toBe('/café');
  });

  it('a path alias (the name of a page file Astro writes) is held to the same parser', () => {
    for (const alias of ['/program/..', '/program/%2e%2e', '/..%2F..%2Fx', '/program/a\\b', '/program/a%00'])
      expect(pathField.safeParse({ alias }).success, alias).toBe(false);
    expect(pathField.parse({ alias: '/program/home-support-services' }).alias).toBe('/program/home-support-services');
  });
});

describe('other content that names a file or an origin', () => {
  it('an image file URL is used only when it is a file of the CMS (no other host, no file: or data:)', () => {
    const cms = 'https://cms.example.ca/';
    expect(cmsFilePath('/sites/default/files/a.jpg', cms)).toBe('/sites/default/files/a.jpg');
    expect(cmsFilePath('https://cms.example.ca/sites/default/files/a.jpg?itok=x', cms)).toBe(
      '/sites/default/files/a.jpg?itok=x',
    );
    for (const url of [
      'file:///etc/passwd',
      '//evil.example/a.jpg',
      'https://evil.example/a.jpg',
      'data:image/png,x',
      'http://cms.example.ca/a.jpg',
    ])
      expect(cmsFilePath(url, cms), url).toBeNull();
  });
});
