// Loads one node's latest revision (published or not) for the draft preview, with the editor
// account, and maps it through the same schema and entry mapping as the static build.
import { deserialize } from '../cms/deserialize.ts';
import { jsonApiUrl, type JsonApiResource } from '../cms/jsonapi-client.ts';
import { resolveLink } from '../cms/links.ts';
import { complexPageSource, pageSource, programSource, simplePageSource, type SourceContext } from '../cms/sources.ts';
import type { ComplexPageEntry, PageEntry, ProgramEntry, SimplePageEntry } from '../cms/entries.ts';
import type { Lang } from '../i18n/languages.ts';

/** What the intake service hands the preview route (Astro.locals.preview). */
export interface PreviewConfig { cmsUrl: string; user?: string | undefined; password?: string | undefined }

export type PreviewResult =
  | { kind: 'program'; entry: ProgramEntry }
  | { kind: 'simple_page' | 'complex_page' | 'page'; entry: SimplePageEntry | ComplexPageEntry | PageEntry }
  | { error: 404 | 422 | 502; problems: string[] };

const SOURCES = { program: programSource, simple_page: simplePageSource, complex_page: complexPageSource, page: pageSource } as const;
export const PREVIEW_BUNDLES = Object.keys(SOURCES) as Array<keyof typeof SOURCES>;
const INCLUDES = 'field_program_categories,field_program_image,field_add_an_image_large_800_x_4,field_pagescope';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadPreview(config: PreviewConfig, lang: Lang, bundle: string, uuid: string): Promise<PreviewResult> {
  if (!(bundle in SOURCES) || !UUID.test(uuid)) return { error: 404, problems: [] };
  const source = SOURCES[bundle as keyof typeof SOURCES];
  const query = `resourceVersion=rel:latest-version${bundle === 'page' ? '' : `&include=${INCLUDES}`}`;
  const headers: Record<string, string> = { accept: 'application/vnd.api+json' };
  if (config.user) headers.authorization = `Basic ${Buffer.from(`${config.user}:${config.password ?? ''}`).toString('base64')}`;
  let response: Response;
  try {
    response = await fetch(jsonApiUrl(config.cmsUrl, lang, `node/${bundle}/${uuid}`, query), { headers, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    return { error: 502, problems: [`The CMS could not be reached (${(error as Error).message}).`] };
  }
  if (response.status === 404 || response.status === 403) return { error: 404, problems: [] };
  if (!response.ok) return { error: 502, problems: [`The CMS answered HTTP ${response.status}.`] };
  const doc = (await response.json()) as { data: JsonApiResource; included?: JsonApiResource[] };
  const [node] = deserialize([doc.data], doc.included ?? []);
  // Drupal answers with the original language when the translation does not exist yet.
  if (!node || node.langcode !== lang) return { error: 404, problems: [] };
  const parsed = source.schema.safeParse(node);
  if (!parsed.success) return { error: 422, problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(node)'}: ${i.message}`) };
  // Without the build's index of every node, entity: links cannot be resolved here: left out.
  const link = (uri: string) => {
    const resolved = resolveLink(uri, lang, undefined, config.cmsUrl);
    return 'href' in resolved ? resolved.href : null;
  };
  const context: SourceContext = { cmsBase: config.cmsUrl, lang, link };
  const entry = (source.toEntry as (n: unknown, c: SourceContext) => unknown)(parsed.data, context);
  if (entry && typeof entry === 'object' && 'error' in entry) return { error: 422, problems: [String((entry as { error: string }).error)] };
  return { kind: bundle, entry } as PreviewResult;
}
