// The site's image service: Astro's sharp service, with each image's file named by its path on the
// CMS instead of its whole address. Astro names an optimised image by a hash of its options, the
// source's URL among them, so a CMS that moves to another host (or to https), or each test's local
// CMS on a port of its own, renamed every image of the site. Two images of one path on two hosts
// cannot meet: the build fetches images from the CMS alone (astro.config.mjs remotePatterns).
import type { ImageTransform, LocalImageService } from 'astro';
import { baseService } from 'astro/assets';
import sharp from 'astro/assets/services/sharp';

/** The hashed option in place of `src`: a remote source's path and query, a local one as it is. */
const SOURCE = 'srcPath';

/** The source as it names the file: its address without the origin for a remote image. */
export function sourcePath(src: ImageTransform['src']): unknown {
  if (typeof src !== 'string' || !/^https?:\/\//i.test(src)) return src;
  const url = new URL(src);
  return `${url.pathname}${url.search}`;
}

// What Astro hashes by default (sharp's service keeps its base's list), the source's path for `src`.
const hashed = sharp.propertiesToHash ?? baseService.propertiesToHash;
if (!hashed?.includes('src'))
  throw new Error("Astro's image service no longer hashes `src`: see src/site/images/image-service.ts");

const service: LocalImageService = {
  ...sharp,
  propertiesToHash: [SOURCE, ...hashed.filter((name) => name !== 'src')],
  async validateOptions(options, config, logger) {
    const valid = sharp.validateOptions ? await sharp.validateOptions(options, config, logger) : options;
    return { ...valid, [SOURCE]: sourcePath(valid.src) };
  },
  // Not an attribute of the <img>.
  getHTMLAttributes(options, config, logger) {
    const { [SOURCE]: _source, ...rest } = options;
    return sharp.getHTMLAttributes ? sharp.getHTMLAttributes(rest, config, logger) : {};
  },
};

export default service;
