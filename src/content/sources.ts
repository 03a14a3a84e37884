// What the build fetches from the CMS for one content type: the JSON:API resource, the query
// (Drupal filter / include syntax built with drupal-jsonapi-params), the schema each node must
// match and the mapping to the entry the pages render. Each type's source is in src/content/types/.
import { DrupalJsonApiParams } from 'drupal-jsonapi-params';
import type { z } from 'zod';
import type { Lang } from '../i18n/languages.ts';

/** Resolves a Drupal link field value for the entry's language; null when it cannot (reported). */
export type LinkFn = (uri: string, field: string) => string | null;

export interface SourceContext {
  cmsBase: string;
  lang: Lang;
  /** Resolves a Drupal link field value (entity:, internal:, https:) to an href; null (and a build warning) when it cannot. */
  link: LinkFn;
  /**
   * A field the mapping leaves out of the entry because its value cannot be used (say, an image
   * that is not a file of the CMS): a build warning naming the node and the field; the entry stays.
   */
  leftOut: (field: string, message: string, target?: string) => void;
}

export interface DrupalSource<S extends z.ZodType = z.ZodType, E = unknown> {
  /** JSON:API type, e.g. node--program: named in error messages. */
  type: string;
  /** Path under /jsonapi/, e.g. node/program. */
  resource: string;
  query: () => string;
  schema: S;
  /** The entry, an error (the node is invalid) or null (left out; its warnings say why). */
  toEntry: (node: z.infer<S>, ctx: SourceContext) => E | { error: string } | null;
  /**
   * The site cannot exist without this content: an invalid node fails the build. Any other
   * invalid node is skipped with a build warning (see loader.ts).
   */
  required?: boolean;
}

export function defineSource<S extends z.ZodType, E>(source: DrupalSource<S, E>): DrupalSource<S, E> {
  return source;
}

/** Published nodes only. */
export const published = () => new DrupalJsonApiParams().addFilter('status', '1');
