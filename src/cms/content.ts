// Typed access to the content collections for pages and components.
import { getCollection } from 'astro:content';
import type { Lang } from '../i18n/languages.ts';
import type {
  ApplicationButtonEntry, CategoryEntry, ComplexPageEntry, LandingPageEntry, ListedEntry, PageEntry,
  ProgramEntry, SimplePageEntry, VanityEntry,
} from './entries.ts';
import type { FacilityEntry } from './entries.ts';
import type { ScreeningEntry } from './entries.ts';
import type { CalculatorSettingsEntry } from './entries.ts';
import type { CmsRedirectEntry } from './redirect-source.ts';

type Collections = {
  programs: ProgramEntry;
  simplePages: SimplePageEntry;
  complexPages: ComplexPageEntry;
  pages: PageEntry;
  landingPages: LandingPageEntry;
  categories: CategoryEntry;
  vanities: VanityEntry;
  applicationButtons: ApplicationButtonEntry;
  facilities: FacilityEntry;
  screenings: ScreeningEntry;
  calculatorSettings: CalculatorSettingsEntry;
  redirects: CmsRedirectEntry;
};

export async function entriesOf<K extends keyof Collections>(name: K, lang?: Lang): Promise<Collections[K][]> {
  const all = (await getCollection(name)) as unknown as Array<{ data: Collections[K] }>;
  const data = all.map((e) => e.data);
  return lang ? data.filter((d) => (d as { lang: Lang }).lang === lang) : data;
}

/** Programs, simple pages and complex pages that may be listed and indexed (searchable). */
export async function listedEntries(lang: Lang): Promise<ListedEntry[]> {
  const [programs, simple, complex] = await Promise.all([
    entriesOf('programs', lang),
    entriesOf('simplePages', lang),
    entriesOf('complexPages', lang),
  ]);
  return [...programs, ...simple, ...complex].filter((e) => e.searchable);
}

/** The other language's alias of the same node, for the language switch and hreflang. */
export async function translationAlias(name: 'programs' | 'simplePages' | 'complexPages' | 'pages', id: string, lang: Lang): Promise<string | undefined> {
  const [entry] = (await entriesOf(name, lang)).filter((e) => e.id === id);
  return entry?.alias;
}
