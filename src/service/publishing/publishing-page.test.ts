// The editors' publishing page: language choice, access by token, and what a build row says.
import { describe, expect, it } from 'vitest';
import { createPublishingAccess, PUBLISHING_COOKIE } from './publishing-access.ts';
import { renderPublishingPage } from './publishing-page.ts';
import { pickLanguage } from './publishing-strings.ts';
import type { HistoryEntry } from '../../release/publisher/build-history.ts';

const build = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'r1',
  trigger: 'update program x en',
  events: [{ event: 'update', bundle: 'program', id: 'x', langcode: 'en', at: '2026-11-23T10:00:00Z' }],
  startedAt: '2026-11-23T10:00:00Z',
  finishedAt: '2026-11-23T10:00:12Z',
  durationMs: 12_300,
  result: 'success',
  error: null,
  pages: 324,
  warnings: [],
  warningCount: 0,
  ...over,
});

/** The page of a site whose live release is r1, nothing building, with this history. */
const pageOf = (history: HistoryEntry[], lang: 'en' | 'fr') =>
  renderPublishingPage({ currentRelease: 'r1', live: null, building: false, queued: 0, history }, lang);

describe('publishing page', () => {
  it('takes ?lang=, else Accept-Language, else English', () => {
    expect(pickLanguage('fr', 'en')).toBe('fr');
    expect(pickLanguage(undefined, 'fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(pickLanguage('de', 'de-DE')).toBe('en');
  });

  it('lets in the tokens through Bearer or the session cookie, never with the token as the cookie', () => {
    const access = createPublishingAccess(['a-secret-of-sixteen', undefined, 'short']);
    const cookie = access.sessionCookie('a-secret-of-sixteen')!;
    expect(cookie).toMatch(
      new RegExp(`^${PUBLISHING_COOKIE}=\\d+\\.[\\w-]+; Path=/hooks; HttpOnly; SameSite=Strict; Max-Age=28800`),
    );
    expect(cookie).not.toContain('a-secret-of-sixteen');
    expect(access.sessionCookie('short')).toBeNull();
    const request = (headers: Record<string, string>) => new Request('http://x/hooks/cms/publishing', { headers });
    expect(access.isPublishingViewer(request({ cookie: cookie.split(';')[0]! }))).toBe(true);
    expect(access.isPublishingViewer(request({ authorization: 'Bearer a-secret-of-sixteen' }))).toBe(true);
    expect(access.isPublishingViewer(request({ authorization: 'Bearer short' }))).toBe(false);
    expect(access.isPublishingViewer(request({ cookie: `${PUBLISHING_COOKIE}=forged` }))).toBe(false);
  });

  it('shows the live release, each build’s trigger, duration, result and warnings, escaped, in French', () => {
    const html = renderPublishingPage(
      {
        currentRelease: 'r2',
        live: { builtAt: '2026-11-23T10:05:00Z', pages: 326 },
        building: false,
        queued: 0,
        history: [
          build({
            id: 'r3',
            result: 'failed',
            error: 'release checks failed:\nmissing page type "map" in fr',
            warnings: [],
            events: [{ event: 'delete', bundle: 'program', id: 'y', langcode: 'fr', at: '' }],
          }),
          build({
            id: 'r2',
            warnings: [
              { kind: 'broken-link', message: 'x', page: '/en/program/a/', linkText: '<b>old</b>', target: '/en/gone' },
            ],
            warningCount: 1,
          }),
        ],
      },
      'fr',
    );
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('data-live-release="r2"');
    expect(html).toContain('Suppression d’un programme (version française) <code>y</code>');
    expect(html).not.toContain('program (');
    expect(html).toContain('Refusée\u00a0: le site public n’a pas changé');
    expect(html).toContain('Publiée, en ligne');
    expect(html).toContain('12,3 s');
    expect(html).toContain('Lien brisé');
    expect(html).toContain('«\u202f&lt;b&gt;old&lt;/b&gt;\u202f»');
    expect(html).not.toContain('<b>old</b>');
    // Times as French writes them: « 23 novembre 2026 à 6 h 05 » (Moncton), no « 06 h 05 min 00 s ».
    expect(html).toContain('23 novembre 2026 à 6\u00a0h\u00a005');
    expect(html).not.toMatch(/\d+ min \d+ s/);
    expect(html).toContain('Générations récentes');
  });

  it('says what each save was as a whole phrase of the page’s language, an unknown type by its name', () => {
    const page = (lang: 'en' | 'fr') =>
      pageOf(
        [
          build({
            events: [
              { event: 'create', bundle: 'simple_page', langcode: 'en', at: '' },
              { event: 'update', bundle: 'webinar', id: 'w', at: '' },
              { bundle: 'calculator_settings', langcode: 'fr', at: '' },
            ],
          }),
          build({ id: 'r0', trigger: 'cms change', events: [] }),
        ],
        lang,
      );
    const fr = page('fr');
    expect(fr).toContain('Création d’une page simple (version anglaise)');
    expect(fr).toContain('Modification d’un contenu de type <code>webinar</code> <code>w</code>');
    expect(fr).toContain('Enregistrement des paramètres de la calculatrice (version française)');
    expect(fr).toContain('<td>Modification dans le système de gestion de contenu</td>');
    expect(fr).not.toMatch(/\bCMS\b/);
    expect(fr).not.toContain('cms change');
    const en = page('en');
    expect(en).toContain('Created a simple page (English version)');
    expect(en).toContain('Edited content of the type <code>webinar</code>');
  });

  it('counts the saves past the third one with the plural form for the number', () => {
    const saves = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ event: 'update', bundle: 'program', id: `p${i}`, at: '' }));
    const page = (lang: 'en' | 'fr', n: number) => pageOf([build({ events: saves(n) })], lang);
    expect(page('fr', 4)).toContain('(et 1 autre enregistrement)');
    expect(page('fr', 5)).toContain('(et 2 autres enregistrements)');
    expect(page('en', 4)).toContain('(and 1 more save)');
    expect(page('en', 5)).toContain('(and 2 more saves)');
  });

  it('lists the live pages owed in the other language, with the days, the fields and the CMS link, escaped', () => {
    const report = {
      builtAt: '2026-11-20T00:00:00Z',
      count: 2,
      pages: [
        {
          id: 'a',
          type: 'program',
          reason: 'one-language' as const,
          lang: 'en' as const,
          missing: 'fr' as const,
          title: 'Ramp <fund>',
          path: '/en/program/ramp-fund',
          fields: [],
          since: '2026-11-01T00:00:00Z',
          editUrl: 'https://cms.example/node/7/translations',
        },
        {
          id: 'b',
          type: 'page',
          reason: 'same-text' as const,
          lang: 'fr' as const,
          missing: 'fr' as const,
          title: 'À propos',
          path: '/fr/page/a-propos',
          fields: ['body', 'faq.1.answer', 'field_program_type'],
          since: '2026-11-24T12:00:00Z',
          editUrl: null,
        },
      ],
    };
    const render = (lang: 'en' | 'fr') =>
      renderPublishingPage(
        { currentRelease: 'r1', live: null, building: false, queued: 0, history: [], officialLanguages: report },
        lang,
        new Date('2026-11-25T00:00:00Z'),
      );
    const fr = render('fr');
    expect(fr).toContain('<h2 id="languages-h">Langues officielles</h2>');
    expect(fr).toContain('Il manque la version dans l’autre langue pour 2 pages.');
    expect(fr).toContain('<td lang="en"><a href="/en/program/ramp-fund">Ramp &lt;fund&gt;</a></td>');
    expect(fr).toContain('La traduction française (en ligne en anglais seulement)');
    expect(fr).toContain('<td data-days="24">24 jours</td>');
    expect(fr).toContain(
      '<a href="https://cms.example/node/7/translations" aria-label="Modifier «\u202fRamp &lt;fund&gt;\u202f» dans le système de gestion de contenu">',
    );
    expect(fr).toContain(
      'Texte français incomplet\u00a0: la page française affiche le texte anglais des champs suivants\u00a0: «\u202fCorps du texte\u202f»\u202f; «\u202fFoire aux questions, élément 2, réponse\u202f»\u202f; «\u202fType de programme\u202f»',
    );
    // The list is announced where it is, and the Act's title is in italics.
    expect(fr).toContain('La <em>Loi sur les langues officielles</em> du Nouveau-Brunswick');
    expect(fr).toContain('pour 2 pages. La page qui attend depuis le plus longtemps figure en premier.</p>');
    expect(fr).toContain('<td data-days="0">0 jour</td>');
    const en = render('en');
    expect(en).toContain('<td data-days="24">24 days</td>');
    expect(en).toContain('The French translation (live in English only)');
    expect(en).toContain('“Body”, “Frequently asked questions, item 2, answer”, “Program type”');
    for (const html of [fr, en]) expect(html).not.toMatch(/<code>(?:body|faq|field_)/);
    const none = renderPublishingPage(
      {
        currentRelease: 'r1',
        live: null,
        building: false,
        queued: 0,
        history: [],
        officialLanguages: { ...report, count: 0, pages: [] },
      },
      'en',
    );
    expect(none).toContain('Every live page is published in both languages.');
    // No list, so nothing announces one.
    expect(none).not.toContain('comes first');
  });

  it('says a build was interrupted or stopped at the time limit, not merely refused, in both languages', () => {
    const state = (lang: 'en' | 'fr') =>
      renderPublishingPage(
        {
          currentRelease: 'r1',
          live: { builtAt: '2026-11-23T10:05:00Z', pages: 326 },
          building: false,
          queued: 0,
          history: [
            build({ id: 'r3', result: 'failed', interrupted: true, error: 'stopped' }),
            build({ id: 'r2', result: 'failed', timedOut: true, error: 'PUBLISH_TIMEOUT_SECONDS' }),
          ],
        },
        lang,
      );
    expect(state('en')).toContain('Interrupted (the service stopped): the public site did not change');
    expect(state('en')).toContain('Stopped at the time limit: the public site did not change');
    expect(state('fr')).toContain('Interrompue (le service s’est arrêté)\u00a0: le site public n’a pas changé');
    expect(state('fr')).toContain('Arrêtée au délai maximal\u00a0: le site public n’a pas changé');
  });

  it('shows a running build’s phase and pages done of total, in both languages, and nothing once idle', () => {
    const state = (lang: 'en' | 'fr', building: boolean, progress: { phase: string; done?: number; total?: number }) =>
      renderPublishingPage(
        { currentRelease: null, live: null, building, queued: 0, history: [build({ result: 'running' })], progress },
        lang,
      );
    const rendering = { phase: 'render', done: 1200, total: 4784 };
    expect(state('en', true, rendering)).toContain('Rendering pages: 1,200 of 4,784 pages (25%).');
    expect(state('fr', true, rendering)).toContain(
      'Production des pages\u00a0: 1\u00a0200 sur 4\u00a0784 pages (25\u00a0%).',
    );
    expect(state('fr', true, { phase: 'release checks' })).toContain(
      'Étape en cours\u00a0: Vérification de la version.',
    );
    // A phase the page has no name for is shown as the publisher names it, marked English.
    expect(state('fr', true, { phase: 'new <phase>' })).toContain('<span lang="en">new &lt;phase&gt;</span>');
    expect(state('en', false, rendering)).not.toContain('data-build-progress');
  });

  it('says what a full build’s reconciliation found the deltas had missed, in both languages, escaped', () => {
    const page = (lang: 'en' | 'fr', found: string[]) =>
      pageOf(
        [
          build({
            builder: {
              builder: 'full',
              reconciliation: { compared: true, differences: found.length, found },
            },
          }),
        ],
        lang,
      );
    expect(page('en', [])).toContain('Full content check: nothing had been missed since the last one.');
    expect(page('fr', [])).toContain('rien n’avait été manqué depuis la précédente.');
    const missed = ['programs en/<p1> changed', 'programs fr/p2 gone'];
    const en = page('en', missed);
    expect(en).toContain('Full content check: 2 changes had been missed since the last one.');
    expect(en).toContain('<code lang="en">programs en/&lt;p1&gt; changed</code>');
    expect(page('fr', missed)).toContain('2 modifications avaient été manquées depuis la précédente.');
    expect(page('fr', missed.slice(0, 1))).toContain('1 modification avait été manquée depuis la précédente.');
    // A build that ran none (a resident one, or a delta that could not be compared) says nothing of it.
    const none = pageOf([build({ builder: { builder: 'resident' } })], 'en');
    expect(none).not.toContain('Full content check');
  });
});
