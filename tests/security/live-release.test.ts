// Issue 29 items 1 and 2 through a real publish: an editor's vanity URL of
// `/../../<live release id>/site/en/calculator` (the id is on the public status), and a path alias
// renamed to an encoded `..%2F` path (which leaves a Drupal redirect from it), are skipped with a
// build warning naming the node and the field; the releases still go live and no file of the
// live release (nor of any other) changes.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildWarnings, type BuildWarning } from '../../src/content/build-warnings.ts';
import { copySharedFirstRelease } from '../../src/release/tests/shared-first-release.ts';
import { startPublishing, type Publishing } from '../../src/release/tests/support.ts';
import { waitFor } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'pw' };
const calculatorVanity = '1a3d818b-5c98-4e65-8ee9-d928883738a1';
let publishing: Publishing | undefined;
let cms: Publishing['cms'];
let server: Publishing['server'];
let releasesDir = '';

interface Status {
  currentRelease: string | null;
  building: boolean;
  queued: number;
  buildsSinceStart: number;
  lastBuild: { result: string; error: string | null } | null;
}
const status = async () =>
  (await (
    await fetch(`${server.url}/hooks/cms/status`, { headers: { authorization: `Bearer ${secret}` } })
  ).json()) as Status;

/** Runs `edit`, then waits until the builds it caused are over (as the publishing status shows). */
async function publishAfter(edit: () => Promise<void>): Promise<Status> {
  const before = (await status()).buildsSinceStart;
  await edit();
  let last: Status | undefined;
  await waitFor(async () => {
    last = await status();
    return (
      last.buildsSinceStart > before && !last.building && last.queued === 0 && last.lastBuild?.result !== 'running'
    );
  }, 300_000);
  return last!;
}

async function write(method: string, url: string, body: unknown) {
  const response = await fetch(`${cms.url}${url}`, {
    method,
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${url}`).toBe(200);
}
const patch = (bundle: string, id: string, attributes: Record<string, unknown>) =>
  write('PATCH', `jsonapi/node/${bundle}/${id}`, { data: { type: `node--${bundle}`, id, attributes } });

/** Every file of a release with a hash of its bytes. */
async function hashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) {
      const file = path.join(e.parentPath, e.name);
      out[path.relative(dir, file)] = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
    }
  return out;
}
const warningsOf = (release: string): BuildWarning[] =>
  readBuildWarnings(path.join(releasesDir, release, 'site-deploy', 'build-warnings.jsonl'));

beforeAll(async () => {
  publishing = await startPublishing('live-release', { secret, auth, prepare: copySharedFirstRelease });
  ({ server, cms, releasesDir } = publishing);
}, 60_000);

afterAll(async () => {
  await publishing?.close();
});

describe('content cannot reach the live release', () => {
  it('a vanity aimed at the live release by its id, and an encoded ..%2F alias, change nothing but the warnings', async () => {
    const program = (
      (await (
        await fetch(`${cms.url}jsonapi/node/program?filter[path.alias]=/program/home-support-services`)
      ).json()) as {
        data: Array<{ id: string }>;
      }
    ).data[0]!.id;
    // A first release goes live.
    const first = await publishAfter(() => patch('program', program, { title: 'Home Support Services (1)' }));
    expect(first.lastBuild?.error ?? null).toBeNull();
    const live = first.currentRelease!;
    const liveFiles = await hashes(path.join(releasesDir, live));
    const calculator = await (await fetch(`${server.url}/en/calculator`)).text();

    // The attack: the live release's id is public; two fields, two spellings.
    const second = await publishAfter(async () => {
      await patch('vanity_url', calculatorVanity, { field_vanity_url: `/../../${live}/site/en/calculator` });
      await patch('program', program, {
        path: { alias: `/..%2F..%2F${live}%2Fsite%2Fen%2Fcalculator`, langcode: 'en' },
      });
    });
    expect(second.lastBuild?.result).toBe('success');
    expect(second.currentRelease).not.toBe(live);
    const warnings = warningsOf(second.currentRelease!);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        kind: 'invalid-node',
        node: { type: 'node--vanity_url', id: calculatorVanity, lang: 'en' },
        field: 'field_vanity_url',
      }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({
        kind: 'invalid-node',
        node: { type: 'node--program', id: program, lang: 'en' },
        field: 'path.alias',
      }),
    );

    // The editor renames the alias back: Drupal keeps a redirect from the hostile one.
    const third = await publishAfter(() =>
      patch('program', program, { path: { alias: '/program/home-support-services', langcode: 'en' } }),
    );
    expect(third.lastBuild?.result).toBe('success');
    const redirectWarnings = warningsOf(third.currentRelease!).filter((w) => w.node?.type === 'redirect--redirect');
    expect(redirectWarnings).toContainEqual(expect.objectContaining({ field: 'redirect_source.path' }));

    // The release that was live, every file of it, is as it was; the served calculator too.
    expect(await hashes(path.join(releasesDir, live))).toEqual(liveFiles);
    expect(await (await fetch(`${server.url}/en/calculator`)).text()).toBe(calculator);
    for (const release of [second.currentRelease!, third.currentRelease!])
      expect(await readFile(path.join(releasesDir, release, 'site/en/calculator.html'), 'utf8')).toBe(
        await readFile(path.join(releasesDir, live, 'site/en/calculator.html'), 'utf8'),
      );
  }, 900_000);
});
