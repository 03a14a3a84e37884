// The address a search result links to: Pagefind names the built file (`/en/home.html`,
// `/fr/index.html`), the site serves each page at its address without `.html` (astro.config.mjs).

/** The page's address for the URL Pagefind gives a result. */
export function resultPath(url: string): string {
  return url
    .replace(/\/index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/\/$/, '');
}
