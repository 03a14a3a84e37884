// The resident renderer's pages: a server build of the site's own routes (astro.resident.config.mjs,
// its server entry server-entry.ts exporting Astro's app) loaded once into the warm process, whose
// routes are rendered as the static build renders them (astro-internals.ts: each route's
// getStaticPaths gives the page its props, from the content in memory, src/content/resident-content.ts),
// and the client assets are the static build's own (same bundler input, same hashes; the tests
// compare the bytes). Which pages to render comes from the props hashes (props-hashes-route.ts, a
// route of the bundle only). Chosen over Astro's Container API, which renders a component under a
// route of its own: no stylesheet links, page scripts or custom client directives
// (docs/performance.md, "The resident renderer").
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setResidentContent } from '../../content/resident-content.ts';
import { CANARY_ROUTE, checkAssumptions, staticRoutes, type RenderPage, type ResidentApp } from './astro-internals.ts';
import type { PropsHashes } from './props-hash.ts';
import { staticImages } from './static-images.ts';

/** The bundle's own route answering every page's props hash (astro.resident.config.mjs). */
const PROPS_HASHES = '/resident-props-hashes.json';

/** The name the bundle's server entry exports Astro's app under (server-entry.ts). */
const EXPORT = 'residentApp';

/** The bundle's entry module, as Astro's build names it. */
export const bundleEntry = (outDir: string) => path.join(outDir, 'server/entry.mjs');

/** Builds the server bundle into `outDir` (inside the project: it imports the project's packages). */
export async function buildServerBundle(options: { root: string; outDir: string; cmsUrl: string }): Promise<void> {
  const { build } = await import('astro');
  const cms = new URL(options.cmsUrl);
  await build({
    root: options.root,
    // Relative to the root (Astro does not resolve an absolute path here).
    configFile: 'astro.resident.config.mjs',
    outDir: options.outDir,
    logLevel: 'error',
    image: { remotePatterns: [{ protocol: cms.protocol.replace(':', ''), hostname: cms.hostname }] },
  });
}

export interface PageRenderer {
  /**
   * Renders URL paths (/en/program/x) from `content`: each page's HTML, and the image files
   * (site-relative, the static build's names) the pages show; throws naming a path it cannot render.
   */
  render(
    paths: string[],
    content: ReadonlyMap<string, readonly object[]>,
  ): Promise<{ pages: Map<string, string>; images: Set<string> }>;
  /** Every page of every route from `content` (each route's getStaticPaths), and its props hash. */
  hashes(content: ReadonlyMap<string, readonly object[]>): Promise<PropsHashes>;
}

/**
 * Loads the bundle built by buildServerBundle, and proves on it what astro-internals.ts assumes
 * (throws AstroAssumptionBroken, naming the Astro version, when an assumption no longer holds).
 * `cmsUrl` is the one the bundle was built for (its images are allowed).
 */
export async function loadRenderer(
  root: string,
  outDir: string,
  siteUrl: string,
  cmsUrl: string,
): Promise<PageRenderer> {
  const mod = (await import(pathToFileURL(bundleEntry(outDir)).href)) as Record<string, unknown>;
  const app = mod[EXPORT] as ResidentApp | undefined;
  if (!app) throw new Error(`${outDir}: the server bundle has no ${EXPORT}`);
  const { routes, forgetStaticPaths } = staticRoutes(root, app, [PROPS_HASHES]);
  const hashesRoute = routes.find((r) => r.route === PROPS_HASHES);
  if (!hashesRoute) throw new Error(`${outDir}: the server bundle has no ${PROPS_HASHES} route`);
  const origin = new URL(siteUrl).origin;
  // The content is a global while a call runs (resident-content.ts): one call at a time (the
  // hashes of a start may still run when the next build's begin).
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(call: () => Promise<T>): Promise<T> => {
    const run = turn.then(call, call);
    turn = run.catch(() => undefined);
    return run;
  };
  const renderPaths = async (paths: string[], find: (p: string) => (typeof routes)[number] | undefined) => {
    const images = await staticImages(root);
    images.install();
    // New content: Astro's getStaticPaths results of the last render are forgotten.
    forgetStaticPaths();
    const pages = new Map<string, string>();
    try {
      for (const p of paths) {
        const routeData = find(p);
        if (!routeData) throw new Error(`no route renders ${p}`);
        const response = await app.render(new Request(`${origin}${p}`), { routeData });
        if (response.status !== 200) throw new Error(`${p}: the renderer answered ${response.status}`);
        pages.set(p, await response.text());
      }
    } finally {
      images.uninstall();
    }
    return { pages, images: images.files };
  };
  // The site's routes: the canary's pattern matches no page of the site, but is left out all the same.
  const canary = routes.find((r) => r.route === CANARY_ROUTE);
  if (!canary) throw new Error(`${outDir}: the server bundle has no ${CANARY_ROUTE} route`);
  const siteRoute = (p: string) => routes.find((r) => r !== canary && r !== hashesRoute && r.pattern.test(p));
  const renderCanary: RenderPage = async (p) => {
    const { pages, images } = await renderPaths([p], () => canary);
    return { html: pages.get(p)!, images };
  };
  await exclusive(() => checkAssumptions(root, cmsUrl, renderCanary));
  const calls: PageRenderer = {
    async hashes(content) {
      setResidentContent(content);
      try {
        const response = await app.render(new Request(`${origin}${PROPS_HASHES}`), { routeData: hashesRoute });
        if (response.status !== 200) throw new Error(`${PROPS_HASHES}: the renderer answered ${response.status}`);
        return new Map(Object.entries((await response.json()) as Record<string, string>));
      } finally {
        setResidentContent(undefined);
      }
    },
    async render(paths, content) {
      setResidentContent(content);
      try {
        return await renderPaths(paths, siteRoute);
      } finally {
        setResidentContent(undefined);
      }
    },
  };
  return {
    hashes: (content) => exclusive(() => calls.hashes(content)),
    render: (paths, content) => exclusive(() => calls.render(paths, content)),
  };
}
