// Every short path in both languages and every vanity_url node of the CMS snapshot, through
// nginx with the generated configuration: a real 301 to the expected place, which answers 200
// (internal) or is the node's external URL. Expected targets are worked out here from the
// snapshot itself, not from the build's redirect list.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shortPaths } from '../../src/release/redirects/redirects.ts';
import { expect, nginxOrigin, test } from './support/fixtures.ts';

type Resource = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string } | null }>;
};
const snapshot = path.resolve(import.meta.dirname, '../../scripts/local-cms/snapshot');
const read = (lang: string, type: string): Resource[] =>
  JSON.parse(readFileSync(path.join(snapshot, lang, `${type}.json`), 'utf8'));
const published = (r: Resource) => r.attributes.status !== false;
const aliasOf = (r: Resource) => (r.attributes.path as { alias?: string } | undefined)?.alias;

const cases: Array<{ name: string; from: string; to: string; external: boolean }> = [];
for (const lang of ['en', 'fr'] as const) {
  const landing = read(lang, 'node--landing_page');
  for (const [name, id] of Object.entries(shortPaths)) {
    const node = landing.find((n) => n.id === id);
    cases.push({
      name: `short path ${name}`,
      from: `/${lang}/${name}`,
      to: `/${lang}${aliasOf(node!)}`,
      external: false,
    });
  }
  const nodes = [
    'node--program',
    'node--simple_page',
    'node--complex_page',
    'node--page',
    'node--landing_page',
  ].flatMap((t) => read(lang, t));
  const paragraphs = read(lang, 'paragraph--vanity_target_link');
  for (const vanity of read(lang, 'node--vanity_url').filter(published)) {
    const paragraph = paragraphs.find((p) => p.id === vanity.relationships?.field_vanity_target_link?.data?.id)!;
    const internalId = paragraph.relationships?.field_internal_link?.data?.id;
    const uri = (paragraph.attributes.field_external_link as { uri?: string } | null)?.uri ?? '';
    let to: string;
    if (internalId) to = `/${lang}${aliasOf(nodes.find((n) => n.id === internalId)!)}`;
    else if (uri.startsWith('internal:')) to = `/${lang}${uri.slice('internal:'.length)}`;
    else to = uri;
    cases.push({
      name: `vanity_url node ${vanity.attributes.drupal_internal__nid}`,
      from: String(vanity.attributes.field_vanity_url),
      to,
      external: /^https?:/.test(to),
    });
  }
}

test('the snapshot has vanity nodes in both languages', () => {
  expect(cases.filter((c) => c.name.startsWith('vanity') && c.from.length > 1).length).toBeGreaterThanOrEqual(20);
});

for (const c of cases) {
  test(`${c.name}: ${c.from} -> ${c.to}`, async ({ request }) => {
    const response = await request.get(`${nginxOrigin}${c.from}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(c.to);
    if (!c.external) expect((await request.get(`${nginxOrigin}${c.to}`)).status()).toBe(200);
  });
}
