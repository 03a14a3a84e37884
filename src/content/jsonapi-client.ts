// Typed JSON:API client for Drupal: follows links.next (rebased onto CMS_URL's origin), retries
// transient failures (honouring Retry-After), names the status and URL of every failure (HTML
// pages included), and merges data and included across pages. A hostile or broken CMS cannot hold
// a build: answers are bounded in bytes while they stream in, each request in time, a collection
// in pages and the whole build in requests; past a bound the build fails with a message naming it.
import type { Lang } from '../i18n/languages.ts';
import { withoutTags } from '../features/search/rules/normalize.ts';

interface JsonApiResourceIdentifier {
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
  /** Told the time of each answer by the CMS's own clock (its Date header): `changed` stamps are on that clock. */
  onServerDate?: (ms: number) => void;
}

/**
 * The body of an answer, read chunk by chunk and refused as soon as it passes `limit` bytes (a
 * declared Content-Length over it is refused before reading anything).
 */
export async function boundedText(response: Response, limit: number, url: string): Promise<string> {
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
  const errors = (body as { errors?: Array<{ title?: unknown; detail?: unknown } | null> } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    // Only the strings of each error: a hostile error document (a null, an object as title) says nothing more.
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return errors
      .map((e) => [text(e?.title), text(e?.detail)].filter(Boolean).join(': '))
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

/** The client's options with their defaults filled in. */
type Settings = Required<Omit<ClientOptions, 'onRetry' | 'onServerDate'>> &
  Pick<ClientOptions, 'onRetry' | 'onServerDate'>;

function withDefaults(options: ClientOptions): Settings {
  return {
    baseUrl: options.baseUrl,
    retries: options.retries ?? 4,
    retryDelayMs: options.retryDelayMs ?? 250,
    timeoutMs: options.timeoutMs ?? 30_000,
    fetch: options.fetch ?? fetch,
    onRetry: options.onRetry,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
    maxResponseBytes: options.maxResponseBytes ?? 32 * 1024 * 1024,
    maxPages: options.maxPages ?? 1000,
    maxRequests: options.maxRequests ?? 20_000,
    onServerDate: options.onServerDate,
  };
}

/** Counts every request of one client (retries included) and stops the build past `maxRequests`. */
function requestBudget(maxRequests: number): (url: string) => void {
  let requests = 0;
  return (url) => {
    if (++requests > maxRequests)
      throw new CmsError(
        `The build made ${maxRequests} requests to the CMS and stopped (CMS_MAX_REQUESTS); the last was ${url}.`,
        url,
      );
  };
}

/** What one attempt came to: the document, or why to try again and how long the CMS asked to wait (0: our own back-off). */
type Attempt = { document: Record<string, unknown> } | { retry: string; waitMs: number };

interface Answer {
  response: Response;
  text: string;
}

/**
 * One GET within the time-out and the byte bound. An unreachable CMS or a time-out is a reason to
 * retry; a refused (too large) answer is thrown.
 */
async function requestOnce(url: string, settings: Settings): Promise<Answer | { retry: string }> {
  const doFetch = settings.fetch; // called unbound, as the global fetch expects
  try {
    const response = await doFetch(url, {
      headers: { accept: 'application/vnd.api+json' },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    // The time-out covers the body too: a CMS that stops sending mid-answer is a failed attempt.
    const text = await boundedText(response, settings.maxResponseBytes, url);
    return { response, text };
  } catch (error) {
    if (error instanceof CmsError) throw error;
    const reason = (error as Error).cause ?? (error as Error).message;
    return {
      retry:
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${settings.timeoutMs} ms (CMS_TIMEOUT_SECONDS)`
          : `unreachable (${reason})`,
    };
  }
}

/** An answer's body: HTML or not, the JSON it parses to (undefined if none), and what it says went wrong. */
function readBody({ response, text }: Answer): { html: boolean; body: unknown; said: string } {
  const html = looksLikeHtml(response, text);
  let body: unknown;
  try {
    body = html ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  const said = body ? errorDetail(body) : html ? htmlGist(text) : '';
  return { html, body, said };
}

/** A final (not transient) answer: its JSON:API document, or a CmsError naming what is wrong with it. */
function acceptDocument(url: string, response: Response, html: boolean, body: unknown, said: string) {
  const status = response.status;
  if (html) {
    throw new CmsError(
      `The CMS answered ${url} with HTTP ${status} and an HTML page${said ? ` ("${said}")` : ''} instead of a JSON:API document: ` +
        'check that the JSON:API module is enabled and that this resource type is exposed to anonymous readers (see docs/drupal.md, "Pointing the build at a real Drupal").',
      url,
      status,
    );
  }
  if (body === undefined) {
    throw new CmsError(
      `The CMS answered ${url} with HTTP ${status} and a malformed JSON:API document (not JSON).`,
      url,
      status,
    );
  }
  if (!response.ok) {
    throw new CmsError(
      `The CMS answered ${url} with HTTP ${status}${said ? `: ${said.replace(/\.$/, '')}` : ''}.`,
      url,
      status,
    );
  }
  if (!body || typeof body !== 'object' || !('data' in body)) {
    throw new CmsError(
      `The CMS answered ${url} with HTTP ${status} and a malformed JSON:API document (no "data").`,
      url,
      status,
    );
  }
  return body;
}

/** One attempt at a document: a transient status is a reason to retry, any other answer is final. */
async function attemptDocument(url: string, settings: Settings): Promise<Attempt> {
  const answer = await requestOnce(url, settings);
  if ('retry' in answer) return { retry: answer.retry, waitMs: 0 };
  const { response } = answer;
  const date = Date.parse(response.headers.get('date') ?? '');
  if (!Number.isNaN(date)) settings.onServerDate?.(date);
  const { html, body, said } = readBody(answer);
  // Drupal in maintenance mode answers 503 with its message (an error document for JSON:API
  // routes, its maintenance page otherwise) and Retry-After: wait that long, then retry.
  if (isTransient(response.status)) {
    const after = retryAfterMs(response.headers.get('retry-after'));
    return {
      retry: `HTTP ${response.status}${said ? `: "${said}"` : ''}`,
      waitMs: after === undefined ? 0 : Math.min(after, settings.maxRetryAfterMs),
    };
  }
  return { document: acceptDocument(url, response, html, body, said) };
}

/**
 * GET one JSON:API document with retries: after a failure wait what Retry-After asked (capped),
 * else an exponential back-off; every request is counted against the client's budget.
 */
function documentGetter(settings: Settings): (url: string) => Promise<Record<string, unknown>> {
  const spendRequest = requestBudget(settings.maxRequests);
  return async (url) => {
    let lastReason = '';
    let waitMs = 0;
    for (let attempt = 0; attempt <= settings.retries; attempt++) {
      if (attempt > 0) {
        const delay = waitMs || settings.retryDelayMs * 2 ** (attempt - 1);
        settings.onRetry?.(url, attempt, lastReason, delay);
        await sleep(delay);
      }
      spendRequest(url);
      const outcome = await attemptDocument(url, settings);
      if ('document' in outcome) return outcome.document;
      lastReason = outcome.retry;
      waitMs = outcome.waitMs;
    }
    throw new CmsError(
      `The CMS at ${url} could not be reached after ${settings.retries + 1} attempts: ${lastReason}.`,
      url,
    );
  };
}

/** The resources a document includes (none when it has no `included`). */
function includedOf(doc: Record<string, unknown>): JsonApiResource[] {
  // Each resource's shape is checked by the deserializer; a document's `included` that is not a list is none.
  return Array.isArray(doc.included) ? (doc.included as JsonApiResource[]) : [];
}

/** Where links.next points (on CMS_URL's origin), or undefined on the last page. */
function nextPageUrl(doc: Record<string, unknown>, baseUrl: string): string | undefined {
  const next = (doc.links as { next?: { href?: string } } | undefined)?.next?.href;
  return next ? rebaseNextLink(next, baseUrl) : undefined;
}

/** Refuses a page already seen (the paging loops) or one past CMS_MAX_PAGES. */
function checkNextPage(url: string, seen: Set<string>, path: string, maxPages: number): void {
  if (seen.has(url)) throw new CmsError(`The CMS paging loops back to ${url}.`, url);
  if (seen.size >= maxPages)
    throw new CmsError(
      `The CMS listed more than ${maxPages} pages of ${path} (CMS_MAX_PAGES); the next was ${url}.`,
      url,
    );
}

/**
 * A collection from `firstUrl`, following links.next until none remains: data in order, included
 * resources once each (by type and id, the last copy kept).
 */
async function collectPages(
  getDocument: (url: string) => Promise<Record<string, unknown>>,
  settings: Settings,
  firstUrl: string,
  path: string,
): Promise<JsonApiCollection> {
  const data: JsonApiResource[] = [];
  const included = new Map<string, JsonApiResource>();
  const seen = new Set<string>();
  let url: string | undefined = firstUrl;
  while (url) {
    checkNextPage(url, seen, path, settings.maxPages);
    seen.add(url);
    const doc = await getDocument(url);
    if (!Array.isArray(doc.data)) {
      throw new CmsError(`The CMS answered ${url} with a single resource where a collection was expected.`, url);
    }
    // One by one: a page of millions of tiny items would overflow the arguments of push(...items).
    for (const resource of doc.data as JsonApiResource[]) data.push(resource);
    for (const resource of includedOf(doc)) included.set(`${resource?.type}:${resource?.id}`, resource);
    url = nextPageUrl(doc, settings.baseUrl);
  }
  return { data, included: [...included.values()] };
}

export function createJsonApiClient(options: ClientOptions) {
  const settings = withDefaults(options);
  const getDocument = documentGetter(settings);

  /** GET a collection, following links.next until none remains. */
  async function fetchAll(lang: Lang, path: string, query = ''): Promise<JsonApiCollection> {
    return collectPages(getDocument, settings, jsonApiUrl(settings.baseUrl, lang, path, query), path);
  }

  /** GET one resource. */
  async function fetchOne(
    lang: Lang,
    path: string,
    query = '',
  ): Promise<{ data: JsonApiResource; included: JsonApiResource[] }> {
    const url = jsonApiUrl(settings.baseUrl, lang, path, query);
    const doc = await getDocument(url);
    if (!doc.data || Array.isArray(doc.data)) {
      throw new CmsError(`The CMS answered ${url} without a single resource.`, url);
    }
    return { data: doc.data as JsonApiResource, included: includedOf(doc) };
  }

  return { fetchAll, fetchOne };
}

export type JsonApiClient = ReturnType<typeof createJsonApiClient>;
