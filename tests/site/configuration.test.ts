// Build-time configuration: bad variables (and a production build without SITE_URL) are refused by
// name before anything is built; a
// production build with LANGUAGE_SWITCH=off has no dev-site notice and no language switch, takes
// its canonical URLs from SITE_URL and writes the French host into the nginx include.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteEnv } from '../../src/config/site-env.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'site-config-'));
const build = (env: Record<string, string>, out: string) =>
  spawnSync(process.execPath, ['scripts/build.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      CMS_URL: '',
      OUT_DIR: path.join(dir, out),
      ASTRO_CACHE_DIR: path.join(dir, 'cache'),
      ...env,
    },
  });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('configuration variables', () => {
  it('has the documented defaults', () => {
    const env = parseSiteEnv({});
    expect(env).toMatchObject({
      SITE_ENV: 'development',
      LANGUAGE_SWITCH: 'on',
      ANALYTICS_PROVIDER: 'none',
      PRODUCTION_URL: 'https://socialsupports.gnb.ca',
    });
    expect(env.FRENCH_HOST).toBeUndefined();
  });

  it('validates the CMS bounds like every other setting: defaults, and a bad value named', () => {
    expect(parseSiteEnv({})).toMatchObject({
      CMS_RETRIES: 4,
      CMS_TIMEOUT_SECONDS: 30,
      CMS_MAX_RESPONSE_MB: 32,
      CMS_MAX_PAGES: 1000,
      CMS_MAX_REQUESTS: 20_000,
    });
    expect(() => parseSiteEnv({ CMS_MAX_PAGES: 'lots', CMS_TIMEOUT_SECONDS: '-1' })).toThrow(
      /CMS_TIMEOUT_SECONDS: .*\(got "-1"\)[\s\S]*CMS_MAX_PAGES: .*\(got "lots"\)/,
    );
  });

  it('names each bad variable and the value it got', () => {
    expect(() => parseSiteEnv({ LANGUAGE_SWITCH: 'maybe', SITE_URL: 'not a url', FRENCH_HOST: 'fr host/' })).toThrow(
      /Invalid configuration:\n {2}SITE_URL: .*\(got "not a url"\)\n {2}FRENCH_HOST: must be a host name such as soutiensociaux\.gnb\.ca \(got "fr host\/"\)\n {2}LANGUAGE_SWITCH: .*\(got "maybe"\)/,
    );
  });

  it('a build with a bad variable fails by name and writes nothing', () => {
    const result = build({ SITE_ENV: 'prod' }, 'bad');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('SITE_ENV:');
    expect(result.stderr).toContain('(got "prod")');
    expect(existsSync(path.join(dir, 'bad'))).toBe(false);
  });

  it('a production build without SITE_URL fails by name and writes nothing; elsewhere the local address stays', () => {
    expect(() => parseSiteEnv({ SITE_ENV: 'production' })).toThrow(/SITE_URL: must be set for a production build/);
    expect(() => parseSiteEnv({ SITE_ENV: 'production', SITE_URL: '' })).toThrow(/SITE_URL/);
    expect(parseSiteEnv({ SITE_ENV: 'production', SITE_URL: 'https://socialsupports.example.ca' }).SITE_URL).toBe(
      'https://socialsupports.example.ca',
    );
    expect(parseSiteEnv({}).SITE_URL).toBe('http://127.0.0.1:4321');
    expect(parseSiteEnv({ SITE_ENV: 'staging' }).SITE_URL).toBe('http://127.0.0.1:4321');
    const result = build({ SITE_ENV: 'production', SITE_URL: '' }, 'no-site-url');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('SITE_URL: must be set for a production build (SITE_ENV=production)');
    expect(existsSync(path.join(dir, 'no-site-url'))).toBe(false);
  });
});

describe('a production build with the language switch off', () => {
  const dist = path.join(dir, 'prod');
  beforeAll(() => {
    const result = build(
      {
        SITE_ENV: 'production',
        LANGUAGE_SWITCH: 'off',
        SITE_URL: 'https://socialsupports.example.ca',
        FRENCH_HOST: 'soutiensociaux.example.ca',
      },
      'prod',
    );
    if (result.status !== 0) throw new Error(result.stderr);
  }, 300_000);
  const html = (page: string) => readFileSync(path.join(dist, `${page}.html`), 'utf8');

  it('has no dev-site notice and no language switch, on every kind of page', () => {
    for (const page of [
      'en/home',
      'fr/home',
      'en/program/disability-support-program',
      'fr/page/propos',
      'en/calculator',
    ]) {
      const text = html(page);
      expect(text).toContain('class="site-header"');
      expect(text, page).not.toContain('dev-notice');
      expect(text, page).not.toContain('lang-switch');
      expect(text, page).not.toMatch(/Lire cette page en français|Read this page in English/);
    }
  });

  it('takes canonical and alternate URLs from SITE_URL, and the French host into nginx', () => {
    const page = html('fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap');
    expect(page).toContain(
      '<link rel="canonical" href="https://socialsupports.example.ca/fr/program/programme-de-soutien-aux-personnes-ayant-un-handicap">',
    );
    expect(page).toMatch(
      /<link rel="alternate" hreflang="en(-CA)?" href="https:\/\/socialsupports\.example\.ca\/en\/program\/disability-support-program">/,
    );
    const nginx = readFileSync(`${dist}-deploy/nginx.conf`, 'utf8');
    expect(nginx).toContain('if ($host = "soutiensociaux.example.ca") { return 302 /fr/home; }');
    expect(nginx).toContain('if ($host = "soutiensociaux.example.ca") { rewrite ^ /fr/404.html break; }');
  });
});
