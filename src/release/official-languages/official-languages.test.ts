// The official-languages view over real HTTP: the local CMS (its write API and signed webhooks),
// the intake service's publisher building real releases, the public status and the editors'
// publishing page. A program saved in English only is listed with its title, its translate link
// in the CMS and its days; its French translation with fields left in English is listed with
// those fields; once translated, it is gone and the count is 0.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { copySharedFirstRelease } from '../tests/shared-first-release.ts';
import { startServer } from '../../service/start.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const secret = 'official-languages-webhook-secret';
const auth = { user: 'editor', password: 'languages' };
const basic = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
const BUILD = 300_000;

let cms: Awaited<ReturnType<typeof startLocalCms>>;
let server: Awaited<ReturnType<typeof startServer>>;
let work = '';
let base: { attributes: Record<string, unknown>; relationships: Record<string, unknown> };
let id = '';

interface Status {
  buildsSinceStart: number;
  building: boolean;
  queued: number;
  lastBuild: { result: string; error: string | null } | null;
}
const status = async () =>
  (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as Status;

/** Runs the CMS writes, then waits for the build their webhooks caused to finish (and go live). */
async function afterSaves(writes: () => Promise<void>): Promise<void> {
  const before = (await status()).buildsSinceStart;
  await writes();
  for (;;) {
    const s = await status();
    if (s.buildsSinceStart > before && !s.building && s.queued === 0 && s.lastBuild?.result !== 'running') {
      expect(s.lastBuild).toMatchObject({ result: 'success', error: null });
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function write(method: string, url: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${cms.url}${url}`, {
    method,
    headers: { 'content-type': 'application/vnd.api+json', authorization: basic },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${url}`).toBeLessThan(300);
  return ((await response.json()) as { data: { id: string } }).data;
}

/** A program node from an existing English one: its English text, a new title and address. */
function program(lang: 'en' | 'fr', title: string, alias: string, attributes: Record<string, unknown> = {}) {
  const copied = { ...base.attributes };
  delete copied.drupal_internal__nid;
  return {
    data: {
      type: 'node--program',
      ...(lang === 'fr' ? { id } : {}),
      attributes: { ...copied, title, status: true, path: { alias, langcode: lang }, ...attributes },
      relationships: { ...base.relationships, field_related_programs: { data: [] } },
    },
  };
}

const page = async (lang: 'en' | 'fr') =>
  (
    await fetch(`${server.url}/hooks/cms/publishing?lang=${lang}`, { headers: { authorization: `Bearer ${secret}` } })
  ).text();
const publicCount = async () =>
  ((await (await fetch(`${server.url}/hooks/cms/status`)).json()) as { officialLanguagesOwed: number | null })
    .officialLanguagesOwed;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'official-languages-'));
  // The run's first release of the snapshot is live; the first save is the renderer's.
  await copySharedFirstRelease(path.join(work, 'releases'));
  const probe = await startLocalCms({ port: 0, log: () => undefined });
  const cmsPort = probe.port;
  await probe.close();
  server = await startServer({
    port: 0,
    site: { distDir: path.join(work, 'none') },
    dataDir: path.join(work, 'data'),
    publishing: { webhookSecret: secret, releasesDir: path.join(work, 'releases') },
    root,
    log: () => undefined,
  });
  cms = await startLocalCms({
    port: cmsPort,
    auth,
    webhookSecret: secret,
    webhookUrl: `${server.url}/hooks/cms`,
    log: () => undefined,
  });
  process.env.CMS_URL = cms.url;
  const found = (await (
    await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/home-support-services`)
  ).json()) as { data: Array<typeof base> };
  base = found.data[0]!;
}, 60_000);

afterAll(async () => {
  await cms?.close();
  await server?.close();
  delete process.env.CMS_URL;
  if (work) await rm(work, { recursive: true, force: true });
});

describe('official-languages view', () => {
  it(
    'lists a program live in English only: title, CMS translate link, days; the public status counts it',
    async () => {
      await afterSaves(async () => {
        id = (
          await write('POST', 'jsonapi/node/program', program('en', 'Porch Lift Grant', '/program/porch-lift-grant'))
        ).id;
      });
      const saved = (await (await fetch(`${cms.url}jsonapi/node/program/${id}`)).json()) as {
        data: { attributes: { drupal_internal__nid: number; changed: string } };
      };
      expect(await publicCount()).toBe(1);
      const fr = await page('fr');
      const row = new RegExp(
        `<tr data-owed="/en/program/porch-lift-grant" data-reason="one-language"><td lang="en"><a href="/en/program/porch-lift-grant">Porch Lift Grant</a></td><td>La traduction française \\(en ligne en anglais seulement\\)</td><td data-days="0">0 jour</td><td><a href="${cms.url}node/${saved.data.attributes.drupal_internal__nid}/translations"`,
      );
      expect(fr).toMatch(row);
      expect(fr).toContain(
        '<p data-owed-count="1">Il manque la version dans l’autre langue pour 1 page. La page qui attend depuis le plus longtemps figure en premier.</p>',
      );
      expect(await page('en')).toContain('The French translation (live in English only)');
      // The public status is a badge: a count, never the pages or the CMS links.
      const open = await (await fetch(`${server.url}/hooks/cms/status`)).text();
      expect(open).not.toContain('porch-lift-grant');
    },
    BUILD,
  );

  it(
    'lists its French translation while fields still show the English text, naming them; then none',
    async () => {
      await afterSaves(async () => {
        await write(
          'POST',
          'fr/jsonapi/node/program',
          program('fr', 'Subvention pour plateformes élévatrices', '/program/subvention-plateformes'),
        );
      });
      expect(await publicCount()).toBe(1);
      const fr = await page('fr');
      expect(fr).toContain('data-owed="/fr/program/subvention-plateformes" data-reason="same-text"');
      // Named by the label editors know, not the entry's key.
      expect(fr).toContain('«\u202fÀ propos\u202f»');
      expect(fr).not.toContain('<code>about</code>');
      expect(fr).not.toContain('data-reason="one-language"');
      await afterSaves(async () => {
        const french = (text: string) => ({
          value: `<p>${text}</p>`,
          format: 'basic_html',
          processed: `<p>${text}</p>`,
        });
        const own: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(base.attributes))
          if (value && typeof value === 'object' && 'value' in value)
            own[field] = french(`Texte français du champ ${field.replaceAll('_', ' ')} pour cette subvention.`);
        own.field_about_short_description_ = 'Une subvention pour installer une plateforme élévatrice à la maison.';
        own.field_search_keywords = 'plateforme, subvention';
        own.field_apply_steps = ['Appelez-nous pour demander le formulaire.', 'Envoyez le formulaire rempli.'];
        own.field_faq = [];
        own.field_documents = [];
        await write('PATCH', `fr/jsonapi/node/program/${id}`, { data: { type: 'node--program', id, attributes: own } });
      });
      const after = await page('fr');
      expect(after, after.slice(after.indexOf('data-official-languages'), after.indexOf('recent-h'))).toContain(
        'Toutes les pages en ligne sont publiées dans les deux langues.',
      );
      expect(await publicCount()).toBe(0);
    },
    BUILD * 2,
  );
});
