// Tells apart the broken links an editor typed (CMS body text and link fields, marked
// `data-cms-link` by src/content/sanitize.ts and the pages) from links the build generates. An
// editor's broken link is a warning the release goes live with; a generated one blocks it.
import type { BuildWarning } from '../../content/build-warnings.ts';

export interface EditorLink {
  target: string;
  text: string;
}

// Linear patterns (checked by tests/security/redos.test.ts): an anchor's text stops at the next
// anchor, a tag at the next `<`, so an unclosed one is not scanned again from every start.
const ANCHOR = /<a\s([^<>]*)>((?:[^<]|<(?!\/?a[\s>]))*)<\/a>/g;
const HREF = /\shref="(\/[^"#?]*)(?:[#?][^"]*)?"/;

const plainText = (html: string) =>
  html
    .replace(/<[^<>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** Same-site links of anchors marked as typed by an editor, with their text. */
export function editorLinks(html: string): EditorLink[] {
  const links: EditorLink[] = [];
  for (const [, attributes, inner] of html.matchAll(ANCHOR)) {
    if (!/\sdata-cms-link(?:[\s=]|$)/.test(` ${attributes}`)) continue;
    const href = HREF.exec(` ${attributes}`)?.[1];
    if (href && !href.startsWith('//')) links.push({ target: href, text: plainText(inner!) });
  }
  return links;
}

/**
 * Splits one page's broken targets (one per occurrence, as linkTargets lists them): a target is a
 * warning only when every occurrence of it on the page is an editor's link.
 */
export function splitBrokenLinks(
  html: string,
  broken: string[],
  page: string,
): { blocking: string[]; warnings: BuildWarning[] } {
  const typed = editorLinks(html);
  const blocking: string[] = [];
  const warnings: BuildWarning[] = [];
  const occurrences = new Map<string, number>();
  for (const href of broken) occurrences.set(href, (occurrences.get(href) ?? 0) + 1);
  for (const [target, count] of occurrences) {
    const mine = typed.filter((l) => l.target === target);
    if (mine.length < count) {
      blocking.push(target);
      continue;
    }
    for (const link of mine) {
      warnings.push({
        kind: 'broken-link',
        message: `The link "${link.text}" points to ${target}, which does not exist.`,
        page,
        linkText: link.text,
        target,
      });
    }
  }
  return { blocking, warnings };
}
