import { describe, expect, it } from 'vitest';
import {
  daysLive,
  entryTexts,
  fingerprint,
  officialLanguagesReport as reportOf,
  owedFindings,
  type LanguagePage,
} from './report.ts';

/** The report as the release makes it: the build's findings, then the step's clock and previous report. */
const officialLanguagesReport = (pages: LanguagePage[], options: Parameters<typeof reportOf>[1]) =>
  reportOf(owedFindings(pages), options);

const now = new Date('2026-11-25T12:00:00Z');
const page = (over: Partial<LanguagePage>): LanguagePage => ({
  id: 'a',
  nid: 12,
  type: 'program',
  lang: 'en',
  title: 'Home support',
  path: '/en/program/home-support',
  changed: '2026-11-20T09:00:00Z',
  texts: {},
  ...over,
});

describe('fingerprint and entry texts', () => {
  it('match the same words whatever the markup, spacing and case; leave short texts out', () => {
    expect(fingerprint('<p>Who can  apply</p>')).toBe(fingerprint('who can apply'));
    expect(fingerprint('Who can apply')).not.toBe(fingerprint('Qui peut présenter une demande'));
    expect(fingerprint('1-833-733-7835')).toBeNull();
    expect(fingerprint('Loch Lomond')).toBeNull();
    expect(fingerprint('home_support_agency')).toBeNull();
  });

  it('walk an entry’s text fields, not its addresses, ids or dates', () => {
    const texts = entryTexts({
      id: 'x',
      alias: '/program/a-long-address-of-words',
      title: 'A page about home support',
      faq: [{ question: 'How do I apply here', answer: 'Call us' }],
      categories: [{ name: 'Seniors and aging well' }],
    });
    expect(Object.keys(texts).sort()).toEqual(['categories.0.name', 'faq.0.question', 'title']);
  });

  it('read an entry object once: the same object gives the same prints, a changed copy its own', () => {
    const entry = { id: 'x', title: 'A page about home support' };
    const first = entryTexts(entry);
    expect(entryTexts(entry)).toBe(first);
    const edited = { ...entry, title: 'A page about respite for caregivers' };
    expect(entryTexts(edited).title).toBe(fingerprint(edited.title));
    expect(entryTexts(edited).title).not.toBe(first.title);
  });
});

describe('official-languages report', () => {
  it('lists a page in one language, with the days since its last save, the CMS translate link', () => {
    const report = officialLanguagesReport([page({})], { now, cmsUrl: 'https://cms.example/' });
    expect(report.count).toBe(1);
    expect(report.pages[0]).toMatchObject({
      reason: 'one-language',
      lang: 'en',
      missing: 'fr',
      title: 'Home support',
      path: '/en/program/home-support',
      since: '2026-11-20T09:00:00.000Z',
      editUrl: 'https://cms.example/node/12/translations',
    });
    expect(daysLive(report.pages[0]!.since, now)).toBe(5);
  });

  it('keeps the first date it was owed across releases, even after a later save', () => {
    const first = officialLanguagesReport([page({ changed: '2026-10-01T00:00:00Z' })], { now });
    const later = officialLanguagesReport([page({ changed: '2026-11-24T00:00:00Z' })], {
      now: new Date('2026-11-26T00:00:00Z'),
      previous: first,
    });
    expect(later.pages[0]!.since).toBe('2026-10-01T00:00:00.000Z');
    // Without a date from the CMS: from now.
    expect(officialLanguagesReport([page({ changed: null })], { now }).pages[0]!.since).toBe(now.toISOString());
  });

  it('lists a French page that shows English text in a field, naming the fields; not a translated one', () => {
    const en = page({ texts: { title: 't-en', about: 'same', 'categories.0.name': 'cat' } });
    const fr = page({
      lang: 'fr',
      title: 'Soutien à domicile',
      path: '/fr/program/soutien-a-domicile',
      texts: { title: 't-fr', about: 'same', 'categories.0.name': 'cat' },
    });
    const report = officialLanguagesReport([en, fr], { now, cmsUrl: 'https://cms.example' });
    expect(report.pages).toEqual([
      expect.objectContaining({
        reason: 'same-text',
        lang: 'fr',
        missing: 'fr',
        path: '/fr/program/soutien-a-domicile',
        fields: ['about', 'categories.0.name'],
        editUrl: 'https://cms.example/fr/node/12/edit',
      }),
    ]);
    const translated = officialLanguagesReport([en, { ...fr, texts: { title: 't-fr', about: 'autre' } }], { now });
    expect(translated.count).toBe(0);
  });

  it('lists French-only pages too, the longest owed first, and no link without a node id', () => {
    const report = officialLanguagesReport(
      [
        page({ id: 'b', changed: '2026-11-24T00:00:00Z' }),
        page({ id: 'c', lang: 'fr', nid: null, path: '/fr/page/x', changed: '2026-01-01T00:00:00Z' }),
      ],
      { now, cmsUrl: 'https://cms.example' },
    );
    expect(report.pages.map((p) => [p.id, p.missing, p.editUrl])).toEqual([
      ['c', 'en', null],
      ['b', 'fr', 'https://cms.example/node/12/translations'],
    ]);
  });
});

describe('the findings the build hands the release step', () => {
  it('are the owed pages only, without their texts’ prints', () => {
    const en = page({ texts: { about: 'same', title: 't-en' } });
    const fr = page({ lang: 'fr', path: '/fr/program/soutien', texts: { about: 'same', title: 't-fr' } });
    const alone = page({ id: 'b', texts: { about: 'alone' } });
    const translated = [page({ id: 'c', texts: { about: 'x' } }), page({ id: 'c', lang: 'fr', texts: { about: 'y' } })];
    const found = owedFindings([en, fr, alone, ...translated]);
    expect(found.map((f) => [f.page.id, f.page.lang, f.reason, f.fields])).toEqual([
      ['a', 'fr', 'same-text', ['about']],
      ['b', 'en', 'one-language', []],
    ]);
    for (const f of found) expect(f.page).not.toHaveProperty('texts');
  });
});
