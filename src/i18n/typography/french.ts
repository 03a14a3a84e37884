// French typography for text shown to the reader, following the Translation Bureau's
// "Le guide du rédacteur" (Termium Plus, "Espacement avant et après les signes de ponctuation"):
// an espace insécable (U+00A0) before the colon, an espace fine insécable (U+202F) before ; ! ?
// and inside « », no-break spaces inside numbers (thousands), before $ and %, and in « 8 h 15 ».
// One function, applied to interface strings and CMS text at build time, so no string carries
// its own no-break spaces by hand. Plain text in, plain text out: callers pass text nodes only,
// never URLs, attributes or code.
import type { Lang } from '../languages.ts';

export const NBSP = '\u00A0';
export const NNBSP = '\u202F';

// Any horizontal space an author may have typed (ordinary, no-break, narrow, thin).
const SP = '[ \\u00A0\\u202F\\u2009]';

const rules: Array<[RegExp, string | ((...m: string[]) => string)]> = [
  // « word » : narrow no-break space inside the guillemets.
  [new RegExp(`«${SP}*`, 'g'), `«${NNBSP}`],
  // From the first space of a run only: `${SP}*»` alone retried every space of a long run (quadratic).
  [new RegExp(`(?<!${SP})${SP}*»`, 'g'), `${NNBSP}»`],
  // Colon that ends a clause (followed by a space, a closing mark or the end): no-break space
  // before it. "https://", "12:30" and "a:b" are left alone.
  [new RegExp(`(?<=[^\\s:;!?])${SP}*:(?=[\\s»)\\]]|$)`, 'g'), `${NBSP}:`],
  // ; ! ? after a word or closing mark: narrow no-break space. "?q=" and "!important" stay.
  [new RegExp(`(?<=[^\\s:;!?«(])${SP}*([;!?]+)(?=[\\s»)\\]"”’]|$)`, 'g'), `${NNBSP}$1`],
  // A string that starts with the mark (a separator such as « ; » put between items): the word
  // comes before it once joined, so the space goes before it too.
  [new RegExp(`^${SP}*:(?=${SP}|$)`), `${NBSP}:`],
  [new RegExp(`^${SP}*([;!?]+)(?=${SP}|$)`), `${NNBSP}$1`],
  // Thousands: 12 500, 1 000 000 (not phone numbers such as 1-833-733-7835, nor 2026 alone): a
  // space between 1 to 3 digits (not after `,` `.` `-`) and exactly 3. Each group is checked on
  // its own (a space before a group is not `,.-`), so no look-behind rescans the whole number.
  [new RegExp(`(?<![\\d,.\\-])(\\d{1,3})${SP}(?=\\d{3}(?!\\d))`, 'g'), `$1${NBSP}`],
  // Amounts and percentages: 400 $, 12 500,50 $, 5 %.
  [new RegExp(`(?<=\\d)${SP}([$%])`, 'g'), `${NBSP}$1`],
  // Units: 7 Mo, 12 km.
  [new RegExp(`(?<=\\d)${SP}(Mo|Ko|Go|km)\\b`, 'g'), `${NBSP}$1`],
  // Times: 8 h 15, 16 h 30, 24 h.
  [
    new RegExp(`\\b(\\d{1,2})${SP}h(?:${SP}(\\d{2}))?\\b`, 'g'),
    (_, h: string, min?: string) => `${h}${NBSP}h${min ? `${NBSP}${min}` : ''}`,
  ],
];

/** Applies French spacing rules to one plain-text string. Idempotent. */
export function frenchTypography(text: string): string {
  let out = text;
  for (const [re, to] of rules) out = out.replace(re, to as string);
  return out;
}

/** French typography for French text, the text unchanged for English. */
export function typography(lang: Lang, text: string): string {
  return lang === 'fr' ? frenchTypography(text) : text;
}

/**
 * Applies French typography to every string of a strings object, and to the results of its
 * template functions (so `(n) => \`Étape ${n} sur ${total}\`` is covered too). Same shape out.
 */
export function frenchStrings<T>(value: T): T {
  if (typeof value === 'string') return frenchTypography(value) as T;
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => frenchStrings(fn(...args))) as T;
  }
  if (Array.isArray(value)) return (value as unknown[]).map((v) => frenchStrings(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frenchStrings(v)])) as T;
  }
  return value;
}

const unescapeMap: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Typography for an HTML-escaped text node (what sanitize-html's textFilter receives): entities
 * are decoded first so the `;` of `&amp;` is never mistaken for punctuation.
 */
export function frenchTypographyEscaped(escaped: string): string {
  return escapeHtml(frenchTypography(escaped.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => unescapeMap[e]!)));
}
