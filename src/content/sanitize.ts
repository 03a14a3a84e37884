// CMS body HTML is trusted to editors but not to the public page: strip scripts, event
// handlers, inline styles and javascript: URLs at build time.
import sanitizeHtml from 'sanitize-html';
import type { Lang } from '../i18n/languages.ts';
import { frenchTypographyEscaped } from '../i18n/typography/french.ts';
import { messageOf } from '../i18n/index.ts';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'abbr',
    'span',
    'div',
    'dl',
    'dt',
    'dd',
    'hr',
    'sup',
    'sub',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'hreflang', 'lang', 'data-cms-link'],
    abbr: ['title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['lang', 'id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // Headings inside CMS bodies start at h2: the page title is the only h1.
    h1: 'h2',
    // Marks links an editor typed: the release checks report a broken one as a warning
    // (src/release/checks/link-warnings.ts) instead of holding back the release.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, 'data-cms-link': '' } }),
  },
};

// French bodies get French spacing (no-break spaces before : ; ! ?, inside « », in amounts and
// times) on text nodes only: attributes and URLs never pass through the filter.
const frenchOptions: sanitizeHtml.IOptions = {
  ...options,
  textFilter: (text, tagName) => (tagName === 'code' || tagName === 'pre' ? text : frenchTypographyEscaped(text)),
};

export function sanitize(html: string | null | undefined, lang: Lang = 'en'): string {
  if (!html) return '';
  return scrollingTables(sanitizeHtml(html, lang === 'fr' ? frenchOptions : options).trim(), lang);
}

/** Each table in a box of its own that scrolls sideways when the table is wider than the screen,
 *  so the page does not (WCAG 1.4.10). The box takes focus, for the keyboard to scroll it, and is
 *  a region named by the table's caption (or a word saying it is a table). The sanitizer has
 *  written every tag itself, so `<table` and `</table>` are exact. Read with indexOf rather than
 *  regular expressions, which backtrack polynomially on hostile content. */
function scrollingTables(html: string, lang: Lang): string {
  const parts: string[] = [];
  let copied = 0;
  for (let start = html.indexOf('<table'); start >= 0; start = html.indexOf('<table', start + 1)) {
    const next = html.charAt(start + '<table'.length);
    const openEnd = html.indexOf('>', start);
    if ((next !== '>' && next !== ' ') || openEnd < 0) continue;
    const name = tagsOut(captionAfter(html, openEnd + 1)).trim() || escapeAttribute(messageOf(lang, 'table.region'));
    parts.push(
      html.slice(copied, start),
      `<div class="table-scroll" role="region" tabindex="0" aria-label="${name.replaceAll('"', '&quot;')}">`,
    );
    copied = start;
  }
  parts.push(html.slice(copied));
  return parts.join('').replaceAll('</table>', '</table></div>');
}

/** The caption that opens a table whose opening tag ends at `from`, or ''. */
function captionAfter(html: string, from: number): string {
  let at = from;
  while (at < html.length && /\s/.test(html.charAt(at))) at += 1;
  if (!html.startsWith('<caption', at)) return '';
  const open = html.indexOf('>', at);
  const close = html.indexOf('</caption>', open);
  return open < 0 || close < 0 ? '' : html.slice(open + 1, close);
}

/** Text without its tags. */
function tagsOut(html: string): string {
  let text = '';
  let inTag = false;
  for (const ch of html) {
    if (ch === '<') inTag = true;
    else if (ch === '>') inTag = false;
    else if (!inTag) text += ch;
  }
  return text;
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
