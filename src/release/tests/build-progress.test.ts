// A long build shows where it is: while a real build of the publisher runs (its child build
// process, over a scaled local CMS), the editors' publishing page and the status JSON say the
// phase and the pages rendered of the total, in English and French; once done, no progress is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedWebhookHeaders } from '../../service/publishing/webhook-signature.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
let publishing: Publishing | undefined;

beforeAll(async () => {
  // 100 programs per language: about 330 pages rendered (and the redirect stubs), a few seconds of rendering to watch.
  publishing = await startPublishing('progress', { secret, auth: { user: 'editor', password: 'pw' }, cmsScale: 100 });
}, 60_000);

afterAll(async () => {
  await publishing?.close();
});

const bearer = { authorization: `Bearer ${secret}` };
const page = async (lang: 'en' | 'fr') =>
  (await fetch(`${publishing!.server.url}/hooks/cms/publishing?lang=${lang}`, { headers: bearer })).text();
const status = async () =>
  (await (await fetch(`${publishing!.server.url}/hooks/cms/status`, { headers: bearer })).json()) as {
    building: boolean;
    progress: { phase: string; done?: number; total?: number } | null;
    lastBuild: { result: string; error: string | null } | null;
  };

describe('build progress on the publishing page', () => {
  it('shows the pages rendered of the total during a real build, then none once it is done', async () => {
    const body = JSON.stringify({ event: 'update', bundle: 'program', id: 'progress-test', langcode: 'en' });
    const now = Math.floor(Date.now() / 1000);
    const hook = await fetch(`${publishing!.server.url}/hooks/cms`, {
      method: 'POST',
      body,
      headers: signedWebhookHeaders(secret, body, now),
    });
    expect(hook.status).toBe(202);

    // What an editor reloading the page sees, until the build ends.
    const seen = { en: [] as string[], fr: [] as string[], json: [] as Array<{ done?: number; total?: number }> };
    for (;;) {
      const [s, en, fr] = await Promise.all([status(), page('en'), page('fr')]);
      if (!s.building && s.lastBuild?.result !== 'running') break;
      const shown = (html: string) => /<p data-build-progress="render">([^<]*)<\/p>/.exec(html)?.[1];
      if (s.progress?.phase === 'render') seen.json.push(s.progress);
      if (shown(en)) seen.en.push(shown(en)!);
      if (shown(fr)) seen.fr.push(shown(fr)!);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await status()).lastBuild?.error ?? null).toBeNull();
    expect(seen.en.length).toBeGreaterThan(0);
    expect(seen.en[0]).toMatch(
      /^Rendering pages: \d[\d,]* of \d{3}[\d,]* pages \(\d+%\)\. Reload the page to follow it\.$/,
    );
    expect(seen.fr[0]).toMatch(
      /^Production des pages\u00a0: \d[\d\u202f\u00a0]* sur \d{3}[\d\u202f\u00a0]* pages \(\d+\u00a0%\)\. Rechargez la page pour suivre l’avancement\.$/,
    );
    // The count moves up to the total, never past it.
    const totals = new Set(seen.json.map((p) => p.total));
    expect(totals.size).toBe(1);
    const total = [...totals][0]!;
    expect(total).toBeGreaterThan(300);
    const done = seen.json.map((p) => p.done!);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(Math.max(...done)).toBeLessThanOrEqual(total);
    // Done: the page says no build is running and shows no progress.
    const after = await page('en');
    expect(after).toContain('No build is running.');
    expect(after).not.toContain('data-build-progress');
    expect((await status()).progress).toBeNull();
  }, 300_000);
});
