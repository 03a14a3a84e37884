// The resident renderer's content: every collection's entries held in memory, mapped by the same
// sources, schemas and mappings as the static build's loaders (src/content/types/, collect.ts).
// A refresh fetches the collections again and keeps the entry object of every node whose digest
// did not change (an unchanged node is not mapped again; entries are frozen). A node
// that turned invalid keeps its previous entry, as the loader does (src/content/loader.ts).
import { createHash } from 'node:crypto';
import { collectSource, type NodeProblem, type NodeWarning } from '../../content/collect.ts';
import type { JsonApiClient } from '../../content/jsonapi-client.ts';
import { CmsError } from '../../content/jsonapi-client.ts';
import { settleProblems } from '../../content/loader.ts';
import { redirectSource } from '../../content/redirect-source.ts';
import type { DrupalSource } from '../../content/sources.ts';
import { contentTypes } from '../../content/types/index.ts';
import { languages } from '../../i18n/languages.ts';

/** Every collection of src/content.config.ts and its source. */
const SOURCES: Record<string, DrupalSource> = { ...contentTypes, redirects: redirectSource };

interface Held {
  data: object;
  digest: string;
  warnings: NodeWarning[];
}

export type Collections = Map<string, Map<string, Held>>;

/**
 * An entry cannot change once mapped: frozen, all the way down, so the props hashes may keep each
 * entry's hash by identity (props-hash.ts); a page that wrote into its props would throw here.
 */
function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child && typeof child === 'object') deepFreeze(child as object);
  return Object.freeze(value);
}

const digestOf = (value: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** One collection fetched and mapped again, unchanged nodes keeping their entry object. */
async function collectOne(
  client: JsonApiClient,
  name: string,
  cmsBase: string,
  version: string,
  held: Map<string, Held> | undefined,
  warningsFile: string | undefined,
): Promise<Map<string, Held>> {
  const source = SOURCES[name]!;
  const reuse = {
    digest: digestOf,
    version,
    previous: (key: string, digest: string) => {
      const kept = held?.get(key);
      return kept?.digest === digest ? { data: kept.data, warnings: kept.warnings } : undefined;
    },
  };
  let collected;
  try {
    collected = await collectSource(client, source, cmsBase, reuse);
  } catch (error) {
    // A CMS without the Redirect module: no redirects (as redirect-source.ts's loader).
    if (name === 'redirects' && error instanceof CmsError && error.status === 404) return new Map();
    throw error;
  }
  const next = new Map<string, Held>();
  const invalid = (p: NodeProblem) => `${p.lang}/${p.id}`;
  // An invalid node keeps the version held (the last valid, published one).
  for (const p of collected.problems) if (held?.has(invalid(p))) next.set(invalid(p), held.get(invalid(p))!);
  settleProblems(source, collected.problems, collected.warnings, (key) => next.has(key), warningsFile);
  for (const e of collected.entries) {
    const key = `${e.lang}/${e.id}`;
    const kept = held?.get(key);
    next.set(
      key,
      kept?.digest === e.digest ? kept : { data: deepFreeze(e.data as object), digest: e.digest, warnings: e.warnings },
    );
  }
  return next;
}

/** Collections that grow with the site: refreshed by Drupal's `changed` filter when they can be. */
const LARGE = ['programs', 'simplePages', 'complexPages', 'pages'];

/** Drupal's `changed` filter: nodes saved at `since` or later (ISO 8601, as the `changed` attribute). */
const changedSince = (since: string) =>
  `filter[since][condition][path]=changed&filter[since][condition][operator]=${encodeURIComponent('>=')}&filter[since][condition][value]=${encodeURIComponent(since)}`;

interface Stamped {
  id: string;
  attributes?: { status?: boolean; langcode?: string; path?: { alias?: string } | null };
}

/** A webhook event as the publisher passes it on (src/release/resident/protocol.ts). */
type NodeEvent = { event?: string | undefined; id?: string | undefined; langcode?: string | undefined };

/**
 * Whether the change is only edits of published nodes that kept their address: every event names
 * a node updated (not deleted), each such node is in the `changed` listing (which, as Drupal's,
 * shows published nodes only: an unpublished one is missing from it), and every node listed is
 * held under the same address. Then only those nodes need fetching; a create, a rename, an
 * unpublish or a delete could change which pages exist or what other nodes' links resolve to,
 * so they take the whole refresh.
 */
async function onlyEdits(client: JsonApiClient, held: Collections, since: string, events: NodeEvent[]) {
  if (events.length === 0 || events.some((e) => !e.id || e.event === 'delete')) return false;
  // The eight listings at once: asked one after another, their round trips were on every edit's path.
  const listings = LARGE.flatMap((name) =>
    languages.map(async (lang) => {
      const source = SOURCES[name]!;
      const query = `${changedSince(since)}&fields[${source.type}]=status,path,langcode`;
      const { data } = await client.fetchAll(lang, source.resource, query);
      const nodes: Stamped[] = data;
      return { name, lang, nodes };
    }),
  );
  const seen = new Set<string>();
  for (const { name, lang, nodes } of await Promise.all(listings))
    for (const node of nodes) {
      // A listing item that is not a resource: not an edit this can judge; the whole refresh checks it.
      if (!node || typeof node !== 'object' || typeof node.id !== 'string') return false;
      const kept = held.get(name)?.get(`${lang}/${node.id}`)?.data as { alias?: string } | undefined;
      if (!node.attributes?.status || !kept || kept.alias !== node.attributes.path?.alias) return false;
      seen.add(node.id);
    }
  return events.every((e) => seen.has(e.id!));
}

/** The large collections' nodes saved since `since` mapped again, the others kept. */
async function collectChanged(
  options: Parameters<typeof collectAll>[0] & { held: Collections },
  name: string,
  since: string,
): Promise<Map<string, Held>> {
  const source = SOURCES[name]!;
  const changed = { ...source, query: () => `${source.query()}&${changedSince(since)}` };
  const reuse = { digest: digestOf, version: options.mappingVersion, previous: () => undefined };
  const collected = await collectSource(options.client, changed, options.cmsBase, reuse);
  const next = new Map(options.held.get(name));
  for (const e of collected.entries)
    next.set(`${e.lang}/${e.id}`, { data: deepFreeze(e.data as object), digest: e.digest, warnings: e.warnings });
  // The build's warnings are every entry's, as the loader records those of the entries it reuses.
  const warnings = [...next.values()].flatMap((h) => h.warnings);
  settleProblems(source, collected.problems, warnings, (key) => next.has(key), options.warningsFile);
  return next;
}

/**
 * The content after a publish: with `since` (when the last refresh started), only the nodes saved
 * since then when the change is only edits (onlyEdits); else everything again.
 */
export async function refreshContent(
  options: Parameters<typeof collectAll>[0] & { held: Collections; since: string | null; events: NodeEvent[] },
): Promise<{ collections: Collections; changedOnly: boolean }> {
  const { since } = options;
  if (!since || !(await onlyEdits(options.client, options.held, since, options.events)))
    return { collections: await collectAll(options), changedOnly: false };
  const names = Object.keys(SOURCES);
  const maps = await Promise.all(
    names.map((name) =>
      LARGE.includes(name)
        ? collectChanged(options, name, since)
        : collectOne(
            options.client,
            name,
            options.cmsBase,
            options.mappingVersion,
            options.held.get(name),
            options.warningsFile,
          ),
    ),
  );
  return { collections: new Map(names.map((name, i) => [name, maps[i]!])), changedOnly: true };
}

/** Fetches every collection (again), in the order the static build's loaders store them. */
export async function collectAll(options: {
  client: JsonApiClient;
  cmsBase: string;
  mappingVersion: string;
  held?: Collections;
  warningsFile?: string;
}): Promise<Collections> {
  const names = Object.keys(SOURCES);
  const maps = await Promise.all(
    names.map((name) =>
      collectOne(
        options.client,
        name,
        options.cmsBase,
        options.mappingVersion,
        options.held?.get(name),
        options.warningsFile,
      ),
    ),
  );
  return new Map(names.map((name, i) => [name, maps[i]!]));
}

/**
 * The entries per collection, as pages read them (src/content/resident-content.ts): in the order
 * of Astro's data store, which writes each collection sorted by key (`<lang>/<id>`, localeCompare)
 * and reads it back in that order.
 */
export function entriesOf(collections: Collections): Map<string, object[]> {
  const sorted = (held: Map<string, Held>) =>
    [...held.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, h]) => h.data);
  return new Map([...collections].map(([name, held]) => [name, sorted(held)]));
}
