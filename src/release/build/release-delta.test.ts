// A release built from the previous one: only what changed is written, the rest is the previous
// release's files as hard links, and nothing of the previous release is ever written in place.
import { mkdir, mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortPaths } from '../redirects/redirects.ts';
import { parseSiteEnv } from '../../config/site-env.ts';
import { checkRelease } from '../checks/checks.ts';
import type { BuildContext } from './context.ts';
import { precompressStep } from './precompress.ts';
import { redirectsStep } from '../redirects/write-redirects.ts';
import { applyDiff, astroIdentities, diffFiles, linkPrevious, type ReleaseDelta } from './release-delta.ts';
import { searchPagesStep } from '../search/search-pages.ts';
import { securityHeadersStep } from '../headers/write-headers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const big = (text: string) =>
  `<html><body><main data-pagefind-body>${text}</main>${' padding'.repeat(200)}</body></html>`;

async function write(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}

async function tree(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const out: Record<string, string> = {};
  for (const e of names) {
    const file = path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    out[file] = (await readFile(path.join(dir, file))).toString('base64');
  }
  return out;
}

// Redirect inputs: every short path to the home page; `pairs`, programs in both languages, give
// each a stub at its other-language slug.
const inputs = (pairs: string[]) =>
  JSON.stringify({
    landingPages: Object.values(shortPaths).flatMap((id) =>
      (['en', 'fr'] as const).map((lang) => ({ id, lang, alias: '/home' })),
    ),
    vanities: [],
    translations: pairs.flatMap((p) => [
      { id: p, lang: 'en', alias: `/program/${p}` },
      { id: p, lang: 'fr', alias: `/programme/${p}` },
    ]),
    cmsRedirects: [],
  });

async function steps(context: BuildContext) {
  await redirectsStep.run(context);
  await Promise.all([securityHeadersStep.run(context), searchPagesStep.run(context)]);
  await precompressStep.run(context);
}

describe('diffFiles', () => {
  it('names the new, the different and the removed files', () => {
    expect(diffFiles({ a: '1', b: '2', c: '3' }, { a: '1', b: '9', d: '4' })).toEqual({
      changed: ['b', 'd'],
      removed: ['c'],
    });
  });
});

describe('a release from the previous one', () => {
  it('equals a full build of the same files, and leaves the previous release as it was', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'delta-'));
    // The short paths' targets are not in these small sites: their warnings go to each deploy folder.
    const env = parseSiteEnv({});
    const base = { root, env, cmsUrl: 'http://cms.invalid/' };
    const pages = {
      'en/program/a.html': big('a <script>console.log(1)</script>'),
      'fr/programme/a.html': big('a fr'),
      'en/program/b.html': big('b <a href="/en/program/a/">a</a>'),
      'en/program/c.html': big('c'),
      'fr/programme/c.html': big('c fr'),
      'en/home.html': big('home'),
      'fr/home.html': big('accueil'),
    };
    // The first release, built in full.
    const first = path.join(work, 'first');
    await write(first, { ...pages, 'redirect-inputs.json': inputs(['a', 'c']) });
    await mkdir(`${first}-deploy`);
    const files1 = new Set(Object.keys(pages));
    await steps({ ...base, outDir: first, deployDir: `${first}-deploy`, astroFiles: files1 });
    expect(await readFile(path.join(first, 'fr/program/c.html'), 'utf8')).toContain('/fr/programme/c');
    const before = await tree(first);

    // The next: b edited (and a new inline script), c removed, d created (with its stubs).
    const { 'en/program/c.html': _c, 'fr/programme/c.html': _cfr, ...kept } = pages;
    const next = {
      ...kept,
      'en/program/b.html': big('b edited <script>console.log(2)</script>'),
      'en/program/d.html': big('d'),
      'fr/programme/d.html': big('d fr'),
    };
    const named = diffFiles(
      Object.fromEntries(Object.entries(pages).map(([f, t]) => [f, t])),
      Object.fromEntries(Object.entries(next).map(([f, t]) => [f, t])),
    );
    const astroOut = path.join(work, 'astro');
    await write(astroOut, { ...next, 'redirect-inputs.json': inputs(['a', 'd']) });
    const second = path.join(work, 'second');
    await mkdir(`${second}-deploy`);
    await linkPrevious(first, second);
    await applyDiff(astroOut, second, named);
    const delta: ReleaseDelta = {
      previousSite: first,
      previousDeploy: `${first}-deploy`,
      changed: new Set(named.changed),
      removed: new Set(named.removed),
    };
    await steps({
      ...base,
      outDir: second,
      deployDir: `${second}-deploy`,
      astroFiles: new Set(Object.keys(next)),
      delta,
    });

    // A full build of the same pages.
    const cold = path.join(work, 'cold');
    await write(cold, { ...next, 'redirect-inputs.json': inputs(['a', 'd']) });
    await mkdir(`${cold}-deploy`);
    await steps({ ...base, outDir: cold, deployDir: `${cold}-deploy`, astroFiles: new Set(Object.keys(next)) });

    expect(await tree(second)).toEqual(await tree(cold));
    expect(await tree(first)).toEqual(before);
    for (const file of ['search-pages.json', 'inline-script-hashes.json'])
      expect(await readFile(path.join(second, '..', 'second-deploy', file), 'utf8')).toBe(
        await readFile(path.join(`${cold}-deploy`, file), 'utf8'),
      );
    // The unchanged page and its compressed copies are the previous release's files, linked.
    const [a1, a2] = await Promise.all([first, second].map((d) => stat(path.join(d, 'en/program/a.html.br'))));
    expect(a2!.ino).toBe(a1!.ino);
    expect((await stat(path.join(second, 'en/program/b.html'))).ino).not.toBe(
      (await stat(path.join(first, 'en/program/b.html'))).ino,
    );
  });
});

describe('release checks of a release from the previous one', () => {
  it('reads only the changed pages when none left, and carries the warnings of the others', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'delta-check-'));
    await write(dir, {
      'en/home.html': '<a href="/en/program/gone/">typo</a>',
      'en/program/a.html': '<a href="/en/program/missing/">x</a>',
      'en/program/new.html': 'new',
    });
    const previousWarnings = [
      { kind: 'broken-link' as const, message: 'old', page: '/en/home', target: '/en/program/gone/' },
      { kind: 'broken-link' as const, message: 'mended', page: '/en/home', target: '/en/program/new/' },
      { kind: 'broken-link' as const, message: 'reread', page: '/en/program/a', target: '/en/program/other/' },
    ];
    const partial = await checkRelease(dir, {
      requiredTypes: [],
      changes: { changed: ['en/program/new.html'], removed: [], previousWarnings },
    });
    // Home was not read: its warning stands, the one the new page mended goes; page a was not read.
    expect(partial.warnings.map((w) => w.message)).toEqual(['old', 'reread']);
    expect(partial.ok).toBe(true);
    const changedA = await checkRelease(dir, {
      requiredTypes: [],
      changes: { changed: ['en/program/a.html'], removed: [], previousWarnings },
    });
    // Page a was read again: its own link is broken now (not an editor's link: a problem).
    expect(changedA.problems).toContain('broken internal link /en/program/missing/ (on /en/program/a.html)');
    // The live release's files and the changed ones make the file list: no walk of the release.
    const full0 = await checkRelease(dir, { requiredTypes: [] });
    expect(full0.files).toEqual(['en/home.html', 'en/program/a.html', 'en/program/new.html']);
    const listed = await checkRelease(dir, {
      requiredTypes: [],
      changes: {
        changed: ['en/program/new.html'],
        removed: [],
        previousWarnings,
        previousFiles: ['en/home.html', 'en/program/a.html', 'en/program/gone.html'],
      },
    });
    expect(listed.files).toEqual(['en/home.html', 'en/program/a.html', 'en/program/gone.html', 'en/program/new.html']);
    // (So the listed page /en/program/gone/ counts as there, and home's warning about it is dropped.)
    expect(listed.warnings.map((w) => w.message)).toEqual(['reread']);
    // A removal: every page is read again.
    const full = await checkRelease(dir, {
      requiredTypes: [],
      changes: { changed: [], removed: ['en/program/gone.html'], previousWarnings },
    });
    expect(full.problems.join('\n')).toContain('/en/program/gone/');
  });
});

describe('search pages step', () => {
  it('lists the pages the search index will hold: searchable types, marked data-pagefind-body', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'search-pages-'));
    await write(dir, {
      'en/program/a.html': '<main data-pagefind-body>a</main>',
      'fr/simple_page/b.html': '<main data-pagefind-body>b</main>',
      'en/program/unlisted.html': '<main>not searchable</main>',
      'en/home.html': '<main data-pagefind-body>home is not indexed</main>',
    });
    await mkdir(`${dir}-deploy`);
    await searchPagesStep.run({
      root,
      env: parseSiteEnv({}),
      cmsUrl: '',
      outDir: dir,
      deployDir: `${dir}-deploy`,
      astroFiles: new Set(),
    });
    expect(JSON.parse(await readFile(path.join(`${dir}-deploy`, 'search-pages.json'), 'utf8'))).toEqual([
      '/en/program/a.html',
      '/fr/simple_page/b.html',
    ]);
  });
});

describe('the identity of the files Astro wrote', () => {
  it('a keyed page by its key, any other file by its bytes; without a manifest, every file by its bytes', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'identities-'));
    await write(dir, { 'en/a.html': 'A', 'en/b.html': 'B', '_astro/x.js': 'X' });
    const manifest = {
      configHash: 'c',
      lockfileHash: 'l',
      routes: { '/[lang]/a': { dependencyHash: 'd', paths: { '/en/a': { outputFile: 'en/a.html', cacheKey: 'k' } } } },
    };
    const keyed = await astroIdentities(dir, manifest);
    expect(keyed['en/a.html']).toMatch(/^k:/);
    expect(keyed['en/b.html']).toMatch(/^h:/);
    // A key is what Astro reuses the page by: another key, another identity, whatever the bytes.
    const rekeyed = structuredClone(manifest);
    rekeyed.routes['/[lang]/a'].paths['/en/a'].cacheKey = 'k2';
    expect((await astroIdentities(dir, rekeyed))['en/a.html']).not.toBe(keyed['en/a.html']);
    const bytes = await astroIdentities(dir, null);
    expect(Object.values(bytes).every((id) => id.startsWith('h:'))).toBe(true);
    expect(bytes['en/b.html']).toBe(keyed['en/b.html']);
    expect(Object.keys(bytes)).toEqual(['_astro/x.js', 'en/a.html', 'en/b.html']);
  });
});
