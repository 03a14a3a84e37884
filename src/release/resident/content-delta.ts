// The resident renderer's content after a publish, changed by delta: the nodes the webhooks name
// (their translation too) are fetched alone, by id; Drupal's `changed` filter lists what the
// webhooks missed since the last fetch; a node asked by id that does not come back (deleted,
// unpublished, its translation removed) is removed. The entries that read a changed node (one that
// includes it, one whose link resolves through a changed address) are fetched again by id; every
// other entry held is kept as it is. The redirects are fetched whole only when an address changed
// or a node went. The periodic full fetch (collectAll) stays the safety net; what it finds that
// the deltas missed is reported (resident-process.ts).
import { fetchSource, mapFetched, needsLinkIndex, type FetchedLang, type NodeProblem } from '../../content/collect.ts';
import type { JsonApiClient } from '../../content/jsonapi-client.ts';
import {
  isLinkTarget,
  linkTargetKey,
  resolveLink,
  updateLinkIndex,
  type LinkIndex,
  type LinkTargetChange,
} from '../../content/links.ts';
import { settleProblems } from '../../content/loader.ts';
import type { DrupalSource } from '../../content/sources.ts';
import { languages } from '../../i18n/languages.ts';
import {
  collectWhole,
  digestOf,
  heldEntry,
  problemsByKey,
  SOURCES,
  type Held,
  type HeldContent,
} from './content-store.ts';
import { deltaQuery, planEvents, type NodeEvent } from './delta-plan.ts';

export interface DeltaOptions {
  client: JsonApiClient;
  cmsBase: string;
  mappingVersion: string;
  held: HeldContent;
  /** Unix seconds on the CMS's clock: nodes changed after it are listed (the overlap already taken off). */
  since: number;
  events: NodeEvent[];
  warningsFile?: string | undefined;
}

export interface DeltaOutcome {
  content: HeldContent;
  /** Resources the CMS sent per collection (both languages, every round): the work, counted. */
  fetched: Record<string, number>;
  /** Webhooks the delta could not follow (a hostile id, a type the site does not build, a delete of a node it never held). */
  notes: string[];
}

/** The collections fetched by delta: every one but the redirects (no `changed` field; fetched whole when needed). */
const DELTA_NAMES = Object.keys(SOURCES).filter((name) => name !== 'redirects');

const BY_ID_CHUNK = 40;

/** Two rounds of fetched languages merged (the later copy of a node wins). */
function merge(a: FetchedLang[], b: FetchedLang[]): FetchedLang[] {
  return languages.map((lang) => {
    const x = a.find((f) => f.lang === lang);
    const y = b.find((f) => f.lang === lang);
    const nodes = new Map([...(x?.nodes ?? []), ...(y?.nodes ?? [])].map((n) => [n.id, n]));
    return {
      lang,
      nodes: [...nodes.values()],
      problems: [...(x?.problems ?? []), ...(y?.problems ?? [])],
      notes: new Map([...(x?.notes ?? []), ...(y?.notes ?? [])]),
      included: new Set([...(x?.included ?? []), ...(y?.included ?? [])]),
    };
  });
}

/** The nodes of `ids` (both languages), in chunks; nothing asked when there are none. */
async function fetchByIds(client: JsonApiClient, source: DrupalSource, ids: string[]): Promise<FetchedLang[]> {
  let fetched: FetchedLang[] = [];
  for (let i = 0; i < ids.length; i += BY_ID_CHUNK)
    fetched = merge(
      fetched,
      await fetchSource(client, source, deltaQuery(source, ids.slice(i, i + BY_ID_CHUNK), null)),
    );
  return fetched;
}

/** A node present in a language: fetched there in that language (Drupal answers /fr/ with the original when there is no translation). */
const presentIn = (fetched: FetchedLang[], lang: string) => {
  const f = fetched.find((x) => x.lang === lang);
  const ids = new Set(f?.nodes.filter((n) => n.langcode === undefined || n.langcode === lang).map((n) => n.id));
  for (const p of f?.problems ?? []) ids.add(p.id);
  return ids;
};

/**
 * The index's changes for the nodes asked by id: each one's alias per language as any link-target
 * collection brought it, or null when none did (a node named under another type is found in its own).
 */
function linkChanges(rounds: Rounds, asked: Asked): LinkTargetChange[] {
  const found = new Map<string, { key: string | undefined; alias: string }>();
  const targets = DELTA_NAMES.filter((name) => isLinkTarget(SOURCES[name]!.resource));
  for (const name of targets)
    for (const f of rounds.get(name)!)
      for (const node of f.nodes) {
        if (node.langcode !== undefined && node.langcode !== f.lang) continue;
        const alias = (node.path as { alias?: unknown } | undefined)?.alias;
        if (typeof alias === 'string' && alias)
          found.set(`${f.lang}/${node.id}`, { key: linkTargetKey(SOURCES[name]!.resource, node), alias });
      }
  const uuids = new Set(targets.flatMap((name) => [...asked.get(name)!]));
  return [...uuids].flatMap((uuid) =>
    languages.map((lang) => {
      const hit = found.get(`${lang}/${uuid}`);
      return { uuid, key: hit?.key, lang, alias: hit?.alias ?? null };
    }),
  );
}

const sameLink = (a: ReturnType<typeof resolveLink>, b: ReturnType<typeof resolveLink>) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Held entries that read something changed: an included resource touched, a resource named that
 * is gone (Drupal names a deleted one `missing`, which drops out), or a link that resolves
 * elsewhere now.
 */
function dependents(
  held: HeldContent,
  touched: Set<string>,
  gone: Set<string>,
  before: LinkIndex,
  after: LinkIndex | null,
  cmsBase: string,
) {
  const byName = new Map<string, Set<string>>();
  for (const [name, entries] of held.collections) {
    if (name === 'redirects') continue;
    for (const [key, entry] of entries) {
      const [lang, id] = key.split('/') as ['en' | 'fr', string];
      if (touched.has(id)) continue;
      const reads =
        entry.reads.refs.some((ref) => touched.has(ref)) ||
        entry.reads.mentions.some((ref) => gone.has(ref)) ||
        (after !== null &&
          entry.reads.links.some(
            (uri) => !sameLink(resolveLink(uri, lang, before, cmsBase), resolveLink(uri, lang, after, cmsBase)),
          ));
      if (reads) byName.set(name, (byName.get(name) ?? new Set()).add(id));
    }
  }
  return byName;
}

type Rounds = Map<string, FetchedLang[]>;
type Asked = Map<string, Set<string>>;

/** The nodes held that were asked by id and came back in no language (deleted, or unpublished in both). */
function goneEverywhere(held: HeldContent, rounds: Rounds, asked: Asked): Set<string> {
  const gone = new Set<string>();
  for (const [name, ids] of asked) {
    const entries = held.collections.get(name);
    const present = languages.map((lang) => presentIn(rounds.get(name)!, lang));
    for (const id of ids)
      if ((entries?.has(`en/${id}`) || entries?.has(`fr/${id}`)) && present.every((p) => !p.has(id))) gone.add(id);
  }
  return gone;
}

/** Resources a round brought (nodes and those refused whole). */
const sizeOf = (round: FetchedLang[]) => round.reduce((n, f) => n + f.nodes.length + f.problems.length, 0);

/** Adds what a request brought to its collection's count (a node sent twice is counted twice). */
type Tally = (name: string, round: FetchedLang[]) => void;

/**
 * Per collection, the nodes the webhooks name or changed since the last fetch; then a node the
 * `changed` filter listed alone asked again by id: its other translation (whose own `changed` did
 * not move) must be looked at before anything is removed.
 */
async function fetchTouched(options: DeltaOptions, byName: Map<string, Set<string>>, tally: Tally) {
  const { client } = options;
  const first = await Promise.all(
    DELTA_NAMES.map(async (name) => {
      const source = SOURCES[name]!;
      const ids = [...(byName.get(name) ?? [])];
      const result = await fetchSource(client, source, deltaQuery(source, ids.slice(0, BY_ID_CHUNK), options.since));
      const more = ids.length > BY_ID_CHUNK ? await fetchByIds(client, source, ids.slice(BY_ID_CHUNK)) : [];
      tally(name, result);
      tally(name, more);
      return merge(result, more);
    }),
  );
  const rounds: Rounds = new Map(DELTA_NAMES.map((name, i) => [name, first[i]!]));
  const asked: Asked = new Map(DELTA_NAMES.map((name) => [name, new Set(byName.get(name))]));
  await Promise.all(
    DELTA_NAMES.map(async (name) => {
      const listed = new Set(rounds.get(name)!.flatMap((f) => f.nodes.map((n) => n.id)));
      const ids = [...listed].filter((id) => !asked.get(name)!.has(id));
      if (ids.length === 0) return;
      const again = await fetchByIds(client, SOURCES[name]!, ids);
      tally(name, again);
      rounds.set(name, merge(rounds.get(name)!, again));
      for (const id of ids) asked.get(name)!.add(id);
    }),
  );
  return { rounds, asked };
}

/** The link index after the delta, and whether any address changed with it. */
function addressesAfter(held: HeldContent, rounds: Rounds, asked: Asked) {
  const changes = linkChanges(rounds, asked);
  const changed = changes.some((c) => {
    const key = c.key ?? held.links.byUuid.get(c.uuid);
    return key !== undefined && (held.links.byEntity.get(key)?.[c.lang] ?? null) !== c.alias;
  });
  return { changed, links: changed ? updateLinkIndex(held.links, changes) : held.links };
}

/** One collection after its round: mapped with the index after the delta, what is gone removed, the rest kept. */
function applyRound(options: DeltaOptions, name: string, round: FetchedLang[], ids: Set<string>, links: LinkIndex) {
  const source = SOURCES[name]!;
  const before = options.held.collections.get(name) ?? new Map<string, Held>();
  const reuse = { digest: digestOf, version: options.mappingVersion, previous: () => undefined };
  const index = (lang: string) => (needsLinkIndex(round.find((f) => f.lang === lang)!) ? links : undefined);
  const mapped = mapFetched(source, round, options.cmsBase, index, reuse);
  const next = new Map(before);
  const problems = new Map(options.held.invalid.get(name));
  let removed = false;
  for (const lang of languages) {
    const present = presentIn(round, lang);
    for (const id of ids) {
      problems.delete(`${lang}/${id}`);
      if (!present.has(id) && next.delete(`${lang}/${id}`)) removed = true;
    }
  }
  for (const [key, list] of problemsByKey(mapped.problems)) problems.set(key, list);
  // An invalid node keeps the version held (the last valid, published one): `next` still has it.
  for (const e of mapped.entries) next.set(`${e.lang}/${e.id}`, heldEntry(e, before.get(`${e.lang}/${e.id}`)));
  return { next, problems, removed };
}

/** The content after a publish, by delta (see the head of this file). */
export async function refreshDelta(options: DeltaOptions): Promise<DeltaOutcome> {
  const { client, held } = options;
  const plan = planEvents(options.events, held, SOURCES);
  const fetched: Record<string, number> = {};
  const tally: Tally = (name, round) => {
    if (sizeOf(round) > 0) fetched[name] = (fetched[name] ?? 0) + sizeOf(round);
  };
  const { rounds, asked } = await fetchTouched(options, plan.byName, tally);

  // The entries that read what changed, fetched again by id.
  const touched = new Set([...asked.values()].flatMap((ids) => [...ids]));
  const addresses = addressesAfter(held, rounds, asked);
  const readers = dependents(
    held,
    touched,
    goneEverywhere(held, rounds, asked),
    held.links,
    addresses.changed ? addresses.links : null,
    options.cmsBase,
  );
  await Promise.all(
    [...readers].map(async ([name, ids]) => {
      const again = await fetchByIds(client, SOURCES[name]!, [...ids]);
      tally(name, again);
      rounds.set(name, merge(rounds.get(name)!, again));
      for (const id of ids) asked.get(name)!.add(id);
    }),
  );

  const collections = new Map(held.collections);
  const invalid = new Map(held.invalid);
  let removedAny = false;
  for (const name of DELTA_NAMES) {
    const round = rounds.get(name)!;
    if (asked.get(name)!.size === 0 && sizeOf(round) === 0) continue;
    const { next, problems, removed } = applyRound(options, name, round, asked.get(name)!, addresses.links);
    collections.set(name, next);
    invalid.set(name, problems);
    removedAny ||= removed;
  }
  // The Redirect module adds a redirect on a rename and drops a deleted node's: fetched whole then.
  if (addresses.changed || removedAny) {
    const whole = await collectWhole(options, 'redirects', held.collections.get('redirects'), addresses.links);
    fetched.redirects = whole.held.size + whole.problems.length;
    collections.set('redirects', whole.held);
    invalid.set('redirects', problemsByKey(whole.problems));
  } else settle(options, 'redirects', collections, invalid);
  for (const name of DELTA_NAMES) settle(options, name, collections, invalid);
  return { content: { collections, invalid, links: addresses.links }, fetched, notes: plan.notes };
}

/** The build's warnings of a collection: every entry's and every invalid node's, as a full fetch records them. */
function settle(
  options: DeltaOptions,
  name: string,
  collections: Map<string, Map<string, Held>>,
  invalid: Map<string, Map<string, NodeProblem[]>>,
) {
  // No release to write them to (the reconciliation's comparison): the full fetch records them.
  if (!options.warningsFile) return;
  const entries = collections.get(name) ?? new Map<string, Held>();
  const problems = [...(invalid.get(name)?.values() ?? [])].flat();
  const warnings = [...entries.values()].flatMap((h) => h.warnings);
  settleProblems(SOURCES[name]!, problems, warnings, (key) => entries.has(key), options.warningsFile);
}
