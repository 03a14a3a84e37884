// Fetches one source in both languages and validates every node, collecting every problem
// (type, id, language, field) so one build run reports all bad nodes at once, and every warning
// (a dangling reference, a link that resolves to nothing) of the nodes that are published.
import type { z } from 'zod';
import { languages, type Lang } from '../i18n/languages.ts';
import type { BuildWarningKind } from './build-warnings.ts';
import { deserialize, type DeserializeNote } from './deserialize.ts';
import type { JsonApiClient } from './jsonapi-client.ts';
import { linkIndex, linkUris, needsIndex, resolveLink, type LinkIndex } from './links.ts';
import type { DrupalSource, SourceContext } from './sources.ts';

export interface NodeProblem {
  type: string;
  id: string;
  lang: Lang;
  field: string;
  message: string;
}
export interface NodeWarning extends NodeProblem {
  kind: Exclude<BuildWarningKind, 'invalid-node' | 'broken-link'>;
  target?: string;
}
export interface CollectedEntry<E> {
  id: string;
  lang: Lang;
  data: E;
  /** The node as fetched, with what its mapping read besides it (see Reuse). */
  digest: string;
  /** This node's own warnings (kept with its entry for a build that reuses it). */
  warnings: NodeWarning[];
  /** What the entry was mapped from besides the node: the ids it included, its links that the index resolves. */
  reads: EntryReads;
}

/** What besides its own node an entry depends on, so a change of those maps it again (content-store.ts). */
export interface EntryReads {
  /** The included resources it read (a program's categories). */
  refs: string[];
  /** Every resource it names, included or not: a deleted one turns into Drupal's `missing` and drops out. */
  mentions: string[];
  links: string[];
}

/**
 * The ids a deserialized node names, at any depth. Its reads (`refs`) are those of the document's
 * `included` resources: a relationship resolved from the primary data instead (a related program
 * listed beside it) is not one, since a fetch of the node alone leaves it an identifier and the
 * mapping reads only its id.
 */
function namedIds(value: unknown, included: ReadonlySet<string>, out: Set<string>, depth = 0): Set<string> {
  if (Array.isArray(value)) for (const v of value) namedIds(v, included, out, depth);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (depth > 0 && typeof o.id === 'string') {
      out.add(o.id);
      // What another node names is its own (a related program resolved from the listing).
      if (!included.has(o.id)) return out;
    }
    for (const v of Object.values(o)) if (v && typeof v === 'object') namedIds(v, included, out, depth + 1);
  }
  return out;
}

function readsOf(node: Record<string, unknown>, included: ReadonlySet<string>): EntryReads {
  const mentions = [...namedIds(node, included, new Set())];
  return { refs: mentions.filter((id) => included.has(id)), mentions, links: linkUris(node).filter(needsIndex) };
}

/**
 * Entries of unchanged nodes are not validated and mapped again. A node's digest covers what its
 * mapping reads: the node with its included resources, its dangling references, the CMS base, the
 * mapping code's version and the link index (when a node of the source needed it).
 */
export interface Reuse<E> {
  digest: (value: Record<string, unknown>) => string;
  version: string;
  /** The entry and warnings the store holds for `<lang>/<id>` when they came from this digest. */
  previous: (key: string, digest: string) => { data: E; warnings: NodeWarning[] } | undefined;
}

export class ContentValidationError extends Error {
  readonly problems: NodeProblem[];
  constructor(problems: NodeProblem[]) {
    const lines = problems.map((p) => `  - ${p.type} ${p.id} (${p.lang}): ${p.field}: ${p.message}`);
    super(`CMS content failed validation; ${problems.length} problem(s):\n${lines.join('\n')}`);
    this.name = 'ContentValidationError';
    this.problems = problems;
  }
}

function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return (
    path
      .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
      .join('.')
      .replace(/\.\[/g, '[') || '(node)'
  );
}

/** What the deserializer left out of each node (a dangling, malformed or repeated reference), by node id. */
type NotesByNode = Map<string, DeserializeNote[]>;

/** What a mapping may ask while it builds an entry: links resolved (or a warning in `mine`), fields left out. */
function sourceContext(
  type: string,
  id: string,
  lang: Lang,
  cmsBase: string,
  links: LinkIndex | undefined,
  mine: NodeWarning[],
): SourceContext {
  return {
    cmsBase,
    lang,
    link: (uri, field) => {
      const resolved = resolveLink(uri, lang, links, cmsBase);
      if ('href' in resolved) return resolved.href;
      mine.push({
        kind: 'unresolved-link',
        type,
        id,
        lang,
        field,
        message: `link ${resolved.unresolved}; left out`,
        target: uri,
      });
      return null;
    },
    leftOut: (field, message, target) =>
      mine.push({
        kind: 'invalid-field',
        type,
        id,
        lang,
        field,
        message,
        ...(target ? { target } : {}),
      }),
  };
}

function validateNodes<S extends z.ZodType, E>(
  source: DrupalSource<S, E>,
  nodes: Array<Record<string, unknown> & { id: string }>,
  lang: Lang,
  cmsBase: string,
  extra: {
    links?: LinkIndex | undefined;
    linksDigest?: string | undefined;
    notes?: NotesByNode;
    included?: ReadonlySet<string>;
    reuse?: Reuse<E> | undefined;
  } = {},
): { entries: CollectedEntry<E>[]; problems: NodeProblem[]; warnings: NodeWarning[] } {
  const entries: CollectedEntry<E>[] = [];
  const problems: NodeProblem[] = [];
  const warnings: NodeWarning[] = [];
  for (const node of nodes) {
    // Drupal answers /fr/ with the original language when a node has no translation: such a
    // node is not French content and is published only in its own language.
    if (typeof node.langcode === 'string' && node.langcode !== lang) continue;
    const notes = extra.notes?.get(node.id) ?? [];
    const digest =
      extra.reuse?.digest({
        node,
        notes,
        base: cmsBase,
        version: extra.reuse.version,
        // Any node, once the link index was needed: cheaper than finding which nodes have links,
        // and the index changes only when an alias does (a create, a rename, a removal).
        links: extra.linksDigest ?? null,
      }) ?? '';
    const reused = extra.reuse?.previous(`${lang}/${node.id}`, digest);
    const reads = readsOf(node, extra.included ?? new Set());
    if (reused) {
      warnings.push(...reused.warnings);
      entries.push({ id: node.id, lang, data: reused.data, digest, warnings: reused.warnings, reads });
      continue;
    }
    const parsed = source.schema.safeParse(node);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ type: source.type, id: node.id, lang, field: issuePath(issue.path), message: issue.message });
      }
      continue;
    }
    const mine: NodeWarning[] = [];
    for (const n of notes) {
      mine.push({
        kind: n.kind === 'missing' ? 'dangling-reference' : 'invalid-field',
        type: source.type,
        id: node.id,
        lang,
        field: n.field,
        message:
          n.kind === 'missing'
            ? `refers to a ${n.targetType === '?--?' ? 'content item' : n.targetType} that no longer exists; left out`
            : n.message,
      });
    }
    const ctx = sourceContext(source.type, node.id, lang, cmsBase, extra.links, mine);
    const entry = source.toEntry(parsed.data, ctx);
    if (
      entry &&
      typeof entry === 'object' &&
      'error' in entry &&
      typeof (entry as { error: unknown }).error === 'string'
    ) {
      const [field, ...rest] = entry.error.split(': ');
      problems.push({
        type: source.type,
        id: node.id,
        lang,
        field: rest.length ? field! : '(node)',
        message: rest.join(': ') || field!,
      });
      continue;
    }
    warnings.push(...mine);
    // null: the entry is left out on purpose (its warnings say why).
    if (entry === null) continue;
    entries.push({ id: node.id, lang, data: entry as E, digest, warnings: mine, reads });
  }
  return { entries, problems, warnings };
}

/** One language of a source as fetched: its nodes deserialized, those refused whole, and what was left out of each. */
export interface FetchedLang {
  lang: Lang;
  nodes: Array<Record<string, unknown> & { id: string }>;
  problems: NodeProblem[];
  notes: NotesByNode;
  /** The ids of the document's included resources (what a node's entry may have read besides it). */
  included: Set<string>;
}

/** A source's nodes in both languages (its own query, or `query` in its place), not yet mapped. */
export async function fetchSource(
  client: JsonApiClient,
  source: DrupalSource,
  query = source.query(),
): Promise<FetchedLang[]> {
  return Promise.all(
    languages.map(async (lang) => {
      const { data, included } = await client.fetchAll(lang, source.resource, query);
      const { nodes, refused, notes } = deserialize(data, included);
      const byNode: NotesByNode = new Map();
      for (const n of notes) byNode.set(n.id, [...(byNode.get(n.id) ?? []), n]);
      // A node refused whole (malformed, over its budget) is an invalid node: skipped, naming the field.
      const problems = refused.map((r) => ({ ...r, type: source.type, lang }));
      const includedIds = new Set(included.map((r) => r?.id).filter((id): id is string => typeof id === 'string'));
      return { lang, nodes, problems, notes: byNode, included: includedIds };
    }),
  );
}

/** Whether any node of a fetched language has a link that needs the index. */
export const needsLinkIndex = (fetched: FetchedLang) => fetched.nodes.some((n) => linkUris(n).some(needsIndex));

/** Fetched nodes validated and mapped, with the link index given (when a link needs it). */
export function mapFetched<S extends z.ZodType, E>(
  source: DrupalSource<S, E>,
  fetched: FetchedLang[],
  cmsBase: string,
  links: (lang: Lang) => LinkIndex | undefined,
  reuse?: Reuse<E>,
): { entries: CollectedEntry<E>[]; problems: NodeProblem[]; warnings: NodeWarning[] } {
  const results = fetched.map(({ lang, nodes, problems, notes, included }) => {
    const index = links(lang);
    const linksDigest = index && reuse?.digest({ entities: [...index.byEntity], aliases: [...index.byAlias] });
    const validated = validateNodes(source, nodes, lang, cmsBase, {
      links: index,
      linksDigest,
      notes,
      reuse,
      included,
    });
    return { ...validated, problems: [...problems, ...validated.problems] };
  });
  return {
    entries: results.flatMap((r) => r.entries),
    problems: results.flatMap((r) => r.problems),
    warnings: results.flatMap((r) => r.warnings),
  };
}

export async function collectSource<S extends z.ZodType, E>(
  client: JsonApiClient,
  source: DrupalSource<S, E>,
  cmsBase: string,
  reuse?: Reuse<E>,
  /** The index to resolve links with (the resident renderer's, kept by delta); else fetched. */
  links?: LinkIndex,
): Promise<{ entries: CollectedEntry<E>[]; problems: NodeProblem[]; warnings: NodeWarning[] }> {
  const fetched = await fetchSource(client, source);
  // The link index costs a round of requests: fetch it only when a link needs it.
  const index = fetched.some(needsLinkIndex) ? (links ?? (await linkIndex(client))) : undefined;
  return mapFetched(
    source,
    fetched,
    cmsBase,
    (lang) => (needsLinkIndex(fetched.find((f) => f.lang === lang)!) ? index : undefined),
    reuse,
  );
}
