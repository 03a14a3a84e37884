// The nginx include's only way to write a value: a double-quoted string whose content cannot end
// the string, start a variable or a new directive. Anything that would need escaping is refused
// (callers percent-encode URLs first, src/build/url-text.ts); nothing is escaped by hand. Pure.

/** Characters no value of ours needs and each of which means something to nginx's parser. */
const REFUSED = /["\\$\u0000-\u001f\u007f]/;

export class NginxSyntaxError extends Error {}

/** `value` as an nginx quoted string; throws NginxSyntaxError for `"`, `\`, `$` or a control character. */
export function nginxString(value: string): string {
  if (value === '' || REFUSED.test(value))
    throw new NginxSyntaxError(`Not written to the nginx include: ${JSON.stringify(value)}`);
  return `"${value}"`;
}
