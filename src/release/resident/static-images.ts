// CMS images as the static build names them. On demand, Astro's <Image> points at its image
// endpoint (/_image?href=...); in a static build it asks Astro's build for the file the build will
// write (/_astro/<name>_<hash>.webp) and writes it. The resident renderer gives the same names, made
// by Astro's own functions (both through astro-internals.ts), and uses the files the live release
// already has: an image it has not (a new image, a new size) is left to the full build.
import { IMAGE_SERVICE } from '../../site/images/image-service-entry.ts';
import { imageNames, installAddStaticImage } from './astro-internals.ts';

const ASSETS = '_astro';

export interface StaticImages {
  /** Site-relative files the rendered pages name. */
  files: Set<string>;
  install(): void;
  uninstall(): void;
}

export async function staticImages(root: string): Promise<StaticImages> {
  const names = await imageNames(root);
  const files = new Set<string>();
  let uninstall = () => {};
  return {
    files,
    install() {
      uninstall = installAddStaticImage((transform, propertiesToHash) => {
        const hash = names.hashTransform(transform, IMAGE_SERVICE, propertiesToHash);
        const file = `${ASSETS}${names.propsToFilename(String(transform.src), transform, hash)}`;
        files.add(decodeURI(encodeURI(file)));
        return encodeURI(`/${file}`);
      });
    },
    uninstall: () => uninstall(),
  };
}
