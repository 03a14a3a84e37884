// The only place the resident renderer relies on what Astro does not offer publicly; everything else
// goes through Astro's public API (its build(), the Adapter API and `astro/app/entrypoint` in
// astro.resident.config.mjs and server-entry.ts, App.render()). Each assumption is checked: when an
// Astro upgrade breaks one, AstroAssumptionBroken names the installed version and the assumption,
// the renderer renders nothing (the publisher makes the release with the full build and says why),
// and astro-internals.test.ts fails. astro-seam.test.ts keeps every other file off Astro's dist/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { readJsonFile } from '../deploy-files.ts';

/** The installed Astro's version (the project's own node_modules: what the bundle is built with). */
export function astroVersion(root: string): string {
  const file = path.join(root, 'node_modules/astro/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

class AstroAssumptionBroken extends Error {
  constructor(root: string, assumption: string) {
    super(
      `Astro ${astroVersion(root)}: ${assumption}. The resident renderer's use of Astro's internals ` +
        '(src/release/resident/astro-internals.ts) needs updating for this version; the full build still publishes.',
    );
  }
}

/** The part of Astro's RouteData the renderer reads and writes. */
interface RouteData {
  route: string;
  component: string;
  type: string;
  pattern: RegExp;
  prerender: boolean;
}

/** The app the resident bundle's server entry exports (server-entry.ts): Astro's public App. */
export interface ResidentApp {
  manifest: { routes: Array<{ routeData: RouteData }> };
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
}

/** The bundle's routes, rendered as the static build renders them. */
export interface StaticRoutes {
  /** Its pages and endpoints (the renderer's own routes included). */
  routes: RouteData[];
  /** Forgets the getStaticPaths results Astro keeps, so the next render reads the content set now. */
  forgetStaticPaths: () => void;
}

/**
 * Astro gives a page its props from its route's getStaticPaths only when the route is prerendered
 * (on demand, getStaticPaths is ignored): the bundle is a server build, so its page routes are
 * marked prerendered here, all but `onDemand` (routes that read the content themselves). Astro
 * caches getStaticPaths per route under `${route.route}_${route.component}` and offers no way to
 * clear it: forgetStaticPaths gives every route a new name. resident-canary.astro proves both.
 */
export function staticRoutes(root: string, app: unknown, onDemand: readonly string[]): StaticRoutes {
  const routes = (app as Partial<ResidentApp> | undefined)?.manifest?.routes;
  if (!Array.isArray(routes)) throw new AstroAssumptionBroken(root, "the app's manifest has no list of routes");
  const pages = routes
    .map((r) => r?.routeData)
    .filter((r): r is RouteData => r?.type === 'page' || r?.type === 'endpoint');
  for (const r of pages)
    if (
      typeof r.route !== 'string' ||
      typeof r.component !== 'string' ||
      typeof r.prerender !== 'boolean' ||
      !(r.pattern instanceof RegExp)
    )
      throw new AstroAssumptionBroken(
        root,
        'a route of the manifest has no string route and component, boolean prerender and RegExp pattern',
      );
  for (const r of pages) r.prerender = !onDemand.includes(r.route);
  const names = new Map(pages.map((r) => [r, r.route]));
  let generation = 0;
  return {
    routes: pages,
    forgetStaticPaths: () => {
      generation++;
      for (const [r, name] of names) r.route = `${name}#${generation}`;
    },
  };
}

/** Astro's names for an image transform: the functions its build names image files with. */
export interface ImageNames {
  hashTransform(transform: Record<string, unknown>, imageService: string, propertiesToHash: string[]): string;
  propsToFilename(filePath: string, transform: Record<string, unknown>, hash: string): string;
}

/** Its file: not in Astro's package exports (`astro/assets/utils` has neither function). */
const IMAGE_NAMES_FILE = 'node_modules/astro/dist/assets/utils/hash.js';

/** Astro's own image-name functions, checked to be there with the arguments the renderer gives them. */
export async function imageNames(root: string): Promise<ImageNames> {
  const file = path.join(root, IMAGE_NAMES_FILE);
  const mod = (await import(pathToFileURL(file).href).catch(() => {
    throw new AstroAssumptionBroken(root, `${IMAGE_NAMES_FILE} is not there`);
  })) as Partial<ImageNames>;
  for (const [name, arity] of [
    ['hashTransform', 3],
    ['propsToFilename', 3],
  ] as const) {
    const fn = mod[name];
    if (typeof fn !== 'function' || fn.length !== arity)
      throw new AstroAssumptionBroken(root, `${IMAGE_NAMES_FILE} has no ${name}(${arity} arguments)`);
  }
  return mod as ImageNames;
}

/**
 * What Astro's <Image> calls, during a static build, for the file name of an image it will write:
 * `globalThis.astroAsset.addStaticImage(transform, propertiesToHash, originalPath)`, returning the
 * URL the page shows. On demand nothing is set, and <Image> points at Astro's image endpoint.
 */
export type AddStaticImage = (transform: Record<string, unknown>, propertiesToHash: string[]) => string;

export function installAddStaticImage(add: AddStaticImage): () => void {
  const holder = globalThis as { astroAsset?: { addStaticImage?: AddStaticImage } };
  holder.astroAsset ??= {};
  holder.astroAsset.addStaticImage = add;
  return () => {
    delete holder.astroAsset?.addStaticImage;
  };
}

/** The canary page's route and path (astro.resident.config.mjs, resident-canary.astro). */
export const CANARY_ROUTE = '/resident-canary/[canary]';
const CANARY_PATH = '/resident-canary/canary';
const CANARY = Symbol.for('nb-social-supports.resident-canary');

/** Renders a path as the renderer renders pages (forgetStaticPaths first, the image hook installed). */
export type RenderPage = (path: string) => Promise<{ html: string; images: Set<string> }>;

/**
 * Proves the assumptions above on the bundle as built: renders the canary page twice, with other
 * props the second time. Throws AstroAssumptionBroken when the page was not given its
 * getStaticPaths props (the prerender mark), when the second render still shows the first props
 * (the getStaticPaths cache outlived the new names), or when its <Image> did not ask
 * addStaticImage for its file. `imageOrigin` is one the bundle's image settings allow (the CMS's).
 */
export async function checkAssumptions(root: string, imageOrigin: string, render: RenderPage): Promise<void> {
  const holder = globalThis as { [CANARY]?: { value: string; image: string } };
  const image = new URL('/resident-canary.png', imageOrigin).href;
  try {
    for (const value of ['first', 'second']) {
      holder[CANARY] = { value, image };
      const { html, images } = await render(CANARY_PATH).catch((error: Error) => {
        throw new AstroAssumptionBroken(root, `a route marked prerendered no longer renders (${error.message})`);
      });
      if (!html.includes('<p data-canary>'))
        throw new AstroAssumptionBroken(root, 'a route marked prerendered no longer renders its page');
      if (html.includes('no props'))
        throw new AstroAssumptionBroken(
          root,
          "a route marked prerendered no longer gets its page's props from getStaticPaths",
        );
      if (!html.includes(`<p data-canary>${value}</p>`))
        throw new AstroAssumptionBroken(
          root,
          'getStaticPaths results are no longer forgotten when the routes are renamed',
        );
      const [file, ...more] = images;
      if (!file || more.length > 0 || !html.includes(`src="${encodeURI(`/${file}`)}"`))
        throw new AstroAssumptionBroken(
          root,
          '<Image> no longer names its file by globalThis.astroAsset.addStaticImage',
        );
    }
  } finally {
    delete holder[CANARY];
  }
}

/**
 * Astro's record of the pages it keyed in a build (`<cacheDir>/incremental-build.json`, its
 * incremental build's cache), which the release delta reads to know what changed without reading
 * pages (src/release/build/release-delta.ts). Not a public format: only what is read is checked.
 */
const incrementalManifestSchema = z.object({
  configHash: z.string(),
  lockfileHash: z.string(),
  routes: z.record(
    z.string(),
    z.object({
      dependencyHash: z.string(),
      paths: z.record(
        z.string(),
        z.object({
          outputFile: z.string(),
          cacheKey: z.string().optional(),
          contentHashes: z.record(z.string(), z.string()).optional(),
        }),
      ),
    }),
  ),
});
export type IncrementalManifest = z.infer<typeof incrementalManifestSchema>;

/** The manifest of the build whose cache is `cacheDir`: null when there is none (no keyed page). */
export async function incrementalManifest(root: string, cacheDir: string): Promise<IncrementalManifest | null> {
  const data = await readJsonFile<unknown>(path.join(cacheDir, 'incremental-build.json'));
  if (data === null) return null;
  const parsed = incrementalManifestSchema.safeParse(data);
  if (!parsed.success)
    throw new AstroAssumptionBroken(
      root,
      `incremental-build.json no longer has the shape the release delta reads (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`,
    );
  return parsed.data;
}
