// URLs as text for the build's outputs (nginx include, `_redirects`, redirect stubs, headers):
// every character outside a small safe set is percent-encoded, so a URL written out is one token
// in each of those grammars (no space, quote, backslash, `$`, brace, `<`, `'` or control). Pure.

/** RFC 3986 unreserved and the delimiters a URL needs, minus `'` and `$` (meaningful to HTML and nginx). */
const SAFE = /[A-Za-z0-9\-._~:/?#[\]@!&()*+,;=]/;
/** Text of SAFE characters only (no `%`): nothing to encode, as for most of a large site's paths. */
const ALL_SAFE = /^[A-Za-z0-9\-._~:/?#[\]@!&()*+,;=]*$/;

/** `text` with every character outside SAFE percent-encoded (UTF-8); a `%` stays only before two hex digits. */
export function encodeUrlText(text: string): string {
  if (ALL_SAFE.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) out += c;
    else if (SAFE.test(c)) out += c;
    else {
      const point = text.codePointAt(i)!;
      const char = String.fromCodePoint(point);
      if (char.length === 2) i++;
      // A lone surrogate cannot be UTF-8: it becomes U+FFFD, as a browser sends it.
      out += encodeURIComponent(char.isWellFormed() ? char : '\uFFFD').replace(
        /[!'()*]/g,
        (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`,
      );
    }
  }
  return out;
}
