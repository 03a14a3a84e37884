// Editorial behaviour of a Drupal site the preview and publishing need, kept out of the plain
// JSON:API server: unpublished content is visible only to the editor account; a published node
// can have a newer draft (a forward revision, as with Content Moderation), read with
// ?resourceVersion=rel:latest-version; and the Redirect module's redirect--redirect entities,
// created when an edit changes a path alias and removed with their node.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Lang, Resource, Store } from './snapshot.ts';

const REDIRECT_TYPE = 'redirect--redirect';

/** The Redirect module's entity type exists (empty) even when the snapshot has none. */
export function ensureRedirectType(store: Store): void {
  if (!store.has(REDIRECT_TYPE)) store.set(REDIRECT_TYPE, new Map());
}

/** True when the request carries the editor account (basic auth), without throwing. */
export function isEditorRequest(req: IncomingMessage, auth: { user: string; password: string } | undefined): boolean {
  const header = req.headers.authorization ?? '';
  if (!auth || !header.startsWith('Basic ')) return false;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return user === auth.user && rest.join(':') === auth.password;
}

/** Anonymous readers see published content only (entities without a status are public). */
export function canView(resource: Resource, editor: boolean): boolean {
  return editor || resource.attributes.status !== false;
}

// Forward revisions: type -> id -> language -> the latest (draft) revision of a published node.
const drafts = new WeakMap<Store, Map<string, Resource>>();
const draftKey = (type: string, id: string, lang: Lang) => `${type}:${id}:${lang}`;

/** Saves a draft on top of a published translation without changing what is public. */
export function saveDraft(store: Store, resource: Resource, lang: Lang): void {
  if (!drafts.has(store)) drafts.set(store, new Map());
  drafts.get(store)!.set(draftKey(resource.type, resource.id, lang), resource);
}
export function clearDraft(store: Store, type: string, id: string, lang: Lang): void {
  drafts.get(store)?.delete(draftKey(type, id, lang));
}

/** ?resourceVersion=rel:latest-version (or rel:working-copy): the draft if there is one. */
export function latestVersion(store: Store, resource: Resource, lang: Lang, version: string | null): Resource {
  if (version === null || version === 'rel:default-revision') return resource;
  if (version !== 'rel:latest-version' && version !== 'rel:working-copy')
    throw new Error(`The resource version "${version}" is not supported.`);
  return drafts.get(store)?.get(draftKey(resource.type, resource.id, lang)) ?? resource;
}

/** Drupal numbers nodes: a new node gets the next nid, a new translation its node's. */
export function nodeId(store: Store, type: string, id: string): { drupal_internal__nid?: number } {
  if (!type.startsWith('node--')) return {};
  const existing = store.get(type)?.get(id);
  const own = (existing?.en ?? existing?.fr)?.attributes.drupal_internal__nid;
  if (typeof own === 'number') return { drupal_internal__nid: own };
  let max = 0;
  for (const [name, byId] of store) {
    if (!name.startsWith('node--')) continue;
    for (const entry of byId.values())
      for (const r of Object.values(entry)) max = Math.max(max, Number(r?.attributes.drupal_internal__nid) || 0);
  }
  return { drupal_internal__nid: max + 1 };
}

let rid = 1000;

/** Redirect module: a changed alias leaves a 301 from the old path to the node. */
export function redirectOnRename(store: Store, before: Resource, after: Resource, lang: Lang): void {
  const oldAlias = (before.attributes.path as { alias?: string } | undefined)?.alias;
  const newAlias = (after.attributes.path as { alias?: string } | undefined)?.alias;
  const nid = after.attributes.drupal_internal__nid;
  if (!oldAlias || !newAlias || oldAlias === newAlias || nid === undefined) return;
  ensureRedirectType(store);
  const redirects = store.get(REDIRECT_TYPE)!;
  const source = (alias: string) => alias.replace(/^\/+/, '');
  // The new alias is a real page again: a redirect from it would hide it (Redirect deletes it too).
  for (const [id, entry] of redirects) {
    const r = entry.en!;
    const attributes = r.attributes as { redirect_source: { path: string }; language: string };
    if (
      attributes.redirect_source.path === source(newAlias) &&
      (attributes.language === lang || attributes.language === 'und')
    )
      redirects.delete(id);
  }
  const id = randomUUID();
  redirects.set(id, {
    en: {
      type: REDIRECT_TYPE,
      id,
      attributes: {
        drupal_internal__rid: ++rid,
        redirect_source: { path: source(oldAlias), query: [] },
        redirect_redirect: { uri: `internal:/node/${nid}`, title: '', options: [] },
        status_code: 301,
        language: lang,
        created: Math.floor(Date.now() / 1000),
      },
    },
  });
}

/** Redirect module: deleting a node deletes the redirects to it. */
export function dropRedirectsTo(store: Store, node: Partial<Record<Lang, Resource>> | undefined): void {
  const nid = (node?.en ?? node?.fr)?.attributes.drupal_internal__nid;
  const redirects = store.get(REDIRECT_TYPE);
  if (nid === undefined || !redirects) return;
  for (const [id, entry] of redirects) {
    const uri = (entry.en!.attributes.redirect_redirect as { uri: string }).uri;
    if (uri === `internal:/node/${nid}` || uri === `entity:node/${nid}`) redirects.delete(id);
  }
}
