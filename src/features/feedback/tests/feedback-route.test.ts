// POST /api/feedback over real HTTP: the answer is recorded on the click, a comment is its own
// record (the answer is not counted twice), and a plain form post (no JavaScript) is answered with
// a small page in the form's language that says what really happened.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../service/start.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function intake() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedback-'));
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'dist-'));
  const server = await startServer({ port: 0, site: { distDir }, dataDir, log: () => undefined });
  closers.push(server.close);
  const json = (body: unknown) =>
    fetch(`${server.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const form = (body: Record<string, string>) =>
    fetch(`${server.url}/api/feedback`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams(body),
    });
  const stored = async () =>
    (await server.storage.submissions.list('feedback')).map((s) => s.data as Record<string, string>);
  return { json, form, stored };
}

const page = '/en/program/home-support-services';

describe('feedback route', () => {
  it('records a comment sent after the answer without counting the answer twice', async () => {
    const { json, stored } = await intake();
    expect((await json({ page, lang: 'en', answer: 'yes' })).status).toBe(200);
    expect((await json({ page, lang: 'en', comment: 'The phone number is wrong.' })).status).toBe(200);
    const all = await stored();
    expect(all.filter((s) => s.answer === 'yes')).toHaveLength(1);
    expect(all.filter((s) => s.comment === 'The phone number is wrong.')).toHaveLength(1);
  });

  it('refuses a post with neither an answer nor a comment', async () => {
    const { json, stored } = await intake();
    const response = await json({ page, lang: 'en', comment: '  ' });
    expect(response.status).toBe(400);
    expect(await stored()).toHaveLength(0);
  });

  describe.each([
    ['en', 'Thank you for your feedback.', 'Tell us more (optional)', 'Choose Yes or No, or write a comment'],
    ['fr', 'Merci de vos commentaires.', 'Dites-nous-en plus (facultatif)', 'Choisissez Oui ou Non, ou écrivez'],
  ])('without JavaScript (%s)', (lang, thanks, more, missing) => {
    const here = `/${lang}/program/home-support-services`;

    it('answers the Yes click with a page that thanks and offers the comment', async () => {
      const { form, stored } = await intake();
      const response = await form({ page: here, lang, answer: 'yes', comment: '' });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(thanks);
      expect(html).toContain(more);
      expect(html).toContain(`href="${here}"`);
      expect(await stored()).toEqual([expect.objectContaining({ answer: 'yes' })]);
    });

    it('keeps a comment sent without Yes or No, and thanks only then', async () => {
      const { form, stored } = await intake();
      const response = await form({ page: here, lang, comment: 'Hours are missing.' });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(thanks);
      expect(await stored()).toEqual([expect.objectContaining({ comment: 'Hours are missing.' })]);
    });

    it('does not ask again for a comment sent with the Yes or No (a text browser shows the box first)', async () => {
      const { form, stored } = await intake();
      const response = await form({ page: here, lang, answer: 'no', comment: 'The hours are wrong.' });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(thanks);
      expect(html).not.toContain(more);
      expect(await stored()).toEqual([expect.objectContaining({ answer: 'no', comment: 'The hours are wrong.' })]);
    });

    it('says what is missing, and does not thank, when nothing was chosen or written', async () => {
      const { form, stored } = await intake();
      const response = await form({ page: here, lang, comment: '' });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(missing);
      expect(html).not.toContain(thanks);
      expect(html).toContain(`href="${here}"`);
      expect(await stored()).toHaveLength(0);
    });
  });
});
