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
