// Where Astro loads the site's image service from (astro.config.mjs). Astro hashes this string
// into each image's file name, so the resident renderer names images with it too.
export const IMAGE_SERVICE = './src/site/images/image-service.ts';
