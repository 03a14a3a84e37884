// Typed JSON:API client for Drupal: follows links.next (rebased onto CMS_URL's origin), retries
// transient failures (honouring Retry-After), names the status and URL of every failure (HTML
// pages included), and merges data and included across pages. A hostile or broken CMS cannot hold
// a build: answers are bounded in bytes while they stream in, each request in time, a collection
// in pages and the whole build in requests; past a bound the build fails with a message naming it.
import type { Lang } from '../i18n/languages.ts';
import { withoutTags } from '../features/search/rules/normalize.ts';

export interface JsonApiResourceIdentifier {
  type: string;
  id: string;
  meta?: Record<string, unknown>;
}
interface JsonApiRelationship {
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
  onRetry?: (url: string, attempt: number, reason: string, delayMs: number) => void;
  /** Longest wait a Retry-After header may impose before one retry (default 2 minutes). */
  maxRetryAfterMs?: number;
  /** Most bytes of one answer (CMS_MAX_RESPONSE_MB, default 32 MB); a longer one is refused unread. */
  maxResponseBytes?: number;
  /** Most pages of one collection (CMS_MAX_PAGES, default 1,000): endless next links end there. */
  maxPages?: number;
  /** Most requests of this client, retries included: one build (CMS_MAX_REQUESTS, default 20,000). */
  maxRequests?: number;
}

/**
 * The body of an answer, read chunk by chunk and refused as soon as it passes `limit` bytes (a
 * declared Content-Length over it is refused before reading anything).
 */
async function boundedText(response: Response, limit: number, url: string): Promise<string> {
  const tooLarge = (size: string) =>
    new CmsError(
      `The CMS answered ${url} with more than ${limit} bytes (${size}); refused (CMS_MAX_RESPONSE_MB).`,
      url,
      response.status,
    );
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(`Content-Length ${declared}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`at least ${size} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * Drupal writes links.next from its own idea of scheme and host: http:// behind a TLS proxy, an
 * internal host name behind a load balancer. The build keeps the path and query of the link and
 * takes scheme, host and port from CMS_URL, which is how the build reached the CMS at all.
 */
export function rebaseNextLink(href: string, baseUrl: string): string {
  const link = new URL(href, baseUrl);
  const base = new URL(baseUrl);
  return `${base.origin}${link.pathname}${link.search}`;
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

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The inner HTML of the first `<name…>…</name>` (any case), as `/<name[^>]*>([\s\S]*?)<\/name>/i`
 * would find it, by literal searches only: that pattern backtracks quadratically on a hostile page.
 */
const OPENING = { title: /<title/i, main: /<main/i, h1: /<h1/i } as const;
const CLOSING = { title: /<\/title>/i, main: /<\/main>/i, h1: /<\/h1>/i } as const;

function elementInner(text: string, name: keyof typeof OPENING): string | undefined {
  const start = text.search(OPENING[name]);
  const open = start < 0 ? -1 : text.indexOf('>', start);
  if (open < 0) return undefined;
  const inner = text.slice(open + 1);
  const close = inner.search(CLOSING[name]);
  return close < 0 ? undefined : inner.slice(0, close);
}

/** The gist of an HTML answer (Drupal's 404 or maintenance page): its title and main text. */
export function htmlGist(text: string): string {
  const pick = (name: keyof typeof OPENING) => {
    const inner = elementInner(text, name);
    return inner === undefined ? '' : withoutTags(inner, ' ').replace(/\s+/g, ' ').trim();
  };
  const main = (pick('main') || pick('h1')).slice(0, 300);
  return [pick('title'), main].filter(Boolean).join(' | ');
}

function looksLikeHtml(response: Response, text: string): boolean {
  return /text\/html/i.test(response.headers.get('content-type') ?? '') || /^\s*<(!doctype|html)/i.test(text);
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
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const maxResponseBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
  const maxPages = options.maxPages ?? 1000;
  const maxRequests = options.maxRequests ?? 20_000;
  let requests = 0;

  async function getDocument(url: string): Promise<Record<string, unknown>> {
    let lastReason = '';
    let waitMs = 0;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        const delay = waitMs || retryDelayMs * 2 ** (attempt - 1);
        options.onRetry?.(url, attempt, lastReason, delay);
        await sleep(delay);
      }
      waitMs = 0;
      if (++requests > maxRequests)
        throw new CmsError(
          `The build made ${maxRequests} requests to the CMS and stopped (CMS_MAX_REQUESTS); the last was ${url}.`,
          url,
        );
      let response: Response;
      let text: string;
      try {
        response = await doFetch(url, {
          headers: { accept: 'application/vnd.api+json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        // The time-out covers the body too: a CMS that stops sending mid-answer is a failed attempt.
        text = await boundedText(response, maxResponseBytes, url);
      } catch (error) {
        if (error instanceof CmsError) throw error;
        const reason = (error as Error).cause ?? (error as Error).message;
        lastReason =
          (error as Error).name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms (CMS_TIMEOUT_SECONDS)`
            : `unreachable (${reason})`;
        continue;
      }
      const html = looksLikeHtml(response, text);
      let body: unknown;
      try {
        body = html ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      // Drupal in maintenance mode answers 503 with its message (an error document for JSON:API
      // routes, its maintenance page otherwise) and Retry-After: wait that long, then retry.
      const said = body ? errorDetail(body) : html ? htmlGist(text) : '';
      if (isTransient(response.status)) {
        lastReason = `HTTP ${response.status}${said ? `: "${said}"` : ''}`;
        const after = retryAfterMs(response.headers.get('retry-after'));
        if (after !== undefined) waitMs = Math.min(after, maxRetryAfterMs);
        continue;
      }
      if (html) {
        throw new CmsError(
          `The CMS answered ${url} with HTTP ${response.status} and an HTML page${said ? ` ("${said}")` : ''} instead of a JSON:API document: ` +
            'check that the JSON:API module is enabled and that this resource type is exposed to anonymous readers (see docs/drupal.md, "Pointing the build at a real Drupal").',
          url,
          response.status,
        );
      }
      if (body === undefined) {
        throw new CmsError(
          `The CMS answered ${url} with HTTP ${response.status} and a malformed JSON:API document (not JSON).`,
          url,
          response.status,
        );
      }
      if (!response.ok) {
        throw new CmsError(
          `The CMS answered ${url} with HTTP ${response.status}${said ? `: ${said.replace(/\.$/, '')}` : ''}.`,
          url,
          response.status,
        );
      }
      if (!body || typeof body !== 'object' || !('data' in body)) {
        throw new CmsError(
          `The CMS answered ${url} with HTTP ${response.status} and a malformed JSON:API document (no "data").`,
          url,
          response.status,
        );
      }
      return body;
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
      if (seen.size >= maxPages)
        throw new CmsError(
          `The CMS listed more than ${maxPages} pages of ${path} (CMS_MAX_PAGES); the next was ${url}.`,
          url,
        );
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
      url = next ? rebaseNextLink(next, options.baseUrl) : undefined;
    }
    return { data, included: [...included.values()] };
  }

  /** GET one resource. */
  async function fetchOne(
    lang: Lang,
    path: string,
    query = '',
  ): Promise<{ data: JsonApiResource; included: JsonApiResource[] }> {
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
