// The local CMS: a Drupal JSON:API look-alike over the snapshot (see README.md in this folder).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { drupalShape, JSONAPI_MEMBER, MAINTENANCE_MESSAGE, notFoundPage } from './drupal-shape.ts';
import { parseFaults, seeded } from './faults.ts';
import { buildFilter, includes, parseQuery, QueryError, sortResources, sparse, type Ctx } from './query.ts';
import { loadSnapshot, scalePrograms, translation, type Lang, type Resource, type Store } from './snapshot.ts';
import { handleWebform, type WebformState } from './webform.ts';
import { applyWrite, WriteError } from './writes.ts';
import { canView, ensureRedirectType, isEditorRequest, latestVersion } from './editorial.ts';

export interface LocalCmsOptions {
  port?: number;
  host?: string;
  snapshotDir?: string;
  scale?: number | undefined;
  faults?: string | undefined;
  webformDir?: string | undefined;
  /** Editor account for writes (basic auth); writes are refused without one. */
  auth?: { user: string; password: string } | undefined;
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
  /** The CMS's clock ahead of (or, negative, behind) the machine's: its `changed` stamps and Date headers. */
  clockOffsetMs?: number | undefined;
  log?: (line: string) => void;
}

/** One resource a read answered with as primary data (the request log tests count fetches by). */
interface Served {
  type: string;
  id: string;
  lang: Lang;
}

const MAX_LIMIT = 50;
const JSONAPI = 'application/vnd.api+json';
const MIME: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.webp': 'image/webp',
};

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  422: 'Unprocessable Entity',
  503: 'Service Unavailable',
};

function send(res: ServerResponse, status: number, body: unknown, type = JSONAPI) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
function sendError(res: ServerResponse, status: number, detail: string, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  send(res, status, {
    jsonapi: JSONAPI_MEMBER,
    errors: [{ title: TITLES[status] ?? 'Error', status: String(status), detail }],
  });
}
/** Outside JSON:API's routes (and for a bundle it does not expose) Drupal answers with its HTML 404 page. */
class NotFoundPage extends Error {}

/** The running CMS: the snapshot in memory, the faults it plays and its counters. */
interface Cms {
  options: LocalCmsOptions;
  snapshotDir: string;
  store: Store;
  // Paged listings already filtered and sorted, by language, type, filter and sort (cleared on writes).
  listings: Map<string, Resource[]>;
  faults: ReturnType<typeof parseFaults>;
  random: () => number;
  webform: WebformState;
  requests: number;
  version: number;
  /** Every resource sent as primary data, in order (cleared by the tests that count them). */
  served: Served[];
  /** Every read's path and query, in order (the request log). */
  reads: string[];
  /** Saves send no webhook while set (a webhook the CMS failed to deliver). */
  webhooksOff: boolean;
}

// Drupal writes links from its own idea of scheme and host (link-origin fault: a proxy's backend).
function origin(cms: Cms, req: IncomingMessage): string {
  return cms.faults.linkOrigin ?? `http://${req.headers.host ?? '127.0.0.1'}`;
}

/** One JSON:API read: where it was asked from, in which language, with its query. */
interface Read {
  cms: Cms;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  lang: Lang;
  prefix: string;
  type: string;
  query: ReturnType<typeof parseQuery>;
  ctx: Ctx;
  editor: boolean;
}

function self(read: Read, r: Resource) {
  return drupalShape(
    read.cms.store,
    read.lang,
    sparse(r, read.query.fields),
    `${origin(read.cms, read.req)}${read.prefix}`,
  );
}

function collection(cms: Cms, type: string): Map<string, Partial<Record<Lang, Resource>>> {
  const byId = cms.store.get(type);
  if (!byId) throw new NotFoundPage();
  return byId;
}

function selfLink(read: Read) {
  return { self: { href: `${origin(read.cms, read.req)}${read.url.pathname}${read.url.search}` } };
}

function handleJsonApi(cms: Cms, req: IncomingMessage, res: ServerResponse, url: URL, lang: Lang, rest: string[]) {
  const prefix = lang === 'fr' ? '/fr' : '';
  if (rest.length === 0) {
    const links = Object.fromEntries(
      [...cms.store.keys()].map((t) => [t, { href: `${origin(cms, req)}${prefix}/jsonapi/${t.replace('--', '/')}` }]),
    );
    return send(res, 200, {
      jsonapi: JSONAPI_MEMBER,
      data: [],
      links: { self: { href: `${origin(cms, req)}${url.pathname}${url.search}` }, ...links },
    });
  }
  if (rest.length < 2 || rest.length > 3) throw new NotFoundPage();
  const [entity, bundle, id] = rest as [string, string, string | undefined];
  const type = `${entity}--${bundle}`;
  const byId = collection(cms, type);
  const query = parseQuery(url.searchParams);
  const ctx: Ctx = { store: cms.store, lang, version: cms.version };
  const editor = isEditorRequest(req, cms.options.auth);
  const read: Read = { cms, req, res, url, lang, prefix, type, query, ctx, editor };
  if (id) return sendOne(read, byId, entity, bundle, id);
  sendListing(read, byId);
}

function sendOne(
  read: Read,
  byId: Map<string, Partial<Record<Lang, Resource>>>,
  entity: string,
  bundle: string,
  id: string,
) {
  const { cms, lang, type, query, ctx } = read;
  const entry = byId.get(id);
  const found = entry ? translation(entry, lang) : undefined;
  if (!found)
    throw new HttpError(
      404,
      `The "entity" parameter was not converted for the path "/jsonapi/${entity}/${bundle}/{entity}" (route name: "jsonapi.${type}.individual")`,
    );
  let resource: Resource;
  try {
    resource = latestVersion(cms.store, found, lang, read.url.searchParams.get('resourceVersion'));
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
  if (!canView(resource, read.editor))
    throw new HttpError(
      403,
      `The current user is not allowed to GET the selected resource: the "${type}" resource with ID "${id}" is not published.`,
    );
  const filter = buildFilter(query.filter);
  if (!filter(ctx, resource))
    throw new HttpError(404, `The "${type}" resource with ID "${id}" does not match the filter.`);
  cms.served.push({ type, id: resource.id, lang });
  const included = includes(ctx, [resource], query.include, type).map((r) => self(read, r));
  return send(read.res, 200, {
    jsonapi: JSONAPI_MEMBER,
    data: self(read, resource),
    ...(query.include ? { included } : {}),
    links: selfLink(read),
  });
}

/** The listing's resources, filtered and sorted once per listing, not once per page (thousands of
 *  nodes at bench scale); kept until the next write. */
function matchingResources(read: Read, byId: Map<string, Partial<Record<Lang, Resource>>>): Resource[] {
  const { cms, lang, type, editor, query, ctx } = read;
  const listingKey = JSON.stringify([lang, type, editor, query.filter ?? null, query.sort ?? null]);
  let matching = cms.listings.get(listingKey);
  if (!matching) {
    const filter = buildFilter(query.filter);
    const all = [...byId.values()]
      .map((e) => translation(e, lang))
      .filter((r): r is Resource => Boolean(r) && canView(r!, editor));
    matching = sortResources(
      ctx,
      all.filter((r) => filter(ctx, r)),
      query.sort,
    );
    if (cms.listings.size >= 100) cms.listings.clear();
    cms.listings.set(listingKey, matching);
  }
  return matching;
}

function sendListing(read: Read, byId: Map<string, Partial<Record<Lang, Resource>>>) {
  const { url, query, ctx, type } = read;
  const page = (query.page ?? {}) as Record<string, string>;
  const limit = page.limit === undefined ? MAX_LIMIT : Number(page.limit);
  const offset = page.offset === undefined ? 0 : Number(page.offset);
  if (!Number.isInteger(limit) || limit < 1) throw new HttpError(400, 'page[limit] must be a positive integer.');
  if (!Number.isInteger(offset) || offset < 0) throw new HttpError(400, 'page[offset] must be a non-negative integer.');
  const size = Math.min(limit, MAX_LIMIT);
  const matching = matchingResources(read, byId);
  const slice = matching.slice(offset, offset + size);
  for (const r of slice) read.cms.served.push({ type, id: r.id, lang: read.lang });
  // A long-running CMS (npm run serve) keeps only the recent end of its log.
  if (read.cms.served.length > 100_000) read.cms.served.splice(0, read.cms.served.length - 50_000);
  // Validate includes before paging, as Drupal does: a wrong path fails even on an empty page.
  const included = includes(ctx, slice, query.include, type).map((r) => self(read, r));
  const links: Record<string, { href: string }> = selfLink(read);
  const pageUrl = (o: number) => {
    const u = new URL(url.pathname + url.search, origin(read.cms, read.req));
    u.searchParams.set('page[offset]', String(o));
    u.searchParams.set('page[limit]', String(size));
    return u.toString();
  };
  if (offset + size < matching.length) links.next = { href: pageUrl(offset + size) };
  // Core sends first and prev past the first page, and no count (that takes an add-on).
  if (offset > 0) {
    links.first = { href: pageUrl(0) };
    links.prev = { href: pageUrl(Math.max(0, offset - size)) };
  }
  send(read.res, 200, {
    jsonapi: JSONAPI_MEMBER,
    data: slice.map((r) => self(read, r)),
    ...(query.include ? { included } : {}),
    links,
  });
}

function serveFile(snapshotDir: string, res: ServerResponse, rel: string) {
  const base = path.join(snapshotDir, 'files');
  const file = path.resolve(base, rel);
  if (!file.startsWith(base + path.sep) || !existsSync(file) || !statSync(file).isFile())
    return sendError(res, 404, 'File not found.');
  res.writeHead(200, {
    'content-type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': statSync(file).size,
  });
  createReadStream(file).pipe(res);
}

// The huge fault: 64 MB of JSON:API, written as the reader takes it, with no Content-Length.
function sendHuge(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/vnd.api+json' });
  const chunk = `"${'x'.repeat(64 * 1024 - 3)}",`;
  let left = 1024;
  res.write('{"data":[],"padding":[');
  const more = () => {
    while (left > 0) {
      left--;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end('""]}');
  };
  res.on('close', () => (left = 0));
  more();
}

/** Plays the faults asked for (faults.ts); true when the request is answered (or left hanging). */
function answerFault(cms: Cms, req: IncomingMessage, res: ServerResponse, url: URL, n: number): boolean {
  const { faults } = cms;
  if (n <= faults.failFirst || (faults.errorRate > 0 && cms.random() < faults.errorRate))
    return (sendError(res, 503, 'Injected fault.'), true);
  // Drupal's JSON:API maintenance answer: an error document quoting the site's message, Retry-After in seconds.
  if (n <= faults.maintenance) return (sendError(res, 503, MAINTENANCE_MESSAGE, { 'retry-after': '1' }), true);
  const at = (paths: string[]) => paths.some((p) => url.pathname === p || url.pathname === `/fr${p}`);
  if (at(faults.malformed)) return (send(res, 200, '{"data": [ this is not json'), true);
  if (at(faults.hang)) return true; // never answers
  if (at(faults.huge)) return (sendHuge(res), true);
  if (at(faults.endless)) {
    const offset = Number(url.searchParams.get('page[offset]') ?? 0) + 50;
    const next = `${origin(cms, req)}${url.pathname}?page%5Boffset%5D=${offset}`;
    send(res, 200, { jsonapi: { version: '1.0' }, data: [], links: { next: { href: next } } });
    return true;
  }
  return false;
}

/** An editor's PATCH, POST or DELETE on a JSON:API resource (writes.ts). */
async function handleWrite(cms: Cms, req: IncomingMessage, res: ServerResponse, url: URL) {
  const parts = url.pathname.split('/').filter(Boolean);
  const writeLang: Lang = parts[0] === 'fr' ? 'fr' : 'en';
  if (parts[0] === 'fr') parts.shift();
  if (parts[0] !== 'jsonapi' || parts.length < 3) throw new HttpError(405, `${req.method} is not allowed here.`);
  cms.listings.clear();
  const { options } = cms;
  const result = await applyWrite(req, cms.store, writeLang, `${parts[1]}--${parts[2]}`, parts[3], {
    auth: options.auth,
    webhookUrl: cms.webhooksOff ? undefined : options.webhookUrl,
    webhookSecret: options.webhookSecret,
    now: () => cmsNow(cms),
    log: options.log ?? ((m) => console.log(`[cms] ${m}`)),
  }).finally(() => cms.listings.clear());
  cms.version++;
  if (result.status === 204) {
    res.writeHead(204);
    res.end();
    return;
  }
  return send(res, result.status, { jsonapi: { version: '1.0' }, data: result.resource });
}

const cmsNow = (cms: Cms) => Date.now() + (cms.options.clockOffsetMs ?? 0);

async function handle(cms: Cms, req: IncomingMessage, res: ServerResponse) {
  const n = ++cms.requests;
  // Drupal's Date header is its own clock's, as its `changed` stamps are.
  res.setHeader('date', new Date(cmsNow(cms)).toUTCString());
  try {
    if (cms.faults.down) {
      req.socket.destroy();
      return;
    }
    if (cms.faults.slow) await new Promise((r) => setTimeout(r, cms.faults.slow));
    const url = new URL(req.url ?? '/', origin(cms, req));
    if (req.method === 'GET') {
      cms.reads.push(`${url.pathname}${url.search}`);
      if (cms.reads.length > 100_000) cms.reads.splice(0, 50_000);
    }
    if (answerFault(cms, req, res, url, n)) return;
    if (url.pathname.startsWith('/webform_rest/')) return await handleWebform(req, res, url, cms.webform);
    if (['PATCH', 'POST', 'DELETE'].includes(req.method ?? '')) return await handleWrite(cms, req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, `${req.method} is not allowed here.`);
    if (url.pathname.startsWith('/sites/default/files/'))
      return serveFile(cms.snapshotDir, res, decodeURIComponent(url.pathname.slice('/sites/default/files/'.length)));
    const segments = url.pathname.split('/').filter(Boolean);
    const lang: Lang = segments[0] === 'fr' ? 'fr' : 'en';
    if (segments[0] === 'fr' || segments[0] === 'en') segments.shift();
    if (segments[0] !== 'jsonapi') throw new NotFoundPage();
    handleJsonApi(cms, req, res, url, lang, segments.slice(1));
  } catch (error) {
    if (error instanceof NotFoundPage) return send(res, 404, notFoundPage(), 'text/html; charset=UTF-8');
    if (error instanceof HttpError || error instanceof WriteError) return sendError(res, error.status, error.message);
    if (error instanceof QueryError) return sendError(res, 400, error.message);
    sendError(res, 500, (error as Error).message);
  }
}

export async function startLocalCms(options: LocalCmsOptions = {}) {
  const snapshotDir = options.snapshotDir ?? path.join(import.meta.dirname, 'snapshot');
  const store: Store = loadSnapshot(snapshotDir);
  if (options.scale) scalePrograms(store, options.scale);
  ensureRedirectType(store);
  const cms: Cms = {
    options,
    snapshotDir,
    store,
    listings: new Map(),
    faults: parseFaults(options.faults),
    random: seeded(),
    webform: { dir: options.webformDir, submissions: [], files: [] },
    requests: 0,
    version: 0,
    served: [],
    reads: [],
    webhooksOff: false,
  };
  const server = createServer((req, res) => void handle(cms, req, res));

  await new Promise<void>((resolve) => server.listen(options.port ?? 4322, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host}:${port}/`,
    port,
    webform: cms.webform,
    /** The resources sent as primary data since the last call (the request log), and the log cleared. */
    takeServed: () => cms.served.splice(0),
    /** The reads (path and query) since the last call, and the log cleared. */
    takeReads: () => cms.reads.splice(0),
    /** Saves from now on send no webhook (off: false sends them again): a delivery the CMS lost. */
    dropWebhooks: (off: boolean) => void (cms.webhooksOff = off),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
