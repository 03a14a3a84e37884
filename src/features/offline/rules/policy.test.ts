import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  classify,
  isGone,
  isSavableAsset,
  isSavablePage,
  mayFetchAhead,
  offlineLangOf,
  pageKey,
  WORKER_PATH,
} from './policy.ts';

const origin = 'https://social.example';
const page = (path: string) => classify(new URL(path, origin), origin, { method: 'GET', mode: 'navigate' });
const fetched = (path: string, method = 'GET') => classify(new URL(path, origin), origin, { method, mode: 'cors' });

const head = (status: number, headers: Record<string, string>, type = 'basic', redirected = false) => ({
  status,
  type,
  redirected,
  headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
});

describe('what the worker handles', () => {
  it('saves the pages a reader opens in either language', () => {
    expect(page('/en/program/home-support-services')).toBe('page');
    expect(page('/fr/program/services-de-soutien-a-domicile/')).toBe('page');
    expect(page('/en/category/seniors/page/2')).toBe('page');
    expect(page('/fr/offline')).toBe('page');
  });

  it('never stores the intake service (its forms, uploads, webhook, previews, metrics) or the search index', () => {
    for (const path of [
      '/api/corrections',
      '/api',
      '/api/uploads/abc',
      '/hooks/cms',
      '/preview/en/program/x',
      '/preview/_astro/a.css',
      '/metrics',
      '/pagefind/pagefind.js',
      '/pagefind-delta-1/pagefind.js',
    ]) {
      expect(page(path), path).toBe('bypass');
      expect(fetched(path), path).toBe('bypass');
    }
  });

  it('never stores a form, a search or any address with a query string, but answers them offline', () => {
    for (const path of [
      '/en/correction',
      '/fr/correction/thanks',
      '/en/chb-registration',
      '/fr/search',
      '/en/search?q=housing',
      '/en/program/x?page=2',
      '/en/correction?errors=type:required&description=secret',
      '/',
      '/404.html',
    ])
      expect(page(path), path).toBe('page-unsaved');
  });

  it('keeps hashed assets, and only them, among the fetches a page makes', () => {
    expect(fetched('/_astro/BaseLayout.Cx1.css')).toBe('asset');
    expect(fetched('/_astro/hero.abc.webp')).toBe('asset');
    expect(fetched('/_astro/x.js?v=1')).toBe('bypass');
    expect(fetched('/favicon.svg')).toBe('bypass');
    expect(fetched('/search-index.json')).toBe('bypass');
    expect(fetched('/en/category/seniors/page/2')).toBe('bypass');
  });

  it('leaves other methods, other sites and itself alone', () => {
    expect(fetched('/_astro/a.css', 'POST')).toBe('bypass');
    expect(fetched('/en/home', 'HEAD')).toBe('bypass');
    expect(classify(new URL('https://tile.example/1/2/3.png'), origin, { method: 'GET', mode: 'no-cors' })).toBe(
      'bypass',
    );
    expect(classify(new URL('https://other.example/en/home'), origin, { method: 'GET', mode: 'navigate' })).toBe(
      'bypass',
    );
    expect(fetched('/sw.js')).toBe('bypass');
  });
});

describe('page keys and languages', () => {
  it('keys a page by its path, without trailing slash, query or fragment', () => {
    expect(pageKey(new URL('/en/program/x/?a=1#top', origin))).toBe('/en/program/x');
    expect(pageKey(new URL('/', origin))).toBe('/');
  });
  it('gives French pages the French offline page, every other path the English one', () => {
    expect(offlineLangOf('/fr/program/x')).toBe('fr');
    expect(offlineLangOf('/fr')).toBe('fr');
    expect(offlineLangOf('/en/home')).toBe('en');
    expect(offlineLangOf('/francais')).toBe('en');
  });
});

describe('answers that may be kept', () => {
  it('keeps a whole, direct, same-origin HTML page', () => {
    expect(isSavablePage(head(200, { 'content-type': 'text/html; charset=utf-8' }))).toBe(true);
  });
  it('refuses errors, redirects, other sites, other types and what the server says not to store', () => {
    expect(isSavablePage(head(404, { 'content-type': 'text/html' }))).toBe(false);
    expect(isSavablePage(head(206, { 'content-type': 'text/html' }))).toBe(false);
    expect(isSavablePage(head(200, { 'content-type': 'text/html' }, 'basic', true))).toBe(false);
    expect(isSavablePage(head(0, {}, 'opaqueredirect'))).toBe(false);
    expect(isSavablePage(head(200, { 'content-type': 'text/html' }, 'cors'))).toBe(false);
    expect(isSavablePage(head(200, { 'content-type': 'application/json' }))).toBe(false);
    expect(isSavablePage(head(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }))).toBe(false);
    expect(isSavablePage(head(200, { 'content-type': 'text/html', 'cache-control': 'private, max-age=0' }))).toBe(
      false,
    );
  });
  it('keeps an asset only when it is a whole same-origin answer', () => {
    expect(isSavableAsset(head(200, {}))).toBe(true);
    expect(isSavableAsset(head(404, {}))).toBe(false);
    expect(isSavableAsset(head(200, {}, 'opaque'))).toBe(false);
  });
  it('drops a page the network says is gone', () => {
    expect(isGone(404)).toBe(true);
    expect(isGone(410)).toBe(true);
    expect(isGone(500)).toBe(false);
    expect(isGone(503)).toBe(false);
  });
});

describe('saving data', () => {
  it('fetches nothing ahead when the browser asks to save data, by header or by its connection', () => {
    expect(mayFetchAhead(null)).toBe(true);
    expect(mayFetchAhead(null, { saveData: false })).toBe(true);
    expect(mayFetchAhead('off')).toBe(true);
    expect(mayFetchAhead('on')).toBe(false);
    expect(mayFetchAhead(' On ')).toBe(false);
    expect(mayFetchAhead(null, { saveData: true })).toBe(false);
  });
});

describe('the registration script', () => {
  it('registers the worker at the path the build writes it to', () => {
    const script = readFileSync(path.join(import.meta.dirname, '../ui/register.ts'), 'utf8');
    expect(script).toContain(`const WORKER_PATH = '${WORKER_PATH}';`);
  });
});
