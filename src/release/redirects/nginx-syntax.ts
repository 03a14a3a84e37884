// The nginx include's only way to write a value: a double-quoted string whose content cannot end
// the string, start a variable or a new directive. Anything that would need escaping is refused
// (callers percent-encode URLs first, src/release/redirects/url-text.ts); nothing is escaped by hand. Pure.

/** Characters no value of ours needs and each of which means something to nginx's parser. */
const REFUSED = /["\\$\p{Cc}]/u;

/** `value` as an nginx quoted string; throws for `"`, `\`, `$` or a control character. */
export function nginxString(value: string): string {
  if (value === '' || REFUSED.test(value))
    throw new Error(`Not written to the nginx include: ${JSON.stringify(value)}`);
  return `"${value}"`;
}

/**
 * The sort key of a `location =` name in nginx's own order (ngx_http_cmp_locations over
 * ngx_filename_cmp): its UTF-8 bytes with `/` below every other byte (a value holds no NUL), a
 * name before the longer ones it begins; compare keys with Buffer.compare. nginx 1.22 sorts a
 * block's locations by insertion: in this order the sort is one pass, in another it is quadratic
 * (`nginx -t` over 40,000 locations: 6.0 s in the redirect list's order, 0.6 s in this one).
 */
export function nginxLocationKey(name: string): Buffer {
  const key = Buffer.from(name);
  for (let i = 0; i < key.length; i++) if (key[i] === 0x2f) key[i] = 0;
  return key;
}
