// An image whose file URL is not a file of the CMS (another host, file:, data:) is left out of the
// node (a0958e1): the build says so, as for any other field it cannot use. The warning names the
// node and the field, the page itself is still published, and the warning stays with the entry
// when a later build reuses it. Drupal-core documents served over HTTP, the file's URL replaced.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildWarnings } from '../build-warnings.ts';
import { collectSource, type NodeWarning, type Reuse } from '../collect.ts';
import { createJsonApiClient } from '../jsonapi-client.ts';
import { settleProblems } from '../loader.ts';
import { programSource, type ProgramEntry } from '../types/program.ts';
import { publishingStrings } from '../../service/publishing/publishing-strings.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/drupal-core');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const N1 = 'a1b2c3d4-0001-4000-8000-000000000001';
const CMS_FILE = '/sites/default/files/2026-10/home-support.jpg';

let server: Server;
let base: string;
let imageUrl = CMS_FILE;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const route = url.pathname.replace(/^\/fr\//, '/');
    const json = (body: string) => {
      res.writeHead(200, { 'content-type': 'application/vnd.api+json' });
      res.end(body);
    };
    if (route !== '/jsonapi/node/program') {
      res.writeHead(404, { 'content-type': 'text/html; charset=UTF-8' });
      return res.end(read('not-found.html'));
    }
    if (url.searchParams.has('fields[node--program]')) return json(read('program-index.json'));
    if (url.searchParams.get('page[offset]') === '1') return json(read('program-page-2.json'));
    return json(read('program-page-1.json').replaceAll(JSON.stringify(CMS_FILE), JSON.stringify(imageUrl)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () => createJsonApiClient({ baseUrl: base, retries: 0 });
const imageWarnings = (warnings: NodeWarning[]) =>
  warnings.filter((w) => w.id === N1 && w.field === 'field_program_image');

describe('an image that is not a file of the CMS', () => {
  it('control: the CMS file is used, no warning', async () => {
    imageUrl = CMS_FILE;
    const { entries, warnings } = await collectSource(client(), programSource, base);
    const home = entries.find((e) => e.id === N1)!.data;
    expect(home.image?.path).toBe(CMS_FILE);
    expect(imageWarnings(warnings)).toEqual([]);
  });

  for (const hostile of [
    'https://evil.example/sites/default/files/x.jpg',
    'file:///etc/passwd',
    'data:image/png;base64,iVBORw0KGgo=',
    '//evil.example/x.jpg',
  ]) {
    it(`${hostile}: left out with a build warning naming the node and the field; the page is published`, async () => {
      imageUrl = hostile;
      const { entries, problems, warnings } = await collectSource(client(), programSource, base);
      const entry = entries.find((e) => e.id === N1 && e.lang === 'en')!;
      expect(entry.data.image).toBeNull();
      expect(entry.data.title).toBeTruthy();
      const expected = {
        kind: 'invalid-field',
        type: 'node--program',
        id: N1,
        lang: 'en',
        field: 'field_program_image',
        message: expect.stringContaining('not a file of the CMS'),
        target: hostile,
      };
      expect(imageWarnings(warnings)).toEqual([expected]);
      // Kept with the entry: a build that reuses the unchanged node reports it again.
      expect(imageWarnings(entry.warnings)).toEqual([expected]);

      const dir = mkdtempSync(path.join(tmpdir(), 'image-warnings-'));
      try {
        const file = path.join(dir, 'build-warnings.jsonl');
        settleProblems(programSource, problems, warnings, () => false, file);
        expect(readBuildWarnings(file).filter((w) => w.kind === 'invalid-field')).toEqual([
          {
            kind: 'invalid-field',
            message: expect.stringContaining('left out'),
            node: { type: 'node--program', id: N1, lang: 'en' },
            field: 'field_program_image',
            target: hostile,
          },
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('the warning survives a build that reuses the unchanged node', async () => {
    imageUrl = 'https://evil.example/x.jpg';
    const stored = new Map<string, { digest: string; data: ProgramEntry; warnings: NodeWarning[] }>();
    const reuse: Reuse<ProgramEntry> = {
      digest: (value) => JSON.stringify(value),
      version: 'test',
      previous: (key, digest) => {
        const kept = stored.get(key);
        return kept?.digest === digest ? kept : undefined;
      },
    };
    const first = await collectSource(client(), programSource, base, reuse);
    for (const e of first.entries) stored.set(`${e.lang}/${e.id}`, e);
    const second = await collectSource(client(), programSource, base, {
      ...reuse,
      previous: (key, digest) => {
        const kept = reuse.previous(key, digest);
        if (!kept && key === `en/${N1}`) throw new Error(`${key} was mapped again instead of reused`);
        return kept;
      },
    });
    expect(imageWarnings(second.warnings).map((w) => `${w.kind} ${w.id} ${w.field}`)).toEqual([
      `invalid-field ${N1} field_program_image`,
    ]);
  });

  it('the publishing page names the kind in English and French', () => {
    expect(publishingStrings.en['kind.invalid-field']).toBe('Field left out (invalid)');
    expect(publishingStrings.fr['kind.invalid-field']).toBe('Champ écarté (non valide)');
  });
});
