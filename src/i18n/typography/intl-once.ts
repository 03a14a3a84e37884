// Intl formatters made once per language and options, then reused: making one costs far more than
// formatting with it, and a page formats lists and dates by the thousand (the finder's page of
// 10,000 programs made two list formats per program and sentence). Formatters hold no state
// between calls, so one serves every page. Pure; shared by the pages and the islands. numbers.ts
// keeps its own record of number formatters: it is in the map page's first view, whose 5 KB of
// JavaScript (tests/site/budgets.test.ts) this module would put 20 bytes over.
const made = new Map<string, unknown>();

/** The value `make` gives for `key`, made on the first call only. */
export function intlOnce<T>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}
