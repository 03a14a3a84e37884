// Fetches one source in both languages and validates every node, collecting every problem
// (type, id, language, field) so one build run reports all bad nodes at once, and every warning
// (a dangling reference, a link that resolves to nothing) of the nodes that are published.
import type { z } from 'zod';
import { languages, type Lang } from '../i18n/languages.ts';
import type { BuildWarningKind } from '../build/build-warnings.ts';
import { deserialize, type PlainResource } from './deserialize.ts';
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
  raw: unknown;
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

/** Dangling references found while deserializing, by node id. */
type DanglingByNode = Map<string, Array<{ field: string; type: string }>>;

function validateNodes<S extends z.ZodType, E>(
  source: DrupalSource<S, E>,
  nodes: Array<Record<string, unknown> & { id: string }>,
  lang: Lang,
  cmsBase: string,
  extra: { links?: LinkIndex | undefined; dangling?: DanglingByNode } = {},
): { entries: CollectedEntry<E>[]; problems: NodeProblem[]; warnings: NodeWarning[] } {
  const entries: CollectedEntry<E>[] = [];
  const problems: NodeProblem[] = [];
  const warnings: NodeWarning[] = [];
  for (const node of nodes) {
    // Drupal answers /fr/ with the original language when a node has no translation: such a
    // node is not French content and is published only in its own language.
    if (typeof node.langcode === 'string' && node.langcode !== lang) continue;
    const parsed = source.schema.safeParse(node);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ type: source.type, id: node.id, lang, field: issuePath(issue.path), message: issue.message });
      }
      continue;
    }
    const mine: NodeWarning[] = [];
    for (const d of extra.dangling?.get(node.id) ?? []) {
      mine.push({
        kind: 'dangling-reference',
        type: source.type,
        id: node.id,
        lang,
        field: d.field,
        message: `refers to a ${d.type === '?--?' ? 'content item' : d.type} that no longer exists; left out`,
      });
    }
    const ctx: SourceContext = {
      cmsBase,
      lang,
      link: (uri, field) => {
        const resolved = resolveLink(uri, lang, extra.links, cmsBase);
        if ('href' in resolved) return resolved.href;
        mine.push({
          kind: 'unresolved-link',
          type: source.type,
          id: node.id,
          lang,
          field,
          message: `link ${resolved.unresolved}; left out`,
          target: uri,
        });
        return null;
      },
    };
    const entry = source.toEntry(parsed.data, ctx);
    if (
      entry &&
      typeof entry === 'object' &&
      'error' in entry &&
      typeof (entry as { error: unknown }).error === 'string'
    ) {
      const [field, ...rest] = (entry as { error: string }).error.split(': ');
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
    entries.push({ id: node.id, lang, data: entry as E, raw: node });
  }
  return { entries, problems, warnings };
}

export async function collectSource<S extends z.ZodType, E>(
  client: JsonApiClient,
  source: DrupalSource<S, E>,
  cmsBase: string,
): Promise<{ entries: CollectedEntry<E>[]; problems: NodeProblem[]; warnings: NodeWarning[] }> {
  const results = await Promise.all(
    languages.map(async (lang) => {
      const { data, included } = await client.fetchAll(lang, source.resource, source.query());
      const dangling: DanglingByNode = new Map();
      const nodes: PlainResource[] = deserialize(data, included, 3, (id, field, ident) => {
        dangling.set(id, [...(dangling.get(id) ?? []), { field, type: ident.type }]);
      });
      // The link index costs a round of requests: fetch it only when a link needs it.
      const links = nodes.some((n) => linkUris(n).some(needsIndex)) ? await linkIndex(client) : undefined;
      return validateNodes(source, nodes, lang, cmsBase, { links, dangling });
    }),
  );
  return {
    entries: results.flatMap((r) => r.entries),
    problems: results.flatMap((r) => r.problems),
    warnings: results.flatMap((r) => r.warnings),
  };
}
