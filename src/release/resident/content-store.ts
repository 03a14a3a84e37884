// The resident renderer's content: every collection's entries held in memory, mapped by the same
// sources, schemas and mappings as the static build's loaders (src/content/types/, collect.ts).
// A refresh fetches the collections again and keeps the entry object of every node whose digest
// did not change, so the dependency index (page-index.ts) sees what changed by identity. A node
// that turned invalid keeps its previous entry, as the loader does (src/content/loader.ts).
import { createHash } from 'node:crypto';
import { collectSource, type NodeProblem, type NodeWarning } from '../../content/collect.ts';
import type { JsonApiClient } from '../../content/jsonapi-client.ts';
import { CmsError } from '../../content/jsonapi-client.ts';
import { settleProblems } from '../../content/loader.ts';
import { redirectSource } from '../../content/redirect-source.ts';
import type { DrupalSource } from '../../content/sources.ts';
import { contentTypes } from '../../content/types/index.ts';
import type { ContentSnapshot, IndexedEntry } from './page-index.ts';

/** Every collection of src/content.config.ts and its source. */
const SOURCES: Record<string, DrupalSource> = { ...contentTypes, redirects: redirectSource };

interface Held {
  data: object;
  digest: string;
  warnings: NodeWarning[];
}

export type Collections = Map<string, Map<string, Held>>;

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
      kept?.digest === e.digest ? kept : { data: e.data as object, digest: e.digest, warnings: e.warnings },
    );
  }
  return next;
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

/** The same entries, as the dependency index reads them. */
export function snapshotOf(entries: Map<string, object[]>): ContentSnapshot {
  return Object.fromEntries([...entries].map(([name, list]) => [name, list as IndexedEntry[]]));
}
