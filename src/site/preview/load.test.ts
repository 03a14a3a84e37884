// The draft preview's refusals over real HTTP against the local CMS: each problem in the language
// of the address, the field named by its label, never the validator's or the client's English;
// content that does not exist told apart from content not yet translated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';
import { loadPreview } from './load.ts';
import { previewLang } from '../../service/preview-lang.ts';

const auth = { user: 'editor', password: 'pw' };
const basic = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
const program = '7503dceb-8af7-4c30-86b5-fc9c32bc83fb'; // home-support-services
let cms: Awaited<ReturnType<typeof startLocalCms>>;
const config = () => ({ cmsUrl: cms.url, user: auth.user, password: auth.password });

beforeAll(async () => {
  cms = await startLocalCms({ port: 0, auth, log: () => undefined });
  // A draft whose French title was emptied and whose program type is not one the site knows.
  const response = await fetch(`${cms.url}fr/jsonapi/node/program/${program}`, {
    method: 'PATCH',
    headers: { authorization: basic, 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: {
        type: 'node--program',
        id: program,
        attributes: { moderation_state: 'draft', title: '', field_program_type: 'private' },
      },
    }),
  });
  expect(response.status).toBe(200);
});
afterAll(() => cms?.close());

const ENGLISH_MACHINE_TEXT = /Too small|Invalid|expected|\bCMS\b|field_|could not be reached/;

describe('draft preview refusals', () => {
  it('names each invalid field by its label with the reason in French', async () => {
    const result = await loadPreview(config(), 'fr', 'program', program);
    expect(result).toMatchObject({ error: 422 });
    const problems = 'problems' in result ? result.problems : [];
    expect(problems).toContain('Titre\u00a0: ce champ est vide.');
    expect(problems.some((p) => p.startsWith('Type de programme\u00a0: cette valeur ne fait pas partie'))).toBe(true);
    for (const problem of problems) expect(problem).not.toMatch(ENGLISH_MACHINE_TEXT);
  });

  it('variant: the same draft in English, in English words', async () => {
    const english = await fetch(`${cms.url}jsonapi/node/program/${program}`, {
      method: 'PATCH',
      headers: { authorization: basic, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: { type: 'node--program', id: program, attributes: { moderation_state: 'draft', title: '' } },
      }),
    });
    expect(english.status).toBe(200);
    const result = await loadPreview(config(), 'en', 'program', program);
    expect('problems' in result && result.problems).toContain('Title: this field is empty.');
  });

  it('says the CMS could not be reached in the address’s language', async () => {
    const result = await loadPreview({ cmsUrl: 'http://127.0.0.1:9/' }, 'fr', 'program', program);
    expect(result).toMatchObject({ error: 502 });
    const problems = 'problems' in result ? result.problems : [];
    expect(problems).toEqual(['Le système de gestion de contenu n’a pas pu être joint. Réessayez dans un moment.']);
  });

  it('tells content that does not exist from content with no version in the language', async () => {
    expect(await loadPreview(config(), 'fr', 'program', '00000000-0000-4000-8000-000000000000')).toMatchObject({
      error: 404,
      absent: 'content',
    });
    expect(await loadPreview(config(), 'fr', 'webinar', program)).toMatchObject({ error: 404, absent: 'content' });
  });

  it('reads the language of every French preview address, with or without a trailing part', () => {
    for (const path of ['/preview/fr', '/preview/fr/', '/preview/fr?token=x', '/preview/fr/program/x'])
      expect(previewLang(path), path).toBe('fr');
    for (const path of ['/preview/en', '/preview', '/preview/french', '/preview/frx/program'])
      expect(previewLang(path), path).toBe('en');
  });
});
