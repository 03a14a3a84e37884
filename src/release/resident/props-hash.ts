// A page's identity in the resident renderer: the hash of what its route gives it (the params and
// the props of its getStaticPaths item), serialised with sorted keys, so the same props are the
// same hash whatever order their objects were built in. A page is a pure function of its props
// (src/pages/**): the pages to make again are those whose hash changed, those added and those gone.
import { createHash } from 'node:crypto';

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

/** JSON with every object's keys sorted; a Map or a Set (which JSON would write as {}) is refused. */
export function stableJson(value: unknown, frozen?: (object: object) => string): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Map || v instanceof Set) throw new Error('props hold a Map or a Set: give the page plain data');
    if (!v || typeof v !== 'object') return v;
    if (frozen && Object.isFrozen(v)) return frozen(v);
    if (Array.isArray(v)) return v as unknown[];
    const object = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((k) => [k, object[k]]),
    );
  });
}

/**
 * The hash of each frozen object met, by identity. The resident renderer's content entries are
 * frozen (content-store.ts) and kept from one refresh to the next when their node did not change,
 * so an entry shown on many pages (a program in its listings, the all-programs page, the related
 * blocks) is serialised once per process, not once per page and release. A frozen object cannot
 * change, so its hash stays true; equal content in two objects gives the same hash.
 */
const frozenHashes = new WeakMap<object, string>();
function frozenToken(object: object): string {
  let hash = frozenHashes.get(object);
  if (hash === undefined) {
    hash = sha(stableJson(object));
    frozenHashes.set(object, hash);
  }
  return `\u0000frozen:${hash}`;
}

export const propsHash = (route: string, params: unknown, props: unknown): string =>
  sha(stableJson({ route, params, props }, frozenToken));

/** URL path (/en/program/x) to its hash. */
export type PropsHashes = ReadonlyMap<string, string>;

export interface PageChanges {
  /** Paths whose props changed, or that are new: to render. */
  render: Set<string>;
  /** Paths the previous release had and this one has not: to remove. */
  removed: Set<string>;
}

/** The pages to make again from the previous release's hashes to this content's. */
export function changedPages(before: PropsHashes, after: PropsHashes): PageChanges {
  const render = new Set<string>();
  const removed = new Set<string>();
  for (const [p, hash] of after) if (before.get(p) !== hash) render.add(p);
  for (const p of before.keys()) if (!after.has(p)) removed.add(p);
  return { render, removed };
}
