// CMS images as the static build names them. On demand, Astro's <Image> points at its image
// endpoint (/_image?href=...); in a static build it asks `globalThis.astroAsset.addStaticImage` for
// the file the build will write (/_astro/<name>_<hash>.webp) and writes it. The resident renderer
// gives the same names, made by Astro's own functions, and uses the files the live release
// already has: an image it has not (a new image, a new size) is left to the full build.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type HashModule = {
  hashTransform: (transform: Record<string, unknown>, service: string, props: string[]) => string;
  propsToFilename: (filePath: string, transform: Record<string, unknown>, hash: string) => string;
};

/** The static build's image service (astro.config.mjs sets none: Astro's default, sharp). */
const IMAGE_SERVICE = 'astro/assets/services/sharp';
const ASSETS = '_astro';

export interface StaticImages {
  /** Site-relative files the rendered pages name. */
  files: Set<string>;
  install(): void;
  uninstall(): void;
}

export async function staticImages(root: string): Promise<StaticImages> {
  // Not in Astro's package exports: its file, by path (the lockfile pins the version).
  const hashes = (await import(
    pathToFileURL(path.join(root, 'node_modules/astro/dist/assets/utils/hash.js')).href
  )) as HashModule;
  const files = new Set<string>();
  const holder = globalThis as { astroAsset?: Record<string, unknown> };
  const add = (options: Record<string, unknown>, props: string[]) => {
    const src = String(options.src);
    const hash = hashes.hashTransform(options, IMAGE_SERVICE, props);
    const file = `${ASSETS}${hashes.propsToFilename(src, options, hash)}`;
    files.add(decodeURI(encodeURI(file)));
    return encodeURI(`/${file}`);
  };
  return {
    files,
    install() {
      holder.astroAsset ??= {};
      holder.astroAsset.addStaticImage = add;
    },
    uninstall() {
      delete holder.astroAsset?.addStaticImage;
    },
  };
}
