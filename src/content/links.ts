// Drupal's link field stores what the editor chose, not a URL: `entity:node/123` (a node picked
// in the autocomplete), `internal:/node/123` or `internal:/some/alias` (a typed path),
// `entity:taxonomy_term/7`, `route:<nolink>`, or an absolute URL. The build resolves them to the
// target's alias in the page's language, from an index of every published node and category
// (`drupal_internal__nid` / `__tid` and `path`), fetched once per build and only when a link needs it.
import { z } from 'zod';
import { underBase } from '../config/base-url.ts';
import { languages, type Lang } from '../i18n/languages.ts';
import type { JsonApiClient } from './jsonapi-client.ts';

/** What the index reads of a link target; anything else in the listing (a null, a malformed item) is no target. */
const linkTarget = z.object({
  id: z.string().optional(),
  attributes: z.object({
    path: z.object({ alias: z.string().min(1) }),
    langcode: z.string().nullish(),
    drupal_internal__nid: z.union([z.number(), z.string()]).nullish(),
    drupal_internal__tid: z.union([z.number(), z.string()]).nullish(),
  }),
});

/** Resource types whose aliases links may point at (published only). */
const linkTargetTypes = [
  { resource: 'node/program', type: 'node--program', key: 'node', idField: 'drupal_internal__nid' },
  { resource: 'node/simple_page', type: 'node--simple_page', key: 'node', idField: 'drupal_internal__nid' },
  { resource: 'node/complex_page', type: 'node--complex_page', key: 'node', idField: 'drupal_internal__nid' },
  { resource: 'node/page', type: 'node--page', key: 'node', idField: 'drupal_internal__nid' },
  { resource: 'node/screening', type: 'node--screening', key: 'node', idField: 'drupal_internal__nid' },
  { resource: 'node/landing_page', type: 'node--landing_page', key: 'node', idField: 'drupal_internal__nid' },
  {
    resource: 'taxonomy_term/categories',
    type: 'taxonomy_term--categories',
    key: 'taxonomy_term',
    idField: 'drupal_internal__tid',
  },
] as const;

export interface LinkIndex {
  /** `node/123` or `taxonomy_term/7` -> alias per language (a node without a translation: its own language only). */
  byEntity: Map<string, Partial<Record<Lang, string>>>;
  /** Any language's alias -> the entity key, so a typed French alias on an English link still resolves. */
  byAlias: Map<string, string>;
  /** The resource's uuid -> its entity key (a delta removes a deleted node's aliases by it). */
  byUuid: Map<string, string>;
}

/** One node or term as a delta saw it in one language: its alias there, or null when it is gone there. */
export interface LinkTargetChange {
  uuid: string;
  /** `node/123`; unknown for a node gone whose key the index never held. */
  key?: string | undefined;
  lang: Lang;
  alias: string | null;
}

/** The entity key of a fetched node or term of `resource`, or undefined when links cannot target that type. */
export function linkTargetKey(resource: string, node: Record<string, unknown>): string | undefined {
  const t = linkTargetTypes.find((x) => x.resource === resource);
  const id = t && node[t.idField];
  return t && (typeof id === 'number' || typeof id === 'string') ? `${t.key}/${id}` : undefined;
}

/** Whether links can target the nodes or terms of `resource`. */
export const isLinkTarget = (resource: string) => linkTargetTypes.some((t) => t.resource === resource);

/**
 * The index after a delta: each change's alias set in its language, or removed. The maps are copied
 * (the previous index stays as it was, so the entries resolved with it can be compared).
 */
export function updateLinkIndex(index: LinkIndex, changes: LinkTargetChange[]): LinkIndex {
  const next: LinkIndex = {
    byEntity: new Map(index.byEntity),
    byAlias: new Map(index.byAlias),
    byUuid: new Map(index.byUuid),
  };
  for (const c of changes) {
    const key = c.key ?? next.byUuid.get(c.uuid);
    if (!key) continue;
    const aliases = { ...next.byEntity.get(key) };
    const old = aliases[c.lang];
    if (old && next.byAlias.get(old) === key && !Object.entries(aliases).some(([l, a]) => l !== c.lang && a === old))
      next.byAlias.delete(old);
    if (c.alias) {
      aliases[c.lang] = c.alias;
      next.byAlias.set(c.alias, key);
      next.byUuid.set(c.uuid, key);
    } else delete aliases[c.lang];
    if (Object.keys(aliases).length > 0) next.byEntity.set(key, aliases);
    else next.byEntity.delete(key);
  }
  return next;
}

export type ResolvedLink = { href: string } | { unresolved: string };

/** True when resolving `uri` needs the index (entity: and internal: links). */
export function needsIndex(uri: string): boolean {
  return uri.startsWith('entity:') || uri.startsWith('internal:');
}

const ENTITY_PATH = /^\/?(node|taxonomy\/term)\/(\d+)\/?$/;

/**
 * Resolves one link field value for a page in `lang`. Absolute http(s), mailto: and tel: URLs are
 * kept; an entity or `/node/N` path becomes `/{lang}{alias}`; a typed alias of a known node becomes
 * that node's alias in `lang`; any other typed path is kept as `/{lang}/path` (a route of the site
 * itself, such as /calculator, which the post-build link check verifies); a typed path to an
 * uploaded file points at the CMS.
 */
export function resolveLink(uri: string, lang: Lang, index: LinkIndex | undefined, cmsBase?: string): ResolvedLink {
  const trimmed = uri.trim();
  const byKey = (key: string, suffix = ''): ResolvedLink => {
    const alias = index?.byEntity.get(key)?.[lang];
    return alias
      ? { href: `/${lang}${alias}${suffix}` }
      : { unresolved: `${uri}: no published ${key.replace('/', ' ')} with an alias in ${lang}` };
  };
  if (/^(https?:\/\/|mailto:|tel:)/i.test(trimmed)) return { href: trimmed };
  const entity = /^entity:(node|taxonomy_term)\/(\d+)$/.exec(trimmed);
  if (entity) return byKey(`${entity[1]}/${entity[2]}`);
  if (!/^(internal|base):/.test(trimmed)) return { unresolved: `${uri}: not a link the site can follow` };
  let path = trimmed.slice(trimmed.indexOf(':') + 1);
  if (!path.startsWith('/')) path = `/${path}`;
  // A typed path may already carry the site's language prefix.
  const [pathname, suffix] = splitSuffix(path.replace(/^\/(en|fr)(?=\/|$)/, '') || '/');
  // Files uploaded to Drupal are served by Drupal (under its base path), not by the site.
  if (cmsBase && /^\/(sites\/[^/]+\/files|system\/files)\//.test(pathname))
    return { href: `${underBase(cmsBase, pathname).toString()}${suffix}` };
  const numeric = ENTITY_PATH.exec(pathname);
  const key = numeric
    ? `${numeric[1] === 'node' ? 'node' : 'taxonomy_term'}/${numeric[2]}`
    : index?.byAlias.get(pathname.replace(/(.)\/$/, '$1'));
  return key ? byKey(key, suffix) : { href: `/${lang}${pathname}${suffix}` };
}

function splitSuffix(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

const cache = new WeakMap<JsonApiClient, Promise<LinkIndex>>();

/** The index of link targets, fetched once per client (one client per build). */
export function linkIndex(client: JsonApiClient): Promise<LinkIndex> {
  let index = cache.get(client);
  if (!index) {
    index = buildIndex(client);
    cache.set(client, index);
  }
  return index;
}

async function buildIndex(client: JsonApiClient): Promise<LinkIndex> {
  const byEntity: LinkIndex['byEntity'] = new Map();
  const byAlias: LinkIndex['byAlias'] = new Map();
  const byUuid: LinkIndex['byUuid'] = new Map();
  await Promise.all(
    linkTargetTypes.flatMap((t) =>
      languages.map(async (lang) => {
        const fields = `fields[${t.type}]=${t.idField},path,langcode`;
        // A type the site does not expose (a 404) simply offers no link targets.
        const { data } = await client
          .fetchAll(lang, t.resource, t.key === 'node' ? `filter[status]=1&${fields}` : fields)
          .catch((error: { status?: number }) => {
            if (error.status === 404) return { data: [] };
            throw error;
          });
        for (const r of data) {
          const parsed = linkTarget.safeParse(r);
          if (!parsed.success) continue;
          const a = parsed.data.attributes;
          const id = a[t.idField];
          const alias = a.path.alias;
          if (id == null || (typeof a.langcode === 'string' && a.langcode !== lang)) continue;
          const key = `${t.key}/${id}`;
          byEntity.set(key, { ...byEntity.get(key), [lang]: alias });
          byAlias.set(alias, key);
          if (parsed.data.id) byUuid.set(parsed.data.id, key);
        }
      }),
    ),
  );
  return { byEntity, byAlias, byUuid };
}

/** Every link-field uri in a raw node's attributes (and its included paragraphs'). */
export function linkUris(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) linkUris(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.uri === 'string') out.push(o.uri);
    for (const [k, v] of Object.entries(o)) if (k !== 'uri' && typeof v === 'object') linkUris(v, out);
  }
  return out;
}

/**
 * A file of the CMS as its path and query on the CMS's origin, or null when the value points
 * anywhere else (another host, `file:`, `data:`): the build fetches images only from the CMS
 * (astro.config.mjs remotePatterns) and the pages' CSP allows no other image origin. Without the
 * origin, the content that names the file is the same whatever address the CMS is reached at.
 */
export function cmsFilePath(url: string, cmsBase: string): string | null {
  try {
    const absolute = new URL(url, cmsBase);
    const base = new URL(cmsBase);
    if (absolute.origin !== base.origin || !/^https?:$/.test(absolute.protocol)) return null;
    return `${absolute.pathname}${absolute.search}`;
  } catch {
    return null;
  }
}
