// Editor writes, as Drupal's JSON:API takes them (PATCH / POST / DELETE with basic auth), and the
// signed "content changed" webhook a Drupal webhook module would send after each change.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { signedWebhookHeaders } from '../../src/service/publishing/webhook-signature.ts';
import { clearDraft, dropRedirectsTo, nodeId, redirectOnRename, saveDraft } from './editorial.ts';
import type { Lang, Resource, Store } from './snapshot.ts';

export interface WriteOptions {
  auth?: { user: string; password: string } | undefined;
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
  /** The CMS's clock (its `changed` stamps), in milliseconds. */
  now?: () => number;
  log: (m: string) => void;
}
export class WriteError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function checkAuth(req: IncomingMessage, auth: WriteOptions['auth']) {
  if (!auth)
    throw new WriteError(403, 'Writes are disabled: the local CMS has no editor account (CMS_USER / CMS_PASSWORD).');
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) throw new WriteError(401, 'Authentication is required.');
  const [user, password] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  if (user !== auth.user || password !== auth.password)
    throw new WriteError(403, 'The editor account or password is wrong.');
}

async function readJson(req: IncomingMessage): Promise<{ data?: Partial<Resource> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: Partial<Resource> };
  } catch {
    throw new WriteError(400, 'The body is not a JSON:API document.');
  }
}

export async function applyWrite(
  req: IncomingMessage,
  store: Store,
  lang: Lang,
  type: string,
  id: string | undefined,
  options: WriteOptions,
): Promise<{ status: number; resource?: Resource }> {
  checkAuth(req, options.auth);
  const byId = store.get(type);
  if (!byId) throw new WriteError(404, `The resource type "${type}" does not exist.`);
  let event: 'create' | 'update' | 'delete';
  let resource: Resource | undefined;
  if (req.method === 'DELETE') {
    if (!id || !byId.has(id)) throw new WriteError(404, `The "${type}" resource with ID "${id}" does not exist.`);
    dropRedirectsTo(store, byId.get(id));
    byId.delete(id);
    event = 'delete';
  } else {
    const { data } = await readJson(req);
    if (!data || data.type !== type) throw new WriteError(422, `The body's data.type must be "${type}".`);
    const changed = new Date(options.now?.() ?? Date.now()).toISOString().replace(/\.\d+Z$/, '+00:00');
    if (req.method === 'POST') {
      const newId = data.id ?? randomUUID();
      resource = {
        type,
        id: newId,
        attributes: { ...data.attributes, ...nodeId(store, type, newId), langcode: lang, changed },
        relationships: data.relationships ?? {},
      };
      byId.set(newId, { ...byId.get(newId), [lang]: resource });
      event = 'create';
    } else {
      if (!id || data.id !== id) throw new WriteError(422, "The body's data.id must match the URL.");
      const entry = byId.get(id);
      const current = entry?.[lang];
      if (!entry || !current)
        throw new WriteError(404, `The "${type}" resource with ID "${id}" has no ${lang} translation.`);
      resource = {
        ...current,
        attributes: { ...current.attributes, ...data.attributes, changed },
        relationships: { ...current.relationships, ...data.relationships },
      };
      if (data.attributes?.moderation_state === 'draft' && current.attributes.status === true) {
        // Content Moderation: a draft of a published node is a newer revision; the public one stays.
        saveDraft(store, { ...resource, attributes: { ...resource.attributes, status: false } }, lang);
      } else {
        entry[lang] = resource;
        clearDraft(store, type, id, lang);
        redirectOnRename(store, current, resource, lang);
      }
      event = 'update';
    }
  }
  void notify(options, {
    event,
    entity_type: type.split('--')[0],
    bundle: type.split('--')[1],
    id: resource?.id ?? id,
    langcode: lang,
    changed: resource?.attributes.changed ?? null,
  });
  return { status: event === 'delete' ? 204 : event === 'create' ? 201 : 200, resource };
}

async function notify(options: WriteOptions, payload: Record<string, unknown>) {
  if (!options.webhookUrl || !options.webhookSecret) return;
  // A delivery id makes two saves of one node within a second two deliveries, not a replay.
  const body = JSON.stringify({ ...payload, delivery: randomUUID() });
  try {
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedWebhookHeaders(options.webhookSecret, body),
      },
      body,
    });
    options.log(`webhook ${payload.event} ${payload.id}: HTTP ${response.status}`);
  } catch (error) {
    options.log(`webhook delivery failed: ${(error as Error).message}`);
  }
}
