// The resident renderer's content: every collection's entries held in memory, mapped by the same
// sources, schemas and mappings as the static build's loaders (src/content/types/, collect.ts),
// with the invalid nodes' problems and the link index they were mapped with. A full fetch
// (collectAll) keeps the entry object of every node whose digest did not change (an unchanged node
// is not mapped again; entries are frozen); a publish changes it by delta (content-delta.ts). A
// node that turned invalid keeps its previous entry, as the loader does (src/content/loader.ts).
import { createHash } from 'node:crypto';
import { collectSource, type EntryReads, type NodeProblem, type NodeWarning } from '../../content/collect.ts';
import type { JsonApiClient } from '../../content/jsonapi-client.ts';
import { CmsError } from '../../content/jsonapi-client.ts';
import { linkIndex, type LinkIndex } from '../../content/links.ts';
import { settleProblems } from '../../content/loader.ts';
import { redirectSource } from '../../content/redirect-source.ts';
import type { DrupalSource } from '../../content/sources.ts';
import { contentTypes } from '../../content/types/index.ts';

/** Every collection of src/content.config.ts and its source. */
export const SOURCES: Record<string, DrupalSource> = { ...contentTypes, redirects: redirectSource };

export interface Held {
  data: object;
  digest: string;
  warnings: NodeWarning[];
  /** What it was mapped from besides its node (the resources it included, its links the index resolved). */
  reads: EntryReads;
}

export type Collections = Map<string, Map<string, Held>>;

/** What the renderer holds: the entries, the invalid nodes' problems (per collection, by key), the link index. */
export interface HeldContent {
  collections: Collections;
  invalid: Map<string, Map<string, NodeProblem[]>>;
  links: LinkIndex;
}

/** One fetched entry as held, frozen (or the held one itself when its digest did not change). */
export const heldEntry = (
  e: { data: unknown; digest: string; warnings: NodeWarning[]; reads: EntryReads },
  kept: Held | undefined,
): Held =>
  kept?.digest === e.digest
    ? kept
    : { data: deepFreeze(e.data as object), digest: e.digest, warnings: e.warnings, reads: e.reads };

/** The problems by node key (`<lang>/<id>`). */
export function problemsByKey(problems: NodeProblem[]): Map<string, NodeProblem[]> {
  const byKey = new Map<string, NodeProblem[]>();
  for (const p of problems) byKey.set(`${p.lang}/${p.id}`, [...(byKey.get(`${p.lang}/${p.id}`) ?? []), p]);
  return byKey;
}

/**
 * An entry cannot change once mapped: frozen, all the way down, so the props hashes may keep each
 * entry's hash by identity (props-hash.ts); a page that wrote into its props would throw here.
 */
function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child && typeof child === 'object') deepFreeze(child as object);
  return Object.freeze(value);
}

export const digestOf = (value: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** One collection fetched and mapped again, unchanged nodes keeping their entry object. */
async function collectOne(
  client: JsonApiClient,
  name: string,
  cmsBase: string,
  version: string,
  held: Map<string, Held> | undefined,
  warningsFile: string | undefined,
  links?: LinkIndex,
): Promise<{ held: Map<string, Held>; problems: NodeProblem[] }> {
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
    collected = await collectSource(client, source, cmsBase, reuse, links);
  } catch (error) {
    // A CMS without the Redirect module: no redirects (as redirect-source.ts's loader).
    if (name === 'redirects' && error instanceof CmsError && error.status === 404)
      return { held: new Map(), problems: [] };
    throw error;
  }
  const next = new Map<string, Held>();
  const invalid = (p: NodeProblem) => `${p.lang}/${p.id}`;
  // An invalid node keeps the version held (the last valid, published one).
  for (const p of collected.problems) if (held?.has(invalid(p))) next.set(invalid(p), held.get(invalid(p))!);
  settleProblems(source, collected.problems, collected.warnings, (key) => next.has(key), warningsFile);
  for (const e of collected.entries) {
    const key = `${e.lang}/${e.id}`;
    next.set(key, heldEntry(e, held?.get(key)));
  }
  return { held: next, problems: collected.problems };
}

/** One collection fetched whole, its links resolved with `links` (the redirects after a delta that changed addresses). */
export async function collectWhole(
  options: { client: JsonApiClient; cmsBase: string; mappingVersion: string; warningsFile?: string | undefined },
  name: string,
  held: Map<string, Held> | undefined,
  links: LinkIndex,
) {
  return collectOne(options.client, name, options.cmsBase, options.mappingVersion, held, options.warningsFile, links);
}

/** Fetches every collection (again), in the order the static build's loaders store them. */
export async function collectAll(options: {
  client: JsonApiClient;
  cmsBase: string;
  mappingVersion: string;
  held?: Collections;
  warningsFile?: string;
}): Promise<HeldContent> {
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
  // The index the delta updates: the one the collections were mapped with (fetched once per client).
  return {
    collections: new Map(names.map((name, i) => [name, maps[i]!.held])),
    invalid: new Map(names.map((name, i) => [name, problemsByKey(maps[i]!.problems)])),
    links: await linkIndex(options.client),
  };
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
