// Content held in memory by the resident renderer (src/release/resident/): when set, pages read
// their collections from it instead of Astro's data store, so a warm process renders the pages of
// a change from the content as the webhook left it. The server bundle the renderer loads has its
// own instance of this module: the content lives on globalThis under a registered symbol.

/** Entries (the `data` of Astro's entries) per collection name, both languages. */
type ResidentContent = ReadonlyMap<string, readonly object[]>;

const KEY = Symbol.for('nb-social-supports.resident-content');
const holder = globalThis as { [KEY]?: ResidentContent };

export function setResidentContent(content: ResidentContent | undefined): void {
  if (content) holder[KEY] = content;
  else delete holder[KEY];
}

/** The resident renderer's entries of a collection, or undefined in a static build. */
export function residentEntries(name: string): readonly object[] | undefined {
  return holder[KEY]?.get(name);
}

/** What each function wrapped by oncePerContent computed from a content set, while the set lives. */
const computed = new WeakMap<ResidentContent, Map<() => unknown, unknown>>();

/**
 * `compute`, run once per content set in the resident renderer: a route's getStaticPaths runs for
 * the props hashes of a change and again for the render of its pages, over the same content, and at
 * 10,000 programs a run of the program route's is seconds. In a static build (no content set) it
 * runs at each call: Astro calls a route's getStaticPaths once there.
 */
export function oncePerContent<T>(compute: () => T): () => T {
  const once = (): T => {
    const content = holder[KEY];
    if (!content) return compute();
    let results = computed.get(content);
    if (!results) computed.set(content, (results = new Map<() => unknown, unknown>()));
    if (!results.has(once)) results.set(once, compute());
    return results.get(once) as T;
  };
  return once;
}
