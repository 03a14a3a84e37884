// What a publish's webhooks ask the delta to fetch (content-delta.ts), and the queries it sends.
// A webhook is signed by the CMS, but its fields are still read as data: an id that is not a
// node's shape is never put in a query, a type the site does not build is not fetched, and a
// delete of a node the site does not hold removes nothing. Each case is a note for the build
// record; the `changed` filter still looks for what was really saved.
import type { DrupalSource } from '../../content/sources.ts';
import type { HeldContent } from './content-store.ts';

/** A webhook event as the publisher passes it on (src/release/resident/protocol.ts). */
export type NodeEvent = {
  event?: string | undefined;
  bundle?: string | undefined;
  id?: string | undefined;
  langcode?: string | undefined;
};

/** A Drupal uuid (and the local CMS's ids): letters, digits and dashes. */
const NODE_ID = /^[A-Za-z0-9-]{1,64}$/;
const BUNDLE = /^[a-z][a-z0-9_]{0,63}$/;

/** Shown in a note: at most 40 characters, control characters dropped. */
const shown = (text: string) => JSON.stringify(text.replace(/\p{Cc}/gu, '').slice(0, 40));

/** Per collection, the ids the webhooks name; and what they named that the delta will not follow. */
export function planEvents(events: NodeEvent[], held: HeldContent, sources: Record<string, DrupalSource>) {
  const byName = new Map<string, Set<string>>();
  const notes: string[] = [];
  for (const e of events) {
    if (e.id === undefined) continue;
    if (!NODE_ID.test(e.id)) {
      notes.push(`a webhook named ${shown(e.id)}, which is not a node id: not fetched`);
      continue;
    }
    const id = e.id;
    const holding = [...held.collections]
      .filter(([, entries]) => entries.has(`en/${id}`) || entries.has(`fr/${id}`))
      .map(([name]) => name);
    const bundle = e.bundle !== undefined && BUNDLE.test(e.bundle) ? e.bundle : undefined;
    const ofBundle = bundle
      ? Object.keys(sources).filter((name) => name !== 'redirects' && sources[name]!.resource.endsWith(`/${bundle}`))
      : [];
    const names = [...new Set([...ofBundle, ...holding])];
    if (e.event === 'delete' && holding.length === 0)
      notes.push(
        `a delete of ${e.bundle ? shown(e.bundle) : 'a node'} ${id}, which the site does not hold: nothing removed`,
      );
    else if (names.length === 0)
      notes.push(
        `a webhook for ${e.bundle ? shown(e.bundle) : 'an unnamed type'} ${id}, which is no content the site builds: not fetched`,
      );
    for (const name of names) byName.set(name, (byName.get(name) ?? new Set()).add(id));
  }
  return { byName, notes };
}

const enc = encodeURIComponent;

/**
 * The source's own query, narrowed to the nodes of `ids` and (with `since`, Unix seconds) the nodes
 * changed after it: Drupal filters `changed` as the timestamp it stores.
 */
export function deltaQuery(source: DrupalSource, ids: string[], since: number | null): string {
  const idFilter = (group: string) =>
    [
      `filter[delta-id][condition][path]=id`,
      `filter[delta-id][condition][operator]=IN`,
      ...ids.map((id) => `filter[delta-id][condition][value][]=${enc(id)}`),
      group,
    ].filter(Boolean);
  const changedFilter = (group: string) =>
    [
      `filter[delta-changed][condition][path]=changed`,
      `filter[delta-changed][condition][operator]=${enc('>')}`,
      `filter[delta-changed][condition][value]=${Math.floor(since ?? 0)}`,
      group,
    ].filter(Boolean);
  let narrowed: string[];
  if (ids.length > 0 && since !== null)
    narrowed = [
      'filter[delta][group][conjunction]=OR',
      ...idFilter('filter[delta-id][condition][memberOf]=delta'),
      ...changedFilter('filter[delta-changed][condition][memberOf]=delta'),
    ];
  else if (ids.length > 0) narrowed = idFilter('');
  else narrowed = changedFilter('');
  return [source.query(), ...narrowed].filter(Boolean).join('&');
}
