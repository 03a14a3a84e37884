// The addresses of a `srcset` attribute's value: comma-separated candidates, each an address and
// an optional descriptor (`400w`, `2x`). Read by the release checks (every file a page names must
// be in the release) and by the offline pages' asset list (the files a saved page needs).

/** The candidates' addresses, in order (empty candidates left out). */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  for (const candidate of value.split(',')) {
    const url = candidate.trim().split(/\s/, 1)[0];
    if (url) urls.push(url);
  }
  return urls;
}
