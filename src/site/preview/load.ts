// Loads one node's latest revision (published or not) for the draft preview, with the editor
// account, and maps it through the same schema and entry mapping as the static build.
import type { z } from 'zod';
import { deserialize } from '../../content/deserialize.ts';
import { boundedText, CmsError, jsonApiUrl } from '../../content/jsonapi-client.ts';
import { resolveLink } from '../../content/links.ts';
import type { DrupalSource, SourceContext } from '../../content/sources.ts';
import { complexPageSource, type ComplexPageEntry } from '../../content/types/complex-page.ts';
import { listedIncludes } from '../../content/types/listed.ts';
import { pageSource, type PageEntry } from '../../content/types/page.ts';
import { programSource, type ProgramEntry } from '../../content/types/program.ts';
import { simplePageSource, type SimplePageEntry } from '../../content/types/simple-page.ts';
import type { Lang } from '../../i18n/languages.ts';
import { cmsProblem, issueProblem, leftOutProblem, refusedProblem } from './problems.ts';

/** What the intake service hands the preview route (Astro.locals.preview). */
export interface PreviewConfig {
  cmsUrl: string;
  user?: string | undefined;
  password?: string | undefined;
  /** Most bytes of the CMS's answer (the build's CMS_MAX_RESPONSE_MB; 32 MB without). */
  maxResponseBytes?: number | undefined;
}

/** 404 `absent`: no such content; 404 `untranslated`: it exists, not in this language. */
type Problems =
  { error: 404; absent: 'content' | 'translation'; problems: [] } | { error: 422 | 502; problems: string[] };
export type PreviewResult =
  | { kind: 'program'; entry: ProgramEntry }
  | { kind: 'simple_page' | 'complex_page' | 'page'; entry: SimplePageEntry | ComplexPageEntry | PageEntry }
  | Problems;

/** Validates and maps a node as the build does; an invalid node gives its problems. */
function mapNode<K extends string, S extends z.ZodType, E extends object>(
  kind: K,
  source: DrupalSource<S, E>,
  node: unknown,
  context: SourceContext,
): { kind: K; entry: E } | Problems {
  const { lang } = context;
  // The input kept in each issue tells a missing field from one of the wrong kind.
  const parsed = source.schema.safeParse(node, { reportInput: true });
  if (!parsed.success) return { error: 422, problems: parsed.error.issues.map((i) => issueProblem(lang, i)) };
  const entry = source.toEntry(parsed.data, context);
  if (entry === null || 'error' in entry) return { error: 422, problems: [leftOutProblem(lang)] };
  return { kind, entry };
}

const BUNDLES = {
  program: (node: unknown, context: SourceContext) => mapNode('program', programSource, node, context),
  simple_page: (node: unknown, context: SourceContext) => mapNode('simple_page', simplePageSource, node, context),
  complex_page: (node: unknown, context: SourceContext) => mapNode('complex_page', complexPageSource, node, context),
  page: (node: unknown, context: SourceContext) => mapNode('page', pageSource, node, context),
} satisfies Record<string, (node: unknown, context: SourceContext) => PreviewResult>;
const isBundle = (bundle: string): bundle is keyof typeof BUNDLES => Object.hasOwn(BUNDLES, bundle);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadPreview(
  config: PreviewConfig,
  lang: Lang,
  bundle: string,
  uuid: string,
): Promise<PreviewResult> {
  if (!isBundle(bundle) || !UUID.test(uuid)) return { error: 404, absent: 'content', problems: [] };
  const query = `resourceVersion=rel:latest-version${bundle === 'page' ? '' : `&include=${listedIncludes.join(',')}`}`;
  const headers: Record<string, string> = { accept: 'application/vnd.api+json' };
  if (config.user)
    headers.authorization = `Basic ${Buffer.from(`${config.user}:${config.password ?? ''}`).toString('base64')}`;
  const url = jsonApiUrl(config.cmsUrl, lang, `node/${bundle}/${uuid}`, query);
  const limit = config.maxResponseBytes ?? 32 * 1024 * 1024;
  let text: string;
  let status: number;
  try {
    // Bounded as the build's answers are: a CMS answer without end is refused as it streams in.
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
    status = response.status;
    text = await boundedText(response, limit, url);
  } catch (error) {
    // boundedText's only refusal is an answer over the byte bound.
    if (error instanceof CmsError)
      return { error: 502, problems: [cmsProblem(lang, 'cmsTooLarge', { bytes: String(limit) })] };
    return { error: 502, problems: [cmsProblem(lang, 'unreachable')] };
  }
  if (status === 404 || status === 403) return { error: 404, absent: 'content', problems: [] };
  if (status < 200 || status > 299) return { error: 502, problems: [cmsProblem(lang, 'cmsStatus', { status })] };
  let doc: { data?: unknown; included?: unknown };
  try {
    doc = JSON.parse(text) as { data?: unknown; included?: unknown };
  } catch {
    return { error: 502, problems: [cmsProblem(lang, 'cmsMalformed')] };
  }
  const { nodes, refused } = deserialize([doc?.data], Array.isArray(doc?.included) ? doc.included : []);
  if (refused.length > 0) return { error: 422, problems: refused.map((r) => refusedProblem(lang, r)) };
  const [node] = nodes;
  if (!node) return { error: 404, absent: 'content', problems: [] };
  // Drupal answers with the original language when the translation does not exist yet.
  if (node.langcode !== lang) return { error: 404, absent: 'translation', problems: [] };
  // Without the build's index of every node, entity: links cannot be resolved here: left out.
  const link = (uri: string) => {
    const resolved = resolveLink(uri, lang, undefined, config.cmsUrl);
    return 'href' in resolved ? resolved.href : null;
  };
  // A preview has no build warnings: what the build would warn about is simply left out here too.
  return BUNDLES[bundle](node, { cmsBase: config.cmsUrl, lang, link, leftOut: () => undefined });
}
