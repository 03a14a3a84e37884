// The housing benefit screening node from the local CMS over real HTTP: the snapshot validates
// in both languages, and a malformed node is reported with its type, id, language and field.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectSource, ContentValidationError } from '../collect.ts';
import { settleProblems } from '../loader.ts';
import type { DrupalSource } from '../sources.ts';
import { createJsonApiClient } from '../jsonapi-client.ts';
import { screeningSource } from '../types/screening.ts';
import { localCmsServers, snapshot } from './support.ts';

const { cms, temp } = localCmsServers();

describe('screening source', () => {
  it('reads the screening node in both languages with its portal, checklist and other-support links', async () => {
    const server = await cms(snapshot);
    const { entries, problems } = await collectSource(
      createJsonApiClient({ baseUrl: server.url }),
      screeningSource,
      server.url,
    );
    expect(problems).toEqual([]);
    const byLang = Object.fromEntries(entries.map((e) => [e.lang, e.data]));
    expect(byLang.en!.portalUrl).toBe('https://portal.socialsupports.gnb.ca/en/');
    expect(byLang.fr!.portalUrl).toBe('https://portal.socialsupports.gnb.ca/fr/');
    expect(byLang.en!.programId).toBe(byLang.fr!.programId);
    expect(byLang.en!.checklist.length).toBeGreaterThan(3);
    expect(byLang.fr!.otherSupport.map((l) => l.href)).toContain('/fr/program/programme-d-aide-sociale');
    expect(byLang.en!.whoIsExcluded).toContain('rooming house');
    expect(byLang.en!.about).not.toMatch(/<script|onerror/i);
  });

  it('resolves other-support links stored as Drupal stores them to the alias in each language, and warns for the one it cannot', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-screening-links-'));
    temp.push(dir);
    for (const lang of ['en', 'fr']) {
      const nodes = JSON.parse(readFileSync(path.join(snapshot, lang, 'node--screening.json'), 'utf8'));
      nodes[0].attributes.field_other_support = [
        { uri: 'entity:node/100', title: 'Picked in the autocomplete' },
        { uri: 'internal:/node/100', title: 'Typed node path' },
        { uri: 'internal:/program/programme-de-soutien-aux-personnes-ayant-un-handicap', title: 'Typed French alias' },
        { uri: 'entity:taxonomy_term/1', title: 'A category' },
        { uri: 'entity:node/424242', title: 'Deleted node' },
      ];
      mkdirSync(path.join(dir, lang), { recursive: true });
      writeFileSync(path.join(dir, lang, 'node--screening.json'), JSON.stringify(nodes));
    }
    // The link targets (programs, categories) come from the real snapshot.
    for (const lang of ['en', 'fr'])
      for (const file of [
        'node--program.json',
        'taxonomy_term--categories.json',
        'taxonomy_term--page_scope.json',
        'file--file.json',
      ]) {
        try {
          writeFileSync(path.join(dir, lang, file), readFileSync(path.join(snapshot, lang, file)));
        } catch {
          /* file--file lives in en/ only */
        }
      }
    const server = await cms(dir);
    const { entries, problems, warnings } = await collectSource(
      createJsonApiClient({ baseUrl: server.url, retries: 0 }),
      screeningSource,
      server.url,
    );
    expect(problems).toEqual([]);
    const byLang = Object.fromEntries(entries.map((e) => [e.lang, e.data.otherSupport.map((l) => l.href)]));
    expect(byLang.en).toEqual([
      '/en/program/disability-support-program',
      '/en/program/disability-support-program',
      '/en/program/disability-support-program',
      '/en/category/seniors',
    ]);
    expect(byLang.fr).toEqual([
      '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
      '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
      '/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap',
      '/fr/category/seniors',
    ]);
    expect(warnings.map((w) => `${w.kind} ${w.lang} ${w.field} ${w.target}`).sort()).toEqual([
      'unresolved-link en field_other_support[4].uri entity:node/424242',
      'unresolved-link fr field_other_support[4].uri entity:node/424242',
    ]);
  });

  it('fails a malformed screening node naming the node and each bad field, and sanitizes its HTML', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-screening-'));
    temp.push(dir);
    for (const lang of ['en', 'fr']) {
      const nodes = JSON.parse(readFileSync(path.join(snapshot, lang, 'node--screening.json'), 'utf8'));
      const good = nodes[0];
      good.attributes.field_about = {
        value: '<p>About<script>alert(1)</script><img src=x onerror=alert(1)></p>',
        format: 'basic_html',
      };
      const bad = structuredClone(good);
      bad.id = '55555555-5555-4555-8555-555555555555';
      if (lang === 'en') {
        bad.attributes.field_portal_link = { uri: 'http://portal.example/en', title: 'Proceed' };
        bad.attributes.field_checklist = [];
      } else {
        delete bad.attributes.field_what_to_bring;
        bad.attributes.field_other_support = [{ uri: 'javascript:alert(1)', title: 'x' }];
      }
      mkdirSync(path.join(dir, lang), { recursive: true });
      writeFileSync(path.join(dir, lang, 'node--screening.json'), JSON.stringify([good, bad]));
    }
    const server = await cms(dir);
    const { entries, problems } = await collectSource(
      createJsonApiClient({ baseUrl: server.url, retries: 0 }),
      screeningSource,
      server.url,
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]!.data.about).toBe('<p>About</p>');
    const message = new ContentValidationError(problems).message;
    const bad = 'node--screening 55555555-5555-4555-8555-555555555555';
    expect(message).toContain(`${bad} (en): field_portal_link.uri: must be an https:// URL`);
    expect(message).toContain(`${bad} (en): field_checklist: must list at least one item`);
    expect(message).toContain(`${bad} (fr): field_what_to_bring`);
    expect(message).toContain(`${bad} (fr): field_other_support[0].uri: must be internal:/path or an https:// URL`);
    expect(problems).toHaveLength(4);
    // Required content: an invalid screening node still fails the build.
    expect(() => settleProblems(screeningSource as DrupalSource, problems, [], () => false)).toThrow(
      ContentValidationError,
    );
  });
});
