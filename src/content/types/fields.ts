// Field schemas and mappings that several content types share: formatted text, path aliases,
// links, references to files and terms, and the attributes every node has.
import { z } from 'zod';
import type { Lang } from '../../i18n/languages.ts';
import { sanitize } from '../sanitize.ts';
import { parseSitePath } from '../../site/rules/site-path.ts';

/**
 * A site path typed in the CMS (alias, vanity URL, redirect source): held to src/site/rules/site-path.ts
 * and given in its canonical form; the issue names why it is refused (the node is then skipped
 * with a build warning naming it and the field).
 */
export const sitePathField = (refused = 'must be a path starting with "/"') =>
  z.string().transform((raw, ctx) => {
    const parsed = parseSitePath(raw);
    if ('path' in parsed) return parsed.path;
    ctx.addIssue({
      code: 'custom',
      message: raw.startsWith('/') ? `${JSON.stringify(raw.slice(0, 80))} ${parsed.error}` : refused,
    });
    return z.NEVER;
  });

export const formattedText = z.object({
  value: z.string(),
  format: z.string().nullish(),
  processed: z.string().nullish(),
});
export const optionalFormatted = formattedText.nullish();

export const pathField = z.object({
  alias: z
    .string({
      error: (issue) =>
        issue.input == null
          ? 'is empty: the node needs a URL alias (a Pathauto pattern or one set by hand)'
          : 'must be a path alias starting with "/"',
    })
    .pipe(sitePathField('must be a path alias starting with "/"')),
});

export const link = z.object({ uri: z.string().min(1), title: z.string().nullish() });

export const identifier = z.object({ id: z.string(), type: z.string() });

export const fileRef = identifier.extend({
  type: z.literal('file--file'),
  uri: z.object({ url: z.string().min(1) }),
  filemime: z.string().nullish(),
  meta: z
    .object({ alt: z.string().nullish(), width: z.number().nullish(), height: z.number().nullish() })
    .partial()
    .nullish(),
});

export const termRef = identifier.extend({
  name: z.string(),
  path: pathField.nullish(),
});

export const baseNode = z.object({
  id: z.string().uuid(),
  type: z.string(),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  title: z.string().min(1),
  changed: z.string().nullish(),
  path: pathField,
  /** Drupal's node id: Redirect module targets say internal:/node/<nid> or entity:node/<nid>. */
  drupal_internal__nid: z.number().int().nullish(),
});

export function slugOf(alias: string): string {
  return alias.split('/').filter(Boolean).pop() ?? '';
}

/** Formatted text as sanitized HTML (Drupal's processed text when it sent it). */
export const html = (t: { value: string; processed?: string | null | undefined } | null | undefined, lang: Lang) =>
  sanitize(t?.processed ?? t?.value, lang);
