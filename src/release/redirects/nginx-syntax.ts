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
