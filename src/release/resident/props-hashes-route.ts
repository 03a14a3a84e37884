// An endpoint of the resident renderer's server bundle only (injected by astro.resident.config.mjs,
// never in the static site): every page route of src/pages, its getStaticPaths run over the content
// the renderer set (src/content/resident-content.ts), and each path's props hash (props-hash.ts).
// It reads no list of routes but the pages folder itself: a route added or changed is followed.
import type { APIRoute } from 'astro';
import { propsHash } from './props-hash.ts';

type PathItem = { params: Record<string, string | number | undefined>; props?: unknown };
type RouteModule = { getStaticPaths?: (options: unknown) => PathItem[] | Promise<PathItem[]> };

const modules = import.meta.glob<RouteModule>('/src/pages/**/*.{astro,ts}');

/** The route's URL path for one item: /src/pages/[lang]/program/[slug].astro to /en/program/x. */
function urlPath(file: string, params: PathItem['params']): string {
  const route = file
    .replace(/^\/src\/pages/, '')
    .replace(/\.(astro|ts)$/, '')
    .replace(/\/index$/, '');
  return (
    route
      .split('/')
      .map((segment) => {
        if (!segment.startsWith('[') || !segment.endsWith(']')) return segment;
        const name = segment.slice(1, -1);
        const value = params[name];
        if (value === undefined) throw new Error(`${file}: getStaticPaths gave no ${name}`);
        return String(value);
      })
      .join('/') || '/'
  );
}

const noPaginate = () => {
  throw new Error('the resident renderer does not follow paginate(): give the pages as paths');
};

export const GET: APIRoute = async () => {
  const hashes: Record<string, string> = {};
  for (const file of Object.keys(modules).sort()) {
    if (file.split('/').some((part) => part.startsWith('_'))) continue;
    const mod = await modules[file]!();
    // A route without getStaticPaths has one page and no props: only the code changes it.
    const items = mod.getStaticPaths ? await mod.getStaticPaths({ paginate: noPaginate }) : [{ params: {} }];
    for (const { params, props } of items) {
      const p = urlPath(file, params);
      const hash = propsHash(file, params, props ?? {});
      // Two routes giving one path: either changing makes it again.
      hashes[p] = p in hashes ? `${hashes[p]}+${hash}` : hash;
    }
  }
  return new Response(JSON.stringify(hashes), { headers: { 'Content-Type': 'application/json' } });
};
