// Any kind of content change is the resident renderer's, and its release equals a cold build byte
// for byte: the renderer re-renders the pages whose props changed (src/release/resident/), so a
// category's description, a landing page, a vanity URL and the calculator's or the screening's
// settings are followed as a program is (resident-build.test.ts), with no list of what each route
// reads. The project is a copy whose map index page shows one more field (the title of the program
// each map explains), and which has one more route showing it too, as a developer would add them:
// nothing in the release pipeline is edited, and a change of only that field brings both up to date.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from './project-copy.ts';
import { releaseChecks, type CmsNode } from './release-checks.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'any-change' };

// The field added to the map index page: its props name each map type's program, the page shows its title.
const MAP_INDEX = 'src/pages/[lang]/map/index.astro';
const FIELD_EDITS: Array<[string, string]> = [
  [
    `export function getStaticPaths() {
  return languages.map((lang) => ({ params: { lang } }));
}`,
    `import { entriesOf } from '../../../content/content.ts';
export async function getStaticPaths() {
  return Promise.all(
    languages.map(async (lang) => {
      const programs = await entriesOf('programs', lang);
      const explainedBy = Object.fromEntries(
        Object.keys(mapTypeSlugs).map((t) => [t, programs.find((p) => p.mapType === t && p.searchable)?.title ?? '']),
      );
      return { params: { lang }, props: { explainedBy } };
    }),
  );
}`,
  ],
  [
    '.map(([type, slug]) => ({\n  slug,',
    '.map(([type, slug]) => ({\n  slug,\n  explainedBy: Astro.props.explainedBy[type],',
  ],
  ['<p>{m.intro}</p>', '<p>{m.intro}</p>\n          <p class="explained-by">{m.explainedBy}</p>'],
];

// The route added: one page per language listing the same titles.
const ADDED_ROUTE = 'src/pages/[lang]/maps-explained.astro';
const ADDED = `---
import BaseLayout from '../../site/layouts/BaseLayout.astro';
import { entriesOf } from '../../content/content.ts';
import { languages, type Lang } from '../../i18n/index.ts';
export async function getStaticPaths() {
  return Promise.all(
    languages.map(async (lang) => ({
      params: { lang },
      props: { titles: (await entriesOf('programs', lang)).filter((p) => p.mapType && p.searchable).map((p) => p.title) },
    })),
  );
}
---

<BaseLayout lang={Astro.params.lang as Lang} title="Maps explained" alternates={{ en: '/en/maps-explained', fr: '/fr/maps-explained' }}>
  <ul>{Astro.props.titles.map((t) => <li class="explains-a-map">{t}</li>)}</ul>
</BaseLayout>
`;

let publishing: Publishing | undefined;
let checks: ReturnType<typeof releaseChecks>;
let builds = 0;
let copy = '';

/** A resource of the local CMS (English) found by a test of its attributes. */
async function resource(type: string, test: (n: CmsNode) => boolean): Promise<CmsNode> {
  const list = (await (await fetch(`${publishing!.cms.url}jsonapi/${type}`)).json()) as { data: CmsNode[] };
  const found = list.data.find(test);
  if (!found) throw new Error(`no ${type} found`);
  return found;
}

const aliasOf = (n: CmsNode) => (n.attributes.path as { alias?: string } | null)?.alias;

async function save(type: string, node: CmsNode, attributes: Record<string, unknown>) {
  const kind = type.replace('/', '--');
  await checks.write('PATCH', `jsonapi/${type}/${node.id}`, { data: { type: kind, id: node.id, attributes } });
  return checks.settle(++builds);
}

beforeAll(async () => {
  copy = await copyProject('any-change');
  const file = path.join(copy, MAP_INDEX);
  let code = await readFile(file, 'utf8');
  for (const [before, after] of FIELD_EDITS) {
    expect(code).toContain(before);
    code = code.replace(before, after);
  }
  await writeFile(file, code);
  await writeFile(path.join(copy, ADDED_ROUTE), ADDED);
  publishing = await startPublishing('any-change', { secret, auth, root: copy });
  checks = releaseChecks(publishing, { secret, auth });
  // The first release: the full build (and the renderer's content loaded before it).
  const s = await save('node/program', await checks.program('/program/tele-care-811'), { title: 'Tele-Care 811' });
  expect(s.lastBuild?.builder?.builder).toBe('full');
}, 900_000);

afterAll(async () => {
  await publishing?.close();
  if (publishing) await rm(publishing.work, { recursive: true, force: true });
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('a page route changed needs no edit of the release pipeline', () => {
  it('a field added to a page, and a route added: a change of only that field re-renders both', async () => {
    expect((await checks.served('/en/map')).text).toContain('class="explained-by">Home Support Services<');
    expect((await checks.served('/en/maps-explained')).text).toContain('>Home Support Services<');
    const s = await save('node/program', await checks.program('/program/home-support-services'), {
      title: 'Home Support Services (explained)',
    });
    expect((await checks.served('/en/map')).text).toContain('Home Support Services (explained)');
    expect((await checks.served('/en/maps-explained')).text).toContain('>Home Support Services (explained)<');
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);
});

describe('every kind of change is the resident renderer’s, equal to a cold build', () => {
  it('a category’s description', async () => {
    const seniors = await resource('taxonomy_term/categories', (n) => aliasOf(n) === '/category/seniors');
    const description = '<p>Programs for older adults (described anew).</p>';
    const s = await save('taxonomy_term/categories', seniors, {
      description: { value: description, format: 'basic_html' },
    });
    expect((await checks.served('/en/category/seniors')).text).toContain('described anew');
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a landing page', async () => {
    const housing = await resource('node/landing_page', (n) => aliasOf(n) === '/category/housing');
    const body = '<p>Housing help, introduced anew.</p>';
    const s = await save('node/landing_page', housing, { body: { value: body, format: 'basic_html' } });
    expect((await checks.served('/en/category/housing')).text).toContain('introduced anew');
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('a vanity URL', async () => {
    const seniors = await resource('node/vanity_url', (n) => n.attributes.field_vanity_url === '/seniors');
    const s = await save('node/vanity_url', seniors, { field_vanity_url: '/older-adults' });
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);

  it('the calculator’s settings, then the screening', async () => {
    const settings = await resource('node/calculator_settings', () => true);
    let s = await save('node/calculator_settings', settings, { field_sample_note: 'Sample figures, noted anew.' });
    expect((await checks.served('/en/calculator')).text).toContain('noted anew');
    await checks.expectLiveEqualsCold(s, 'resident');
    const screening = await resource('node/screening', () => true);
    s = await save('node/screening', screening, { title: 'Check what you may get (screened anew)' });
    expect((await checks.served('/en/screening')).text).toContain('screened anew');
    await checks.expectLiveEqualsCold(s, 'resident');
  }, 300_000);
});
