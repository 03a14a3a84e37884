// Runs a Pagefind search for ?q= on the search page: count, category filter, more results.
// The index is the one /search-index.json names, with the delta of pages changed since merged in
// and the base's results for changed and removed pages left out (src/features/search/rules/state.ts).
import { fill, plural } from '../../../i18n/fill.ts';
import { langOf } from '../../../i18n/languages.ts';
import { placeScriptMade } from '../../../site/rules/script-made.ts';
import { searchTerms } from '../rules/normalize.ts';
import { resultPath } from '../rules/result-path.ts';
import { parseSearchState, SEARCH_STATE_FILE } from '../rules/state.ts';

/** A button made here from its slot (without JavaScript it would do nothing, so the page has none). */
function buttonFromSlot(slot: HTMLElement, className: string, marker: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.setAttribute(marker, '');
  button.hidden = true;
  button.textContent = slot.dataset.label ?? '';
  slot.replaceWith(button);
  return button;
}
interface PagefindResult {
  id: string;
  data: () => Promise<{
    url: string;
    meta: Record<string, string>;
    excerpt: string;
    filters: Record<string, string[]>;
  }>;
}
interface Pagefind {
  search: (q: string, o?: { filters?: Record<string, string[]> }) => Promise<{ results: PagefindResult[] }>;
  options?: (o: { noWorker?: boolean }) => Promise<void>;
  init?: () => Promise<void>;
  mergeIndex?: (path: string) => Promise<void>;
}

const PAGE = 10;
const root = document.querySelector<HTMLElement>('[data-search]');
if (root) {
  placeScriptMade(root);
  const s = JSON.parse(root.dataset.strings ?? '{}') as Record<string, string>;
  const q = new URLSearchParams(location.search).get('q')?.trim() ?? '';
  // The language switch keeps the query: the same search in the other language.
  const languageSwitch = document.querySelector<HTMLAnchorElement>('a.lang-switch');
  if (languageSwitch && q) languageSwitch.search = `?q=${encodeURIComponent(q)}`;
  const input = document.querySelector<HTMLInputElement>('#site-search');
  const status = root.querySelector<HTMLElement>('[data-search-status]')!;
  const list = root.querySelector<HTMLOListElement>('[data-search-results]')!;
  const more = buttonFromSlot(root.querySelector('[data-search-more-slot]')!, 'button-secondary', 'data-search-more');
  const empty = root.querySelector<HTMLElement>('[data-search-empty]')!;
  const filterBox = root.querySelector<HTMLElement>('[data-search-filter]')!;
  const filter = root.querySelector<HTMLSelectElement>('#search-category')!;
  if (input) input.value = q;
  // The "search needs JavaScript" notice is plain HTML (not <noscript>) so it also shows when scripts are blocked.
  root.querySelector<HTMLElement>('[data-search-nojs]')?.setAttribute('hidden', '');
  let results: PagefindResult[] = [];
  let hidden = new Set<string>();
  let shown = 0;

  // "No results", then the language's plural rules (French: 1 résultat; English: 1 result).
  const lang = langOf(document.documentElement.lang);
  const count = (n: number) =>
    n === 0 ? fill(lang, s.none!, { q }) : plural(lang, n, { one: s.one!, other: s.results! }, { q });

  async function render(next: number) {
    const slice = await Promise.all(results.slice(shown, next).map((r) => r.data()));
    for (const item of slice) {
      const li = document.createElement('li');
      const h = document.createElement('h2');
      const a = document.createElement('a');
      a.href = resultPath(item.url);
      a.textContent = item.meta.title ?? a.href;
      h.append(a);
      const p = document.createElement('p');
      p.textContent = item.meta.short ?? '';
      const c = document.createElement('p');
      c.className = 'card-meta';
      c.textContent = (item.filters.category ?? []).join(' · ');
      li.append(h, p, c);
      list.append(li);
    }
    shown = Math.min(next, results.length);
    more.hidden = shown >= results.length;
  }

  async function run(pagefind: Pagefind) {
    const category = filter.value;
    const response = await pagefind.search(
      searchTerms(q, document.documentElement.lang === 'fr' ? 'fr' : 'en'),
      category ? { filters: { category: [category] } } : {},
    );
    // A page whose indexed text did not change has the same id in both indexes: offered once.
    const seen = new Set<string>();
    results = response.results.filter((r) => !hidden.has(r.id) && !seen.has(r.id) && seen.add(r.id));
    shown = 0;
    list.replaceChildren();
    await render(PAGE);
    // Announced once the results are on the page.
    status.textContent = count(results.length);
    empty.hidden = results.length > 0;
  }

  if (q) {
    status.textContent = s.loading!;
    // No state (a site served without the publisher): the one index at /pagefind/.
    const state = fetch(`/${SEARCH_STATE_FILE}`, { cache: 'no-cache' })
      .then((r) => (r.ok ? r.json() : null))
      .then(parseSearchState, () => null);
    void state.then(async (found) => {
      const url = `${found?.base ?? '/pagefind/'}pagefind.js`;
      const pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
      // On the page itself, not in Pagefind's web worker: one script fewer to download (12 KB
      // gzip) for a first search, and the few results a page shows do not block the page.
      await pagefind.options?.({ noWorker: true });
      await pagefind.init?.();
      // Only a delta holding this page's language (else Pagefind would answer from another one).
      if (found?.delta && found.deltaLanguages.includes(document.documentElement.lang))
        await pagefind.mergeIndex?.(found.delta);
      hidden = new Set(found?.hidden ?? []);
      filterBox.hidden = false;
      filter.addEventListener('change', () => void run(pagefind));
      more.addEventListener('click', () => {
        const first = shown;
        void render(shown + PAGE).then(() => list.children[first]?.querySelector('a')?.focus());
      });
      await run(pagefind);
    });
  }
}

export {};
