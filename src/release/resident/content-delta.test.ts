// The content a delta holds equals a full fetch of the same CMS, entry for entry, after every kind
// of change: an edit, a create and its translation, a rename (other nodes' links follow it), a
// category renamed (the programs that include it follow), a program moved to another category, an
// unpublish, a delete event; and the delta fetches only what changed. Over the local CMS's real
// HTTP, without Astro: the release tests compare the pages (resident-build.test.ts).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { createJsonApiClient } from '../../content/jsonapi-client.ts';
import { mappingVersion } from '../../content/mapping-version.ts';
import { refreshDelta } from './content-delta.ts';
import { collectAll, type HeldContent } from './content-store.ts';
import type { NodeEvent } from './delta-plan.ts';
import { reconcile } from './reconcile.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const auth = { user: 'editor', password: 'delta' };
let cms: Awaited<ReturnType<typeof startLocalCms>>;
let version = '';
let held: HeldContent;
let since = 0;

const client = () => createJsonApiClient({ baseUrl: cms.url, retries: 0 });
const full = () => collectAll({ client: client(), cmsBase: cms.url, mappingVersion: version });

async function write(method: string, url: string, body?: unknown) {
  const response = await fetch(`${cms.url}${url}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
  return response.status === 204 ? null : ((await response.json()) as { data: Node }).data;
}
type Node = { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> };
async function first(resource: string, filter = ''): Promise<Node> {
  const list = (await (await fetch(`${cms.url}jsonapi/${resource}?${filter}`)).json()) as { data: Node[] };
  return list.data[0]!;
}

/** A delta after the change, compared with a full fetch; what it fetched per collection. */
async function delta(events: NodeEvent[]) {
  const next = since;
  since = Math.floor(Date.now() / 1000) - 60;
  const outcome = await refreshDelta({
    client: client(),
    cmsBase: cms.url,
    mappingVersion: version,
    held,
    since: next,
    events,
  });
  const whole = await full();
  const report = reconcile(outcome, whole);
  expect(report.found).toEqual([]);
  held = outcome.content;
  return outcome;
}

beforeAll(async () => {
  cms = await startLocalCms({ port: 0, auth, log: () => undefined });
  version = await mappingVersion(root);
  since = Math.floor(Date.now() / 1000) - 60;
  held = await full();
}, 120_000);
afterAll(async () => {
  await cms?.close();
});

describe('a delta holds what a full fetch holds', () => {
  it('an edit: only the node and its translation fetched', async () => {
    const p = await first('node/program', 'filter[path.alias]=/program/tele-care-811');
    await write('PATCH', `jsonapi/node/program/${p.id}`, {
      data: { type: 'node--program', id: p.id, attributes: { title: 'Edited' } },
    });
    const outcome = await delta([{ event: 'update', bundle: 'program', id: p.id }]);
    expect(outcome.fetched).toEqual({ programs: 2 });
  });

  it('a create in English, then its translation', async () => {
    const model = await first('node/program');
    const created = (await write('POST', 'jsonapi/node/program', {
      data: {
        type: 'node--program',
        attributes: {
          ...model.attributes,
          title: 'Created',
          drupal_internal__nid: 9201,
          path: { alias: '/program/created-d', langcode: 'en' },
        },
        relationships: model.relationships,
      },
    }))!;
    await delta([{ event: 'create', bundle: 'program', id: created.id }]);
    await write('POST', 'fr/jsonapi/node/program', {
      data: {
        type: 'node--program',
        id: created.id,
        attributes: {
          ...created.attributes,
          langcode: 'fr',
          title: 'Créé',
          path: { alias: '/program/cree-d', langcode: 'fr' },
        },
        relationships: created.relationships,
      },
    });
    await delta([{ event: 'create', bundle: 'program', id: created.id, langcode: 'fr' }]);
  });

  it('a rename, with the entries whose links resolve through it', async () => {
    for (const type of ['program', 'simple_page', 'complex_page', 'page']) {
      const node = await first(`node/${type}`);
      const alias = (node.attributes.path as { alias: string }).alias;
      await write('PATCH', `jsonapi/node/${type}/${node.id}`, {
        data: {
          type: `node--${type}`,
          id: node.id,
          attributes: { path: { alias: `${alias}-renamed`, langcode: 'en' } },
        },
      });
      const outcome = await delta([{ event: 'update', bundle: type, id: node.id }]);
      expect(outcome.fetched.redirects).toBeGreaterThan(0);
    }
  });

  it('a category renamed: the programs that include it follow', async () => {
    const term = await first('taxonomy_term/categories');
    await write('PATCH', `jsonapi/taxonomy_term/categories/${term.id}`, {
      data: { type: 'taxonomy_term--categories', id: term.id, attributes: { name: 'Renamed category' } },
    });
    const outcome = await delta([{ event: 'update', bundle: 'categories', id: term.id }]);
    expect(outcome.fetched.programs ?? 0).toBeGreaterThan(0);
  });

  it('a program moved to another category', async () => {
    const programs = (await (await fetch(`${cms.url}jsonapi/node/program`)).json()) as { data: Node[] };
    const [a, b] = programs.data
      .filter(
        (p, _, all) =>
          JSON.stringify(p.relationships.field_program_categories) !==
          JSON.stringify(all[0]!.relationships.field_program_categories),
      )
      .concat(programs.data[0]!);
    await write('PATCH', `jsonapi/node/program/${b!.id}`, {
      data: {
        type: 'node--program',
        id: b!.id,
        relationships: { field_program_categories: a!.relationships.field_program_categories },
      },
    });
    await delta([{ event: 'update', bundle: 'program', id: b!.id }]);
  });

  it('an unpublish, then a delete event', async () => {
    const p = await first('node/program', 'filter[path.alias]=/program/food-banks');
    await write('PATCH', `jsonapi/node/program/${p.id}`, {
      data: { type: 'node--program', id: p.id, attributes: { status: false } },
    });
    await delta([{ event: 'update', bundle: 'program', id: p.id }]);
    const gone = await first('node/program', 'filter[path.alias]=/program/tele-care-811');
    await write('DELETE', `jsonapi/node/program/${gone.id}`);
    await delta([{ event: 'delete', bundle: 'program', id: gone.id }]);
  });

  it('a vanity URL, a landing page and a facility edited', async () => {
    for (const [type, attributes] of [
      ['vanity_url', { field_vanity_url: '/changed-vanity' }],
      ['landing_page', { title: 'Landing (edited)' }],
      ['facility', { title: 'Facility (edited)' }],
    ] as const) {
      const node = await first(`node/${type}`);
      await write('PATCH', `jsonapi/node/${type}/${node.id}`, {
        data: { type: `node--${type}`, id: node.id, attributes },
      });
      await delta([{ event: 'update', bundle: type, id: node.id }]);
    }
  });

  it('a save no webhook named: found by the changed filter', async () => {
    const p = await first('node/simple_page');
    await write('PATCH', `jsonapi/node/simple_page/${p.id}`, {
      data: { type: 'node--simple_page', id: p.id, attributes: { title: 'No webhook' } },
    });
    const outcome = await delta([]);
    expect(outcome.fetched.simplePages).toBeGreaterThan(0);
  });
});
