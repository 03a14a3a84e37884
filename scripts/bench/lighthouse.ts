// Lighthouse figures for `npm run bench`: the lighthouse npm package driving Debian's chromium
// (CHROME_PATH / CHROMIUM_PATH, default /usr/bin/chromium; nothing downloaded), default mobile
// emulation with simulated slow 4G throttling, on the home, a program, a category and the
// calculator page in both languages, served from a build by the site's own static server.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../../src/service/start.ts';

const LIGHTHOUSE_PAGES: Record<string, { en: string; fr: string }> = {
  home: { en: '/en/home', fr: '/fr/home' },
  program: { en: '/en/program/home-support-services', fr: '/fr/program/services-de-soutien-a-domicile' },
  category: { en: '/en/category/seniors', fr: '/fr/category/seniors' },
  calculator: { en: '/en/calculator', fr: '/fr/calculator' },
};

const score = (s: number | null | undefined) => (s == null ? null : Math.round(s * 100));

async function benchLighthouse(distDir: string, pages = LIGHTHOUSE_PAGES) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
  const server = await startServer({ port: 0, site: { distDir }, dataDir, log: () => undefined });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results = [];
  try {
    for (const [type, byLang] of Object.entries(pages)) {
      for (const lang of ['en', 'fr'] as const) {
        const url = `${server.url}${byLang[lang]}`;
        const run = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        const lhr = run?.lhr;
        if (!lhr) {
          results.push({ type, lang, error: 'no result' });
          continue;
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue;
        results.push({
          type,
          lang,
          performance: score(lhr.categories.performance?.score),
          accessibility: score(lhr.categories.accessibility?.score),
          bestPractices: score(lhr.categories['best-practices']?.score),
          lcpMs: Math.round(audit('largest-contentful-paint') ?? NaN),
          tbtMs: Math.round(audit('total-blocking-time') ?? NaN),
          cls: Math.round((audit('cumulative-layout-shift') ?? NaN) * 1000) / 1000,
          bytes: Math.round(audit('total-byte-weight') ?? NaN),
          ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
        });
      }
    }
  } finally {
    chrome.kill();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}

/** The name `scripts/bench/main.ts` imports. */
export const lighthouseRuns = (distDir: string) => benchLighthouse(distDir);

if (import.meta.main) console.table(await benchLighthouse(path.resolve(process.argv[2] ?? 'dist')));
