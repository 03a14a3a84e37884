// The resident renderer's pages: a server build of the site's own routes (astro.resident.config.mjs,
// @astrojs/node) loaded once into the warm process, whose routes are rendered as the static build
// renders them: marked prerendered, so each route's getStaticPaths gives the page its props (from
// the content in memory, src/content/resident-content.ts) and the client assets are the static
// build's own (same bundler input, same hashes; the tests compare the bytes). Which pages to render
// comes from the props hashes (props-hashes-route.ts, a route of the bundle only).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setResidentContent } from '../../content/resident-content.ts';
import type { PropsHashes } from './props-hash.ts';
import { staticImages } from './static-images.ts';
import { writeWhole } from '../write-whole.ts';

interface RouteData {
  route: string;
  type: string;
  pattern: RegExp;
  prerender: boolean;
}
interface ServerApp {
  manifest: { routes: Array<{ routeData: RouteData }> };
  render: (request: Request, options: { routeData: RouteData }) => Promise<Response>;
}

/** The bundle's own route answering every page's props hash (astro.resident.config.mjs). */
const PROPS_HASHES = '/resident-props-hashes.json';

/** The name the renderer exports the bundle's app under (appended to its entry). */
const EXPORT = 'residentApp';

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
  const entry = path.join(options.outDir, 'server/entry.mjs');
  const text = await readFile(entry, 'utf8');
  // The Node adapter's entry keeps its app to itself; the renderer needs its routes and render().
  if (!/^var app = createApp\(/m.test(text)) throw new Error(`${entry}: the Node adapter's app was not found`);
  if (!text.includes(EXPORT)) await writeWhole(entry, `${text}\nexport { app as ${EXPORT} };\n`, { sync: false });
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

/** Loads the bundle built by buildServerBundle. */
export async function loadRenderer(root: string, outDir: string, siteUrl: string): Promise<PageRenderer> {
  const mod = (await import(pathToFileURL(path.join(outDir, 'server/entry.mjs')).href)) as Record<string, unknown>;
  const app = mod[EXPORT] as ServerApp | undefined;
  if (!app) throw new Error(`${outDir}: the server bundle has no ${EXPORT}`);
  const routes = app.manifest.routes.map((r) => r.routeData).filter((r) => r.type === 'page' || r.type === 'endpoint');
  // As in the static build: every route is prerendered, its getStaticPaths gives each page's props.
  const hashesRoute = routes.find((r) => r.route === PROPS_HASHES);
  if (!hashesRoute) throw new Error(`${outDir}: the server bundle has no ${PROPS_HASHES} route`);
  for (const r of routes) r.prerender = r !== hashesRoute;
  const origin = new URL(siteUrl).origin;
  const names = new Map(routes.map((r) => [r, r.route]));
  let generation = 0;
  // The content is a global while a call runs (resident-content.ts): one call at a time (the
  // hashes of a start may still run when the next build's begin).
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(call: () => Promise<T>): Promise<T> => {
    const run = turn.then(call, call);
    turn = run.catch(() => undefined);
    return run;
  };
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
      const images = await staticImages(root);
      images.install();
      // Astro caches each route's getStaticPaths under the route's name (and keeps the cache to
      // itself): a new name per render, so the props come from this content.
      generation++;
      for (const [r, name] of names) r.route = `${name}#${generation}`;
      const pages = new Map<string, string>();
      try {
        for (const p of paths) {
          const routeData = routes.find((r) => r.pattern.test(p));
          if (!routeData) throw new Error(`no route renders ${p}`);
          const response = await app.render(new Request(`${origin}${p}`), { routeData });
          if (response.status !== 200) throw new Error(`${p}: the renderer answered ${response.status}`);
          pages.set(p, await response.text());
        }
      } finally {
        setResidentContent(undefined);
        images.uninstall();
      }
      return { pages, images: images.files };
    },
  };
  return {
    hashes: (content) => exclusive(() => calls.hashes(content)),
    render: (paths, content) => exclusive(() => calls.render(paths, content)),
  };
}
