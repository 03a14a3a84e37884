// Fetches one source in both languages and validates every node, collecting every problem
// (type, id, language, field) so one build run reports all bad nodes at once.
import type { z } from 'zod';
import { languages, type Lang } from '../i18n/languages.ts';
import { deserialize } from './deserialize.ts';
import type { JsonApiClient } from './jsonapi-client.ts';
import type { DrupalSource } from './sources.ts';

export interface NodeProblem { type: string; id: string; lang: Lang; field: string; message: string }
export interface CollectedEntry<E> { id: string; lang: Lang; data: E; raw: unknown }

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
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[') || '(node)';
}

export function validateNodes<S extends z.ZodType, E>(
  source: DrupalSource<S, E>,
  nodes: Array<Record<string, unknown> & { id: string }>,
  lang: Lang,
  cmsBase: string,
): { entries: CollectedEntry<E>[]; problems: NodeProblem[] } {
  const entries: CollectedEntry<E>[] = [];
  const problems: NodeProblem[] = [];
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
    const entry = source.toEntry(parsed.data, { cmsBase, lang });
    if (entry && typeof entry === 'object' && 'error' in entry && typeof (entry as { error: unknown }).error === 'string') {
      const [field, ...rest] = (entry as { error: string }).error.split(': ');
      problems.push({ type: source.type, id: node.id, lang, field: rest.length ? field! : '(node)', message: rest.join(': ') || field! });
      continue;
    }
    entries.push({ id: node.id, lang, data: entry as E, raw: node });
  }
  return { entries, problems };
}

export async function collectSource<S extends z.ZodType, E>(
  client: JsonApiClient,
  source: DrupalSource<S, E>,
  cmsBase: string,
): Promise<{ entries: CollectedEntry<E>[]; problems: NodeProblem[] }> {
  const results = await Promise.all(
    languages.map(async (lang) => {
      const { data, included } = await client.fetchAll(lang, source.resource, source.query());
      return validateNodes(source, deserialize(data, included), lang, cmsBase);
    }),
  );
  return { entries: results.flatMap((r) => r.entries), problems: results.flatMap((r) => r.problems) };
}
