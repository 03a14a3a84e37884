// What Drupal core's JSON:API adds to every resource object on the way out, so the build meets
// the real shapes here first (core/modules/jsonapi: ResourceObject, Relationship,
// ResourceIdentifier, the path field): self links carrying `resourceVersion` for revisionable
// entities, relationship `self`/`related` links, `meta.drupal_internal__target_id` on each
// identifier, Drupal's `missing` identifier for a deleted target, and `path.pid`.
import type { Lang, Resource, Store } from './snapshot.ts';
import { translation } from './snapshot.ts';

/** The top-level `jsonapi` member Drupal sends with every document. */
export const JSONAPI_MEMBER = { version: '1.0', meta: { links: { self: { href: 'http://jsonapi.org/format/1.0/' } } } };

/** Entity types with revisions: Drupal puts `?resourceVersion=id:<revision>` on their links. */
const VERSIONABLE = new Set(['node', 'taxonomy_term', 'paragraph', 'media', 'block_content']);

const INTERNAL_ID = [
  'drupal_internal__nid',
  'drupal_internal__tid',
  'drupal_internal__fid',
  'drupal_internal__id',
  'drupal_internal__mid',
];

/** The target's serial id (Drupal always has one; the snapshot's files carry none, so one is derived). */
function internalId(r: Resource): unknown {
  for (const key of INTERNAL_ID) if (r.attributes?.[key] != null) return r.attributes[key];
  return stableNumber(`${r.type}:${r.id}`);
}

/** A stable small number for ids the snapshot does not carry (revision ids, path ids). */
function stableNumber(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return (h % 900_000) + 1000;
}

function missingIdentifier(type: string) {
  return {
    type,
    id: 'missing',
    meta: {
      links: {
        help: {
          href: 'https://www.drupal.org/docs/8/modules/json-api/core-concepts#missing',
          meta: { about: "Usage and meaning of the 'missing' resource identifier." },
        },
      },
    },
  };
}

export function drupalShape(
  store: Store,
  lang: Lang,
  r: Resource,
  base: string,
): Resource & { links: { self: { href: string } } } {
  const [entity, bundle] = r.type.split('--') as [string, string];
  const href = `${base}/jsonapi/${entity}/${bundle}/${r.id}`;
  const revision =
    r.attributes?.drupal_internal__vid ??
    r.attributes?.drupal_internal__revision_id ??
    stableNumber(`${r.type}:${r.id}:rev`);
  const version = VERSIONABLE.has(entity) ? `?resourceVersion=id%3A${revision}` : '';
  const attributes = { ...r.attributes };
  const path = attributes.path as { alias?: string | null; pid?: number | null; langcode?: string } | undefined;
  if (path && typeof path === 'object' && !('pid' in path)) {
    attributes.path = {
      alias: path.alias ?? null,
      pid: path.alias ? stableNumber(`${r.id}:${path.langcode ?? lang}`) : null,
      langcode: path.langcode ?? lang,
    };
  }
  const shaped: Resource & { links: { self: { href: string } } } = {
    type: r.type,
    id: r.id,
    attributes,
    links: { self: { href: `${href}${version}` } },
  };
  if (r.relationships) {
    shaped.relationships = Object.fromEntries(
      Object.entries(r.relationships).map(([field, rel]) => {
        const identify = (ident: { type: string; id: string; meta?: Record<string, unknown> } | null) => {
          // What an editor's write put there that is not an identifier goes out as it is (a hostile CMS).
          if (!ident || typeof ident !== 'object') return ident;
          const entry = store.get(ident.type)?.get(ident.id);
          const target = entry ? translation(entry, lang) : undefined;
          if (!target) return missingIdentifier(ident.type);
          return {
            type: ident.type,
            id: ident.id,
            meta: { ...ident.meta, drupal_internal__target_id: internalId(target) },
          };
        };
        const data = rel.data as { type: string; id: string } | Array<{ type: string; id: string } | null> | null;
        return [
          field,
          {
            data: Array.isArray(data) ? data.map(identify) : data ? identify(data) : null,
            links: {
              related: { href: `${href}/${field}${version}` },
              self: { href: `${href}/relationships/${field}${version}` },
            },
          },
        ];
      }),
    );
  }
  return shaped;
}

/** Drupal's 404 page: what a route outside JSON:API (or a bundle it does not expose) answers. */
export function notFoundPage(siteName = 'Social Supports NB CMS'): string {
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <title>Page not found | ${siteName}</title>
  </head>
  <body>
    <main role="main">
      <h1>Page not found</h1>
      <div>The requested page could not be found.</div>
    </main>
  </body>
</html>
`;
}

export const MAINTENANCE_MESSAGE =
  'Social Supports NB CMS is currently under maintenance. We should be back shortly. Thank you for your patience.';
