// What the resident renderer assumes of Astro's internals (astro-internals.ts) holds for the installed
// Astro, on a real server bundle; and when an assumption no longer holds (as an upgrade could make
// it), the check fails naming the installed Astro version and the assumption, instead of the
// renderer silently making pages that differ from the static build's.
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endBuildSession, startBuildSession } from '../../content/build-session.ts';
import {
  astroVersion,
  CANARY_ROUTE,
  checkAssumptions,
  imageNames,
  incrementalManifest,
  installAddStaticImage,
  staticRoutes,
  type RenderPage,
  type ResidentApp,
} from './astro-internals.ts';
import { builtSite, builtSiteCache } from '../../../tests/site/built-site.ts';
import { buildServerBundle, bundleEntry, loadRenderer } from './renderer.ts';
import { staticImages } from './static-images.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const version = astroVersion(root);
const cmsUrl = 'http://cms.example.test';
const outDir = path.join(root, 'node_modules/.astro-resident', `test-internals-${process.pid}`);
const origin = 'https://site.example.test';
let app: ResidentApp;

beforeAll(async () => {
  startBuildSession({ cmsUrl, pageKeyConfig: '', contentless: true });
  try {
    await buildServerBundle({ root, outDir, cmsUrl });
  } finally {
    endBuildSession();
  }
  app = ((await import(pathToFileURL(bundleEntry(outDir)).href)) as { residentApp: ResidentApp }).residentApp;
}, 600_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

/** The canary rendered straight through App.render, with the steps the renderer takes left to the test. */
function canaryRender(options: { forget?: () => void; hook: boolean }): RenderPage {
  const canary = app.manifest.routes.map((r) => r.routeData).find((r) => r.route.startsWith(CANARY_ROUTE))!;
  return async (p) => {
    const images = await staticImages(root);
    if (options.hook) images.install();
    options.forget?.();
    try {
      const response = await app.render(new Request(`${origin}${p}`), { routeData: canary });
      return { html: await response.text(), images: images.files };
    } finally {
      images.uninstall();
    }
  };
}

describe("the resident renderer's assumptions about Astro's internals", () => {
  it(`hold for the installed Astro (${version}): the renderer loads, its canary proven`, async () => {
    const renderer = await loadRenderer(root, outDir, origin, cmsUrl);
    expect(renderer).toHaveProperty('render');
    // The canary as the renderer renders it: its props, fresh props after a rename, its image named.
    const { forgetStaticPaths } = staticRoutes(root, app, []);
    await expect(checkAssumptions(root, cmsUrl, canaryRender({ forget: forgetStaticPaths, hook: true }))).resolves.toBe(
      undefined,
    );
  });

  it('a getStaticPaths cache that outlives the renaming fails the check, naming the version', async () => {
    staticRoutes(root, app, []);
    await expect(checkAssumptions(root, cmsUrl, canaryRender({ hook: true }))).rejects.toThrow(
      `Astro ${version}: getStaticPaths results are no longer forgotten when the routes are renamed`,
    );
  });

  it('a prerendered route no longer given its props fails the check', async () => {
    const { routes, forgetStaticPaths } = staticRoutes(root, app, []);
    routes.find((r) => r.route.startsWith(CANARY_ROUTE))!.prerender = false;
    await expect(
      checkAssumptions(root, cmsUrl, canaryRender({ forget: forgetStaticPaths, hook: true })),
    ).rejects.toThrow(
      `Astro ${version}: a route marked prerendered no longer gets its page's props from getStaticPaths`,
    );
  });

  it('a prerendered route no longer rendered at all fails the check', async () => {
    const { routes, forgetStaticPaths } = staticRoutes(root, app, []);
    const render = canaryRender({ forget: forgetStaticPaths, hook: true });
    const refused: RenderPage = async (p) => {
      const { html, images } = await render(p);
      if (html.includes('data-canary')) throw new Error(`${p}: the renderer answered 404`);
      return { html, images };
    };
    await expect(checkAssumptions(root, cmsUrl, refused)).rejects.toThrow(
      `Astro ${version}: a route marked prerendered no longer renders (/resident-canary/canary: the renderer answered 404)`,
    );
    const empty: RenderPage = async () => ({ html: '', images: new Set() });
    await expect(checkAssumptions(root, cmsUrl, empty)).rejects.toThrow(
      `Astro ${version}: a route marked prerendered no longer renders its page`,
    );
    expect(routes.length).toBeGreaterThan(10);
  });

  it('an <Image> that no longer asks addStaticImage for its file fails the check', async () => {
    const { forgetStaticPaths } = staticRoutes(root, app, []);
    await expect(
      checkAssumptions(root, cmsUrl, canaryRender({ forget: forgetStaticPaths, hook: false })),
    ).rejects.toThrow(`Astro ${version}: <Image> no longer names its file by globalThis.astroAsset.addStaticImage`);
  });

  it('a manifest whose routes changed shape fails, naming the version', () => {
    const routes = [{ routeData: { route: '/x', component: 'x.astro', type: 'page', pattern: /^\/x$/ } }];
    expect(() => staticRoutes(root, { manifest: { routes } }, [])).toThrow(
      `Astro ${version}: a route of the manifest has no string route and component, boolean prerender and RegExp pattern`,
    );
    expect(() => staticRoutes(root, {}, [])).toThrow(`Astro ${version}: the app's manifest has no list of routes`);
  });

  it('the image-name functions are checked: gone, or with other arguments, fails naming the version', async () => {
    const names = await imageNames(root);
    expect(names.propsToFilename('/a/b.png', { format: 'webp' }, 'h')).toBe('/b_h.webp');
    // An installed Astro of another version, its hash module moved or changed.
    const fake = await mkdtemp(path.join(os.tmpdir(), 'astro-internals-'));
    try {
      const dist = path.join(fake, 'node_modules/astro/dist/assets/utils');
      await mkdir(dist, { recursive: true });
      await writeFile(path.join(fake, 'node_modules/astro/package.json'), JSON.stringify({ version: '99.1.0' }));
      await expect(imageNames(fake)).rejects.toThrow(
        'Astro 99.1.0: node_modules/astro/dist/assets/utils/hash.js is not there',
      );
      await writeFile(
        path.join(dist, 'hash.js'),
        'export function hashTransform(t, s) { return ""; }\nexport function propsToFilename(a, b, c) { return ""; }\n',
      );
      await expect(imageNames(fake)).rejects.toThrow(
        'Astro 99.1.0: node_modules/astro/dist/assets/utils/hash.js has no hashTransform(3 arguments)',
      );
    } finally {
      await rm(fake, { recursive: true, force: true });
    }
  });

  it('the image hook is removed after a render', () => {
    const uninstall = installAddStaticImage(() => '/x');
    uninstall();
    expect((globalThis as { astroAsset?: { addStaticImage?: unknown } }).astroAsset?.addStaticImage).toBeUndefined();
  });
});

describe("Astro's incremental-build manifest, which the release delta reads", () => {
  it(`has the shape read, from a build by the installed Astro (${version}): every keyed page is a file of the site`, async () => {
    const [dist, cache] = await Promise.all([builtSite(), builtSiteCache()]);
    const manifest = (await incrementalManifest(root, cache))!;
    const pages = Object.values(manifest.routes).flatMap((r) => Object.values(r.paths));
    expect(pages.filter((p) => p.cacheKey).length).toBeGreaterThan(100);
    for (const p of pages) await expect(stat(path.join(dist, p.outputFile))).resolves.toBeTruthy();
  });

  it('none (no build yet) is no manifest; one of another shape fails, naming the version', async () => {
    const cache = await mkdtemp(path.join(os.tmpdir(), 'manifest-'));
    try {
      await expect(incrementalManifest(root, cache)).resolves.toBeNull();
      const file = path.join(cache, 'incremental-build.json');
      await writeFile(file, JSON.stringify({ configHash: 'c', lockfileHash: 'l', routes: { '/x': { paths: {} } } }));
      await expect(incrementalManifest(root, cache)).rejects.toThrow(
        `Astro ${version}: incremental-build.json no longer has the shape the release delta reads (routes./x.dependencyHash:`,
      );
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
