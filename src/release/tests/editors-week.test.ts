// An editor's week through the local CMS and the publishing service, each step checked on the
// served site over HTTP: create a program in English only, edit it, translate it, rename it,
// unpublish it, delete another, break a body link on purpose, preview a draft. Every release
// reached passes the release checks, and the status (JSON and the editors' page) tells the truth.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { signedWebhookHeaders } from '../../service/publishing/webhook-signature.ts';
import { checkRelease } from '../checks/checks.ts';
import { startServer } from '../../service/start.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const secret = 'editors-week-webhook-secret';
const editorToken = 'editors-week-editor-token';
const previewToken = 'editors-week-preview-token';
const auth = { user: 'editor', password: 'week' };
const basic = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
const BUILD = 420_000;

let cms: Awaited<ReturnType<typeof startLocalCms>>;
let server: Awaited<ReturnType<typeof startServer>>;
let releasesDir = '';
let work = '';
let restart: () => ReturnType<typeof startServer>;
let cookie = '';

interface Warning {
  kind: string;
  page?: string;
  linkText?: string;
  target?: string;
}
interface Build {
  id: string;
  result: string;
  error: string | null;
  durationMs: number | null;
  events: Array<{ event?: string; bundle?: string; id?: string; langcode?: string }>;
  warnings: Warning[];
  warningCount: number;
}
interface Status {
  currentRelease: string | null;
  building: boolean;
  queued: number;
  buildsSinceStart: number;
  lastBuild: Build | null;
  history: Build[];
}

// The build detail is for editors (the public status is a badge): the webhook secret as Bearer.
const status = async () =>
  (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as Status;

/** Runs the editor's writes, then waits for the builds their webhooks caused. */
async function afterSaves(writes: () => Promise<void>): Promise<Status> {
  const before = (await status()).buildsSinceStart;
  await writes();
  for (let i = 0; i < 1800; i++) {
    const s = await status();
    if (s.buildsSinceStart > before && !s.building && s.queued === 0 && s.lastBuild?.result !== 'running') return s;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the build did not finish');
}

async function write(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${cms.url}${url}`, {
    method,
    headers: { 'content-type': 'application/vnd.api+json', authorization: basic },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, `${method} ${url}: ${response.status}`).toBeLessThan(300);
  return response.status === 204 ? {} : ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function get(urlPath: string): Promise<{ status: number; text: string; location: string | null }> {
  const response = await fetch(`${server.url}${urlPath}`, { redirect: 'manual' });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

/** The pages a reader's search can offer: the base index's results not hidden, and the delta's, once each. */
async function searchCount(lang: 'en' | 'fr'): Promise<number> {
  const state = (await (await fetch(`${server.url}/search-index.json`)).json()) as {
    base: string;
    delta: string | null;
    hidden: string[];
  };
  const ids = async (folder: string) =>
    (await readdir(path.join(releasesDir, 'current', 'site', folder, 'fragment')))
      .filter((f) => f.startsWith(`${lang}_`) && f.endsWith('.pf_fragment'))
      .map((f) => f.replace(/\.pf_fragment$/, ''));
  const offered = new Set((await ids(state.base)).filter((id) => !state.hidden.includes(id)));
  if (state.delta) for (const id of await ids(state.delta)) offered.add(id);
  return offered.size;
}

/** The release went live, passes the release checks again, and both status views say so. */
async function expectLive(s: Status): Promise<void> {
  expect(s.lastBuild?.error ?? null).toBeNull();
  expect(s.lastBuild?.result).toBe('success');
  expect(s.currentRelease).toBe(s.lastBuild!.id);
  const check = await checkRelease(path.join(releasesDir, 'current', 'site'));
  expect(check.problems).toEqual([]);
  const page = await fetch(`${server.url}/hooks/cms/publishing?lang=en`, { headers: { cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`data-live-release="${s.currentRelease}"`);
  expect(html).toMatch(new RegExp(`<tr data-build="${s.lastBuild!.id}" data-result="success">`));
  expect(s.history[0]!.id).toBe(s.lastBuild!.id);
}

const alternate = (html: string, lang: 'en' | 'fr') =>
  new RegExp(`<link rel="alternate" hreflang="${lang}-CA" href="[^"]*"`).exec(html)?.[0];
const languageSwitch = (html: string) => /<a class="lang-switch" href="([^"]+)"/.exec(html)?.[1];

let base: Record<string, unknown> = {};
let disability = '';
let newId = '';
let previewDir = '';
let tileId = '';
let tileFrench = '';
const englishAlias = '/program/community-ramp-fund';

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'editors-week-'));
  releasesDir = path.join(work, 'releases');
  // The draft preview is a separate on-demand Astro build, inside the project: its renderer process
  // imports the build's packages from node_modules.
  await mkdir(path.join(root, 'node_modules/.cache'), { recursive: true });
  previewDir = await mkdtemp(path.join(root, 'node_modules/.cache/editors-week-preview-'));
  await promisify(execFile)(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', '--config', 'astro.preview.config.mjs'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
        PREVIEW_OUT_DIR: previewDir,
      },
    },
  );
  // The service needs the CMS's address (preview) and the CMS the service's (webhook): take a
  // free port for the CMS first.
  const probe = await startLocalCms({ port: 0, log: () => undefined });
  const cmsPort = probe.port;
  await probe.close();
  server = await startService();
  function startService() {
    return startServer({
      port: 0,
      site: { distDir: path.join(work, 'none') },
      dataDir: path.join(work, 'data'),
      publishing: { webhookSecret: secret, editorToken, releasesDir },
      root,
      log: () => undefined,
      preview: {
        dir: previewDir,
        token: previewToken,
        cmsUrl: `http://127.0.0.1:${cmsPort}/`,
        cmsUser: auth.user,
        cmsPassword: auth.password,
      },
    });
  }
  restart = startService;
  cms = await startLocalCms({
    port: cmsPort,
    auth,
    webhookSecret: secret,
    webhookUrl: `${server.url}/hooks/cms`,
    log: () => undefined,
  });
  process.env.CMS_URL = cms.url;
  const programs = (await (
    await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/home-support-services`)
  ).json()) as { data: Array<Record<string, unknown> & { id: string }> };
  base = programs.data[0]!;
  const terms = (await (
    await fetch(`${cms.url}jsonapi/taxonomy_term/categories?filter[path.alias]=/category/disability`)
  ).json()) as { data: Array<{ id: string }> };
  disability = terms.data[0]!.id;
  const tile = (await (
    await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/red-cross-equipment-loan-programs`)
  ).json()) as { data: Array<{ id: string }> };
  tileId = tile.data[0]!.id;
  const french = (await (await fetch(`${cms.url}fr/jsonapi/node/program/${tileId}`)).json()) as {
    data: { attributes: { path: { alias: string } } };
  };
  tileFrench = french.data.attributes.path.alias;
}, 180_000);

afterAll(async () => {
  await cms?.close();
  await server?.close();
  delete process.env.CMS_URL;
  if (previewDir) await rm(previewDir, { recursive: true, force: true });
});

function program(lang: 'en' | 'fr', title: string, alias: string, id?: string) {
  const attributes = { ...(base.attributes as Record<string, unknown>) };
  delete attributes.drupal_internal__nid;
  return {
    data: {
      type: 'node--program',
      ...(id ? { id } : {}),
      attributes: {
        ...attributes,
        title,
        status: true,
        field_searchable: true,
        field_featured: false,
        path: { alias, langcode: lang },
      },
      relationships: {
        ...(base.relationships as Record<string, unknown>),
        field_program_categories: { data: [{ type: 'taxonomy_term--categories', id: disability }] },
        field_program_image: { data: null },
        field_add_an_image_large_800_x_4: { data: null },
        field_related_programs: { data: [] },
      },
    },
  };
}

describe("an editor's week", () => {
  it('Monday: the publishing page is for editors only, in English and French', async () => {
    const anonymous = await fetch(`${server.url}/hooks/cms/publishing`, {
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain('réservée aux rédactrices et rédacteurs');
    expect(
      (await fetch(`${server.url}/hooks/cms/publishing?token=wrong-token-of-some-length`, { redirect: 'manual' }))
        .status,
    ).toBe(401);
    const login = await fetch(`${server.url}/hooks/cms/publishing?token=${editorToken}&lang=fr`, {
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/hooks/cms/publishing?lang=fr');
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/hooks/);
    expect(setCookie).not.toContain(editorToken);
    cookie = setCookie.split(';')[0]!;
    const french = await fetch(`${server.url}/hooks/cms/publishing?lang=fr`, { headers: { cookie } });
    expect(french.status).toBe(200);
    expect(french.headers.get('x-robots-tag')).toContain('noindex');
    expect(french.headers.get('cache-control')).toBe('no-store');
    const html = await french.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('Aucune version n’est encore en ligne.');
    const bearer = await fetch(`${server.url}/hooks/cms/publishing`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(bearer.status).toBe(200);
    expect(await bearer.text()).toContain('<h1>Publishing</h1>');
  });

  it(
    'Monday: the first release, from an unchanged CMS',
    async () => {
      const s = await afterSaves(async () => {
        const body = JSON.stringify({ event: 'update', bundle: 'program', id: base.id, langcode: 'en' });
        const timestamp = Math.floor(Date.now() / 1000);
        const response = await fetch(`${server.url}/hooks/cms`, {
          method: 'POST',
          body,
          headers: signedWebhookHeaders(secret, body, timestamp),
        });
        expect(response.status).toBe(202);
      });
      await expectLive(s);
      expect((await get('/en/category/disability/page/2')).status).toBe(200);
      expect((await get('/en/category/disability/page/3')).status).toBe(404);
    },
    BUILD,
  );

  it(
    'Monday: a program created in English only goes live, with no link to a French page that does not exist',
    async () => {
      const enCount = await searchCount('en');
      const s = await afterSaves(async () => {
        newId = String(
          (await write('POST', 'jsonapi/node/program', program('en', 'Community Ramp Fund', englishAlias))).id,
        );
      });
      await expectLive(s);
      expect(s.lastBuild!.events).toEqual([
        expect.objectContaining({ event: 'create', bundle: 'program', id: newId, langcode: 'en' }),
      ]);
      const page = await get(`/en${englishAlias}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Community Ramp Fund');
      expect(alternate(page.text, 'fr')).toBeUndefined();
      expect(languageSwitch(page.text)).toBe('/fr/home');
      // The English listing grew a third page French does not have.
      const third = await get('/en/category/disability/page/3');
      expect(third.status).toBe(200);
      expect(alternate(third.text, 'fr')).toBeUndefined();
      expect(languageSwitch(third.text)).toBe('/fr/category/disability');
      expect((await get('/fr/category/disability/page/3')).status).toBe(404);
      expect(alternate((await get('/en/category/disability/page/2')).text, 'fr')).toBeDefined();
      expect(await searchCount('en')).toBe(enCount + 1);
    },
    BUILD,
  );

  it(
    'Tuesday: an edit, and a related-program link to the new program from another program',
    async () => {
      const s = await afterSaves(async () => {
        await write('PATCH', `jsonapi/node/program/${newId}`, {
          data: { type: 'node--program', id: newId, attributes: { title: 'Community Ramp Fund for Homes' } },
        });
        await write('PATCH', `jsonapi/node/program/${base.id}`, {
          data: {
            type: 'node--program',
            id: base.id,
            relationships: { field_related_programs: { data: [{ type: 'node--program', id: newId }] } },
          },
        });
      });
      await expectLive(s);
      expect((await get(`/en${englishAlias}`)).text).toContain('Community Ramp Fund for Homes');
      expect((await get('/en/program/home-support-services')).text).toContain(`href="/en${englishAlias}"`);
    },
    BUILD,
  );

  it(
    'Wednesday: the French translation arrives and the pages point at each other',
    async () => {
      const s = await afterSaves(async () => {
        await write(
          'POST',
          'fr/jsonapi/node/program',
          program('fr', 'Fonds communautaire pour rampes', '/program/fonds-communautaire-rampes', newId),
        );
      });
      await expectLive(s);
      const french = await get('/fr/program/fonds-communautaire-rampes');
      expect(french.status).toBe(200);
      expect(languageSwitch(french.text)).toBe(`/en${englishAlias}`);
      const english = await get(`/en${englishAlias}`);
      expect(languageSwitch(english.text)).toBe('/fr/program/fonds-communautaire-rampes');
      expect(alternate(english.text, 'fr')).toContain('/fr/program/fonds-communautaire-rampes');
      expect((await get(`/fr${englishAlias}`)).location).toBe('/fr/program/fonds-communautaire-rampes');
    },
    BUILD,
  );

  it(
    'Wednesday: a renamed program answers its old address with a 301 to the new one',
    async () => {
      const s = await afterSaves(async () => {
        await write('PATCH', `jsonapi/node/program/${newId}`, {
          data: {
            type: 'node--program',
            id: newId,
            attributes: { path: { alias: '/program/accessible-homes-fund', langcode: 'en' } },
          },
        });
      });
      await expectLive(s);
      const redirects = (await (await fetch(`${cms.url}jsonapi/redirect/redirect`)).json()) as {
        data: Array<{ attributes: { redirect_source: { path: string }; redirect_redirect: { uri: string } } }>;
      };
      expect(redirects.data.map((r) => r.attributes.redirect_source.path)).toContain('program/community-ramp-fund');
      const old = await get(`/en${englishAlias}`);
      expect(old.status).toBe(301);
      expect(old.location).toBe('/en/program/accessible-homes-fund');
      const followed = await fetch(`${server.url}/en${englishAlias}`);
      expect(followed.status).toBe(200);
      expect(followed.url).toBe(`${server.url}/en/program/accessible-homes-fund`);
      expect(await followed.text()).toContain('Community Ramp Fund for Homes');
      expect((await get('/_redirects')).text).toContain(`/en${englishAlias} /en/program/accessible-homes-fund 301`);
      expect((await get('/en/program/home-support-services')).text).toContain(
        'href="/en/program/accessible-homes-fund"',
      );
    },
    BUILD,
  );

  it(
    'Thursday: unpublishing takes down the page, its listing entries, its related links and its search entry',
    async () => {
      const counts = { en: await searchCount('en'), fr: await searchCount('fr') };
      const s = await afterSaves(async () => {
        await write('PATCH', `jsonapi/node/program/${newId}`, {
          data: { type: 'node--program', id: newId, attributes: { status: false } },
        });
        await write('PATCH', `fr/jsonapi/node/program/${newId}`, {
          data: { type: 'node--program', id: newId, attributes: { status: false } },
        });
      });
      await expectLive(s);
      expect((await get('/en/program/accessible-homes-fund')).status).toBe(404);
      expect((await get('/fr/program/fonds-communautaire-rampes')).status).toBe(404);
      // The old address no longer redirects to a page that is gone.
      expect((await get(`/en${englishAlias}`)).status).toBe(404);
      expect((await get('/en/category/disability/page/3')).status).toBe(404);
      expect((await get('/en/category/disability/page/2')).text).not.toContain('Community Ramp Fund');
      expect((await get('/en/program/home-support-services')).text).not.toContain('accessible-homes-fund');
      expect(await searchCount('en')).toBe(counts.en - 1);
      expect(await searchCount('fr')).toBe(counts.fr - 1);
      // Unpublished content is the editors' only.
      expect((await fetch(`${cms.url}jsonapi/node/program/${newId}`)).status).toBe(403);
    },
    BUILD,
  );

  it(
    'Thursday: deleting a program on the home page removes its tile, page and search entry',
    async () => {
      const counts = { en: await searchCount('en'), fr: await searchCount('fr') };
      expect((await get('/en/home')).text).toContain('href="/en/program/red-cross-equipment-loan-programs"');
      const s = await afterSaves(async () => {
        await write('DELETE', `jsonapi/node/program/${tileId}`);
      });
      await expectLive(s);
      expect(s.lastBuild!.events).toEqual([expect.objectContaining({ event: 'delete', id: tileId })]);
      expect((await get('/en/program/red-cross-equipment-loan-programs')).status).toBe(404);
      expect(tileFrench).toMatch(/^\/program\//);
      const home = await get('/en/home');
      expect(home.text).not.toContain('red-cross-equipment-loan-programs');
      expect((await get('/fr/home')).text).toContain('href="/fr/program/');
      expect((await get('/fr/home')).text).not.toContain(`href="/fr${tileFrench}"`);
      expect((await get(`/fr${tileFrench}`)).status).toBe(404);
      expect(await searchCount('en')).toBe(counts.en - 1);
      expect(await searchCount('fr')).toBe(counts.fr - 1);
    },
    BUILD,
  );

  it(
    'Friday: a broken link typed into body text goes live as a warning editors can read',
    async () => {
      const about = `<p>Apply with the <a href="/en/program/old-ramp-form">old ramp form</a> or call us.</p>`;
      const s = await afterSaves(async () => {
        await write('PATCH', `jsonapi/node/program/${base.id}`, {
          data: {
            type: 'node--program',
            id: base.id,
            attributes: { field_about: { value: about, format: 'basic_html', processed: about } },
          },
        });
      });
      await expectLive(s);
      expect((await get('/en/program/home-support-services')).text).toContain('old ramp form');
      expect(s.lastBuild!.warnings).toContainEqual(
        expect.objectContaining({
          kind: 'broken-link',
          page: '/en/program/home-support-services',
          linkText: 'old ramp form',
          target: '/en/program/old-ramp-form',
        }),
      );
      const html = await (await fetch(`${server.url}/hooks/cms/publishing?lang=en`, { headers: { cookie } })).text();
      const live = html.slice(html.indexOf('data-live-warnings'), html.indexOf('</section>'));
      expect(live).toContain('Broken link');
      expect(live).toContain('“old ramp form”');
      expect(live).toContain('/en/program/old-ramp-form');
      const french = await (await fetch(`${server.url}/hooks/cms/publishing?lang=fr`, { headers: { cookie } })).text();
      expect(french).toContain('Lien brisé');
      expect(french).toContain('«\u202fold ramp form\u202f»');
    },
    BUILD,
  );

  it(
    'Friday: a draft is seen in the preview and nowhere public; later saves still go live',
    async () => {
      let draftId = '';
      const s = await afterSaves(async () => {
        const draft = program('en', 'Winter Heating Grant (draft)', '/program/winter-heating-grant');
        draft.data.attributes.status = false;
        draftId = String((await write('POST', 'jsonapi/node/program', draft)).id);
        await write('PATCH', `jsonapi/node/program/${base.id}`, {
          data: {
            type: 'node--program',
            id: base.id,
            attributes: { title: 'Home Support Services (next year)', moderation_state: 'draft' },
          },
        });
      });
      await expectLive(s);
      expect(s.lastBuild!.warningCount).toBeGreaterThan(0);
      expect((await get('/en/program/winter-heating-grant')).status).toBe(404);
      expect((await fetch(`${cms.url}jsonapi/node/program/${draftId}`)).status).toBe(403);
      const preview = await fetch(`${server.url}/preview/en/program/${draftId}?token=${previewToken}`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('x-robots-tag')).toContain('noindex');
      expect(preview.headers.get('cache-control')).toBe('no-store');
      const html = await preview.text();
      expect(html).toContain('Winter Heating Grant (draft)');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toContain('class="site-header"');
      expect(html).toContain('Preview of the latest draft: this page is not public.');
      const css = /href="(\/preview\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
      expect(css).toBeDefined();
      expect((await fetch(`${server.url}${css}`)).status).toBe(200);
      // A draft of a published program: the preview shows it, the public page does not.
      expect(await (await fetch(`${server.url}/preview/en/program/${base.id}?token=${previewToken}`)).text()).toContain(
        'Home Support Services (next year)',
      );
      const live = (await get('/en/program/home-support-services')).text;
      expect(live).not.toContain('(next year)');
      expect(live).not.toContain('Preview of the latest draft');
      const frenchPreview = await (
        await fetch(`${server.url}/preview/fr/program/${base.id}?token=${previewToken}`)
      ).text();
      expect(frenchPreview).toContain('<html lang="fr">');
      expect(frenchPreview).toContain('Aperçu de la dernière ébauche\u00a0: cette page n’est pas publique.');
      expect((await fetch(`${server.url}/preview/en/program/${draftId}`)).status).toBe(401);
      expect((await fetch(`${server.url}/preview/en/program/${draftId}?token=wrong-preview-token-1234`)).status).toBe(
        401,
      );
      expect((await fetch(`${server.url}/preview/fr/program/${draftId}?token=${previewToken}`)).status).toBe(404);
    },
    BUILD,
  );

  it('the history survives a restart of the service', async () => {
    const before = await status();
    await server.close();
    server = await restart();
    const after = await status();
    expect(after.history.map((b) => b.id)).toEqual(before.history.map((b) => b.id));
    expect(after.lastBuild?.id).toBe(before.lastBuild?.id);
    expect(after.history.every((b) => b.result === 'success')).toBe(true);
    // First release, create, edit (two saves: one or two builds), translate, rename, unpublish, delete, broken link, draft.
    expect(after.history.length).toBeGreaterThanOrEqual(9);
  });
});
