// Intl formatters made once per language and options, then reused: making one costs far more than
// formatting with it, and a page formats thousands of numbers, lists and dates (the finder's page
// of 10,000 programs made two list formats per program and sentence). Formatters hold no state
// between calls, so one serves every page. Pure; shared by the pages and the islands.
const made = new Map<string, unknown>();

/** The value `make` gives for `key`, made on the first call only. */
export function intlOnce<T>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}
