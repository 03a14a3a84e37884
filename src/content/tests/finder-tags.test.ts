// Program finder tags from the local CMS over real HTTP: every snapshot program carries them in
// both languages, and a bad tag fails validation naming the node, language and field.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectSource, ContentValidationError } from '../collect.ts';
import { createJsonApiClient } from '../jsonapi-client.ts';
import { programSource } from '../types/program.ts';
import { localCmsServers, snapshot } from './support.ts';

const { cms, temp } = localCmsServers();

describe('program finder tags', () => {
  it('every published program carries the same tags in both languages', async () => {
    const server = await cms(snapshot);
    const { entries, problems } = await collectSource(
      createJsonApiClient({ baseUrl: server.url }),
      programSource,
      server.url,
    );
    expect(problems).toEqual([]);
    const programs = entries.map((e) => e.data);
    const en = new Map(programs.filter((p) => p.lang === 'en').map((p) => [p.id, p]));
    const fr = programs.filter((p) => p.lang === 'fr');
    expect(fr.length).toBe(en.size);
    for (const p of fr) expect(p.finder, p.slug).toEqual(en.get(p.id)!.finder);
    const untagged = [...en.values()]
      .filter((p) => p.finder.relevant.length === 0)
      .map((p) => p.slug)
      .sort();
    expect(untagged).toEqual(['adoption-services', 'foster-care']);
    const chb = [...en.values()].find((p) => p.slug === 'canada-housing-benefit-chb')!;
    expect(chb.finder).toEqual({
      relevant: ['rent', 'working'],
      excludes: ['age-under-19', 'own', 'no-stable-housing', 'long-term-care', 'social-assistance'],
    });
  });

  it('fails an unknown tag and a tag that both suggests and rules out, naming the node, language and field', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-finder-'));
    temp.push(dir);
    cpSync(snapshot, dir, { recursive: true });
    const bad = 'canada-housing-benefit-chb';
    let id = '';
    for (const lang of ['en', 'fr']) {
      const file = path.join(dir, lang, 'node--program.json');
      const nodes = JSON.parse(readFileSync(file, 'utf8')) as Array<{
        id: string;
        attributes: Record<string, unknown>;
      }>;
      const node = nodes.find((n) =>
        (n.attributes.path as { alias: string }).alias.includes(
          lang === 'en' ? bad : 'allocation-canadienne-pour-le-logement',
        ),
      )!;
      id = node.id;
      if (lang === 'en') node.attributes.field_finder_relevant = ['rent', 'renters'];
      else node.attributes.field_finder_excludes = ['own', 'rent'];
      writeFileSync(file, JSON.stringify(nodes));
    }
    const server = await cms(dir);
    const { problems } = await collectSource(
      createJsonApiClient({ baseUrl: server.url, retries: 0 }),
      programSource,
      server.url,
    );
    const message = new ContentValidationError(problems).message;
    expect(message).toContain(`node--program ${id} (en): field_finder_relevant[1]: "renters" is not a finder answer`);
    expect(message).toContain(
      `node--program ${id} (fr): field_finder_excludes[1]: "rent" is also in field_finder_relevant`,
    );
    expect(problems).toHaveLength(2);
  });
});
