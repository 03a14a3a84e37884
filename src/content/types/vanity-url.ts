// Vanity URLs (node--vanity_url): short routes that redirect to a node or a link.
import { z } from 'zod';
import type { Lang } from '../../i18n/languages.ts';
import { defineSource, published, type LinkFn } from '../sources.ts';
import { identifier, link, pathField, sitePathField } from './fields.ts';
import { ownedPathReason } from '../../site/rules/owned-paths.ts';

const rawVanityUrl = z.object({
  id: z.string(),
  type: z.literal('node--vanity_url'),
  langcode: z.enum(['en', 'fr']),
  status: z.boolean(),
  // Never an address the site keeps (the intake's /api/ and /hooks/, a language root, the
  // include's own names): behind nginx such a redirect would answer in the service's place.
  field_vanity_url: sitePathField('must be a route starting with "/"').superRefine((route, ctx) => {
    const reason = ownedPathReason(route);
    if (reason) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(route)} ${reason}: choose another address` });
  }),
  field_vanity_target_link: z.object({
    id: z.string(),
    field_external_link: link.nullish(),
    field_internal_link: identifier.extend({ path: pathField.nullish() }).nullish(),
  }),
});

export type VanityTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };
interface VanityEntry {
  id: string;
  lang: Lang;
  route: string;
  target: VanityTarget;
}

/** The vanity's target: a node picked in the paragraph, or a link (entity:, internal:, https:). */
function vanityTarget(node: z.infer<typeof rawVanityUrl>, link: LinkFn): VanityTarget | { error: string } | null {
  const lang = node.langcode;
  const target = node.field_vanity_target_link;
  const internalAlias = target.field_internal_link?.path?.alias;
  if (internalAlias) return { kind: 'internal', path: `/${lang}${internalAlias}` };
  const uri = target.field_external_link?.uri;
  if (!uri) return { error: 'field_vanity_target_link: neither field_internal_link nor field_external_link is set' };
  const href = link(uri, 'field_vanity_target_link.field_external_link.uri');
  if (!href) return null;
  return href.startsWith('/') ? { kind: 'internal', path: href } : { kind: 'external', url: href };
}

export const vanitySource = defineSource({
  type: 'node--vanity_url',
  resource: 'node/vanity_url',
  query: () =>
    published()
      .addInclude(['field_vanity_target_link', 'field_vanity_target_link.field_internal_link'])
      .getQueryString(),
  schema: rawVanityUrl,
  toEntry: (node, { link }) => {
    const target = vanityTarget(node, link);
    if (!target || 'error' in target) return target;
    return { id: node.id, lang: node.langcode, route: node.field_vanity_url, target } satisfies VanityEntry;
  },
});
