// Redirects kept by Drupal's Redirect module (`redirect--redirect` over JSON:API): an editor's
// renamed path alias leaves one from the old path to the node, so old addresses keep working.
// Redirect entities are not translated: both languages' answers hold the same list (the
// redirect inputs keep one of each id).
import type { Loader } from 'astro/loaders';
import { DrupalJsonApiParams } from 'drupal-jsonapi-params';
import { z } from 'zod';
import { CmsError } from './jsonapi-client.ts';
import { drupalLoader } from './loader.ts';
import { defineSource } from './sources.ts';
import { sitePathField } from './types/fields.ts';

const rawRedirect = z.object({
  id: z.string(),
  type: z.literal('redirect--redirect'),
  /** Path without the language prefix or leading slash, e.g. "program/old-name". */
  redirect_source: z.object({
    // Stored without the leading slash: checked (decoded once, no dot segments...) with it.
    path: z
      .string()
      .min(1)
      .transform((p) => `/${p.replace(/^\/+/, '')}`)
      .pipe(sitePathField()),
    query: z.unknown().nullish(),
  }),
  /** internal:/node/12, entity:node/12, internal:/some/alias or an absolute URL. */
  redirect_redirect: z.object({ uri: z.string().min(1) }),
  status_code: z.coerce.number().int().min(300).max(399).nullish(),
  /** en, fr, or und (every language). */
  language: z.string().nullish(),
});

export interface CmsRedirectEntry {
  id: string;
  lang: 'en' | 'fr';
  source: string;
  /** A redirect that only applies with a query string cannot be a static redirect. */
  hasQuery: boolean;
  uri: string;
  status: number;
  language: string;
}

const hasQuery = (query: unknown) =>
  Boolean(query) &&
  (Array.isArray(query)
    ? query.length > 0
    : typeof query === 'object'
      ? Object.keys(query as object).length > 0
      : String(query) !== '');

export const redirectSource = defineSource({
  type: 'redirect--redirect',
  resource: 'redirect/redirect',
  query: () => new DrupalJsonApiParams().addSort('drupal_internal__rid').getQueryString(),
  schema: rawRedirect,
  toEntry: (r, { lang }): CmsRedirectEntry => ({
    id: r.id,
    lang,
    source: r.redirect_source.path,
    hasQuery: hasQuery(r.redirect_source.query),
    uri: r.redirect_redirect.uri,
    status: r.status_code ?? 301,
    language: r.language ?? 'und',
  }),
});

/**
 * The redirects collection's loader: a Drupal without the Redirect module answers 404 for the
 * type, which means "no redirects" (said in the build log), not a failed build.
 */
export function redirectLoader(): Loader {
  const inner = drupalLoader(redirectSource);
  return {
    name: inner.name,
    load: async (context) => {
      try {
        await inner.load(context);
      } catch (error) {
        if (!(error instanceof CmsError && error.status === 404)) throw error;
        context.logger.warn(
          'The CMS has no redirect--redirect resources (Redirect module not installed?): no CMS redirects in this build.',
        );
        context.store.clear();
      }
    },
  };
}
