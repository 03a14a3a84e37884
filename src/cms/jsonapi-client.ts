// Typed JSON:API client for Drupal: follows links.next, upgrades next links to https (except
// loopback hosts), retries transient failures, and merges data and included across pages.
import type { Lang } from '../i18n/languages.ts';

export interface JsonApiResourceIdentifier {
  type: string;
  id: string;
  meta?: Record<string, unknown>;
}
export interface JsonApiRelationship {
  data: JsonApiResourceIdentifier | JsonApiResourceIdentifier[] | null;
}
export interface JsonApiResource {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, JsonApiRelationship>;
}
export interface JsonApiCollection {
  data: JsonApiResource[];
  included: JsonApiResource[];
}

export class CmsError extends Error {
  readonly url: string;
  readonly status: number | undefined;
  constructor(message: string, url: string, status?: number) {
    super(message);
    this.name = 'CmsError';
    this.url = url;
    this.status = status;
  }
}

export interface ClientOptions {
  baseUrl: string;
  retries?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  onRetry?: (url: string, attempt: number, reason: string) => void;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Drupal builds next links from its own idea of the scheme; behind a TLS proxy that is http. */
export function upgradeNextLink(href: string): string {
  const url = new URL(href);
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) url.protocol = 'https:';
  return url.toString();
}

/** French content lives under /fr/jsonapi; English is the default language and has no prefix. */
export function jsonApiUrl(baseUrl: string, lang: Lang, path: string, query = ''): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const prefix = lang === 'fr' ? 'fr/' : '';
  const q = query ? (query.startsWith('?') ? query : `?${query}`) : '';
  return `${base}${prefix}jsonapi/${path.replace(/^\/+/, '')}${q}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isTransient(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

function errorDetail(body: unknown): string {
  const errors = (body as { errors?: Array<{ title?: string; detail?: string }> } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((e) => [e.title, e.detail].filter(Boolean).join(': ')).join('; ');
  }
  return '';
}

export function createJsonApiClient(options: ClientOptions) {
  const retries = options.retries ?? 4;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;

  async function getDocument(url: string): Promise<Record<string, unknown>> {
    let lastReason = '';
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        options.onRetry?.(url, attempt, lastReason);
        await sleep(retryDelayMs * 2 ** (attempt - 1));
      }
      let response: Response;
      try {
        response = await doFetch(url, {
          headers: { accept: 'application/vnd.api+json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        lastReason = `unreachable (${(error as Error).cause ?? (error as Error).message})`;
        continue;
      }
      const text = await response.text().catch(() => '');
      if (isTransient(response.status)) {
        lastReason = `HTTP ${response.status}`;
        continue;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new CmsError(`The CMS answered ${url} with a malformed JSON:API document (not JSON).`, url, response.status);
      }
      if (!response.ok) {
        const detail = errorDetail(body);
        throw new CmsError(`The CMS answered ${url} with HTTP ${response.status}${detail ? `: ${detail}` : ''}.`, url, response.status);
      }
      if (!body || typeof body !== 'object' || !('data' in body)) {
        throw new CmsError(`The CMS answered ${url} with a malformed JSON:API document (no "data").`, url, response.status);
      }
      return body as Record<string, unknown>;
    }
    throw new CmsError(`The CMS at ${url} could not be reached after ${retries + 1} attempts: ${lastReason}.`, url);
  }

  /** GET a collection, following links.next until none remains. */
  async function fetchAll(lang: Lang, path: string, query = ''): Promise<JsonApiCollection> {
    const data: JsonApiResource[] = [];
    const included = new Map<string, JsonApiResource>();
    let url: string | undefined = jsonApiUrl(options.baseUrl, lang, path, query);
    const seen = new Set<string>();
    while (url) {
      if (seen.has(url)) throw new CmsError(`The CMS paging loops back to ${url}.`, url);
      seen.add(url);
      const doc = await getDocument(url);
      const pageData = doc.data;
      if (!Array.isArray(pageData)) {
        throw new CmsError(`The CMS answered ${url} with a single resource where a collection was expected.`, url);
      }
      data.push(...(pageData as JsonApiResource[]));
      for (const resource of (doc.included as JsonApiResource[] | undefined) ?? []) {
        included.set(`${resource.type}:${resource.id}`, resource);
      }
      const next = (doc.links as { next?: { href?: string } } | undefined)?.next?.href;
      url = next ? upgradeNextLink(next) : undefined;
    }
    return { data, included: [...included.values()] };
  }

  /** GET one resource. */
  async function fetchOne(lang: Lang, path: string, query = ''): Promise<{ data: JsonApiResource; included: JsonApiResource[] }> {
    const url = jsonApiUrl(options.baseUrl, lang, path, query);
    const doc = await getDocument(url);
    if (!doc.data || Array.isArray(doc.data)) {
      throw new CmsError(`The CMS answered ${url} without a single resource.`, url);
    }
    return { data: doc.data as JsonApiResource, included: (doc.included as JsonApiResource[] | undefined) ?? [] };
  }

  return { fetchAll, fetchOne };
}

export type JsonApiClient = ReturnType<typeof createJsonApiClient>;
