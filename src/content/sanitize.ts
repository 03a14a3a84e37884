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
 *  written every tag itself, so `<table` and `</table>` are exact. */
function scrollingTables(html: string, lang: Lang): string {
  return html
    .replace(/<table\b[^>]*>(?:\s*<caption\b[^>]*>([\s\S]*?)<\/caption>)?/g, (open, caption?: string) => {
      const name = caption?.replace(/<[^>]*>/g, '').trim() || escapeAttribute(messageOf(lang, 'table.region'));
      return `<div class="table-scroll" role="region" tabindex="0" aria-label="${name.replaceAll('"', '&quot;')}">${open}`;
    })
    .replace(/<\/table>/g, '</table></div>');
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
