// One redirect list, built from CMS data and the spec's fixed paths, emitted three ways by the
// build (static HTML pages, _redirects, nginx). Each output has one serializer here, and each
// writes only the redirects checkRedirects accepts (canonical source, encoded target): nothing
// from content is quoted by hand. Pure: no I/O.
import { compareIn } from '../../i18n/collate.ts';
import { languages, type Lang } from '../../i18n/languages.ts';
import { cmsRedirectList, type CmsRedirectInput } from './cms-redirects.ts';
import { escapeHtml } from '../../site/rules/escape-html.ts';
import { INCLUDE_LOCATIONS } from '../../site/rules/owned-paths.ts';
import { cacheControlFor, cacheRules } from '../headers/security-headers.ts';
import { nginxLocationKey, nginxString } from './nginx-syntax.ts';
import { checkRedirects } from './redirect-safety.ts';

/** `status`: 301 unless a CMS redirect says otherwise (302, 307...). */
export interface Redirect {
  from: string;
  to: string;
  external: boolean;
  status?: number;
  /** The language of the address (a vanity node's own); else told from the paths (stubLang). */
  lang?: Lang;
}

/** Short paths (spec section 2) and the landing_page node each one looks up, by fixed id. */
export const shortPaths: Record<string, string> = {
  navigator: '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a01',
  disability: '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a02',
  housing: '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a03',
  finances: '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a04',
  'abuse-and-neglect': '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a05',
  'families-and-youth': '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a06',
  'your-health': '0b6a4f2e-1c3d-4e5f-8a9b-0c1d2e3f4a07',
};

const housingApplication: Record<Lang, string> = {
  en: '/simple_page/canada-housing-benefit-application',
  fr: '/simple_page/demande-allocation-canadienne-pour-le-logement',
};

/** The external online application portal, which differs by language. */
export const externalPortal: Record<Lang, string> = {
  en: 'https://portal.socialsupports.gnb.ca/en/',
  fr: 'https://portal.socialsupports.gnb.ca/fr/',
};

/** Vanity paths the spec names; CMS vanity_url nodes add to (and may override) these. */
export const fixedVanities: Array<[string, string]> = [
  ['/seniors', '/en/category/seniors'],
  ['/personnes-agees', '/fr/category/seniors'],
  ['/disability', '/en/category/disability'],
  ['/handicap', '/fr/category/disability'],
  ['/finances', '/en/category/finances'],
  ['/les-finances', '/fr/category/finances'],
  ['/abuse-neglect', '/en/category/abuse-and-neglect'],
  ['/abus-negligence', '/fr/category/abuse-and-neglect'],
  ['/families-youth', '/en/category/families-and-youth'],
  ['/familles-jeunes', '/fr/category/families-and-youth'],
  ['/health', '/en/category/your-health'],
  ['/sante', '/fr/category/your-health'],
  ['/Financialhelpcalculator', '/en/calculator'],
  ['/calculatrice-aide-financiere', '/fr/calculator'],
  ['/survey', '/en/correction'],
  ['/sondage', '/fr/correction'],
];

export interface RedirectInputs {
  landingPages: Array<{ id: string; lang: Lang; alias: string }>;
  vanities: Array<{
    lang: Lang;
    route: string;
    target: { kind: 'internal'; path: string } | { kind: 'external'; url: string };
  }>;
  /** Listed nodes in both languages, to send /fr/program/<english-slug> to the French alias. */
  translations: Array<{ id: string; lang: Lang; alias: string; nid?: number | null }>;
  /** Drupal Redirect module entries (renamed aliases and editors' redirects). */
  cmsRedirects?: CmsRedirectInput[];
}

export function buildRedirects(input: RedirectInputs): Redirect[] {
  const list = new Map<string, Redirect>();
  const add = (from: string, to: string, external = false, lang?: Lang) => {
    if (from !== to) list.set(from, { from, to, external, ...(lang ? { lang } : {}) });
  };
  for (const lang of ['en', 'fr'] as const) {
    for (const [name, id] of Object.entries(shortPaths)) {
      const landing = input.landingPages.find((l) => l.id === id && l.lang === lang);
      if (!landing)
        throw new Error(
          `Short path /${lang}/${name}: the landing_page ${id} does not exist in ${lang}; the build will not ship a broken redirect.`,
        );
      add(`/${lang}/${name}`, `/${lang}${landing.alias}`);
    }
    add(`/${lang}/housing-benefit-application`, `/${lang}${housingApplication[lang]}`);
    add(`/${lang}/apply-online`, externalPortal[lang], true);
  }
  for (const [from, to] of fixedVanities) {
    add(from, to);
    // Typed addresses are often lower case: /financialhelpcalculator works too.
    if (from !== from.toLowerCase()) add(from.toLowerCase(), to);
  }
  // Editors' redirects (Redirect module): an old alias goes to the node's current one. Vanity
  // nodes below and the site's own paths above are more specific and are not overridden.
  for (const r of cmsRedirectList(
    input.cmsRedirects ?? [],
    input.translations.map((t) => ({ nid: t.nid ?? null, lang: t.lang, alias: t.alias })),
  ).list) {
    if (!list.has(r.from))
      list.set(r.from, {
        from: r.from,
        to: r.to,
        external: r.external,
        ...(r.status !== 301 ? { status: r.status } : {}),
      });
  }
  for (const v of input.vanities) {
    add(v.route, v.target.kind === 'internal' ? v.target.path : v.target.url, v.target.kind === 'external', v.lang);
  }
  // The language roots are the site's (src/site/rules/owned-paths.ts): written last, over any
  // content that named them.
  for (const lang of languages) for (const root of [`/${lang}`, `/${lang}/`]) add(root, `/${lang}/home`);
  // A hand-edited URL with the other language's slug still lands on the right page.
  const byId = new Map<string, Partial<Record<Lang, string>>>();
  for (const t of input.translations) byId.set(t.id, { ...byId.get(t.id), [t.lang]: t.alias });
  for (const aliases of byId.values()) {
    if (aliases.en && aliases.fr && aliases.en !== aliases.fr) {
      if (!list.has(`/fr${aliases.en}`)) add(`/fr${aliases.en}`, `/fr${aliases.fr}`);
      if (!list.has(`/en${aliases.fr}`)) add(`/en${aliases.fr}`, `/en${aliases.en}`);
    }
  }
  return [...list.values()].sort((a, b) => compareIn()(a.from, b.from));
}

/**
 * The language a redirect's stub speaks: the redirect's own (a vanity node's language), else its
 * address's /en/ or /fr/ prefix, else its target's (a /fr/ path, or a web address with a /fr/
 * segment or a French language parameter); null when nothing tells (the stub is then bilingual).
 */
export function stubLang(r: Pick<Redirect, 'from' | 'to' | 'lang'>): Lang | null {
  if (r.lang) return r.lang;
  const prefix = /^\/(en|fr)(?:\/|$)/.exec(r.from)?.[1];
  if (prefix) return prefix as Lang;
  let target: URL;
  try {
    target = new URL(r.to, 'http://site.invalid');
  } catch {
    return null;
  }
  const segments = target.pathname.toLowerCase().split('/');
  const asked = (target.searchParams.get('lang') ?? target.searchParams.get('language') ?? '').toLowerCase();
  if (segments.includes('fr') || asked.startsWith('fr')) return 'fr';
  if (segments.includes('en') || asked.startsWith('en')) return 'en';
  return null;
}

const MOVED: Record<Lang, string> = {
  en: 'This page has moved to',
  fr: 'Cette page a été déplacée',
};
/** French links with words, not the target's address: its path segments are often English (/fr/category/abuse-and-neglect). */
const FRENCH_LINK = 'consultez-la à sa nouvelle adresse';

/** The stub's sentence in one language, its link inside it. */
const movedSentence = (lang: Lang, to: string) =>
  lang === 'fr' ? `${MOVED.fr}\u00a0: <a href="${to}">${FRENCH_LINK}</a>.` : `${MOVED.en} <a href="${to}">${to}</a>.`;

/** The stub page of one redirect; null when the redirect is not safe to write (see checkRedirects). */
export function redirectHtml(redirect: Redirect): string | null {
  const r = checkRedirects([redirect]).safe[0];
  if (!r) return null;
  const to = escapeHtml(r.to);
  const lang = stubLang(r);
  const titleIn = (l: Lang) => (l === 'fr' ? MOVED.fr : `${MOVED.en} ${to}`);
  // An address of neither language (a neutral vanity): both sentences, each marked with its language.
  const title = lang ? titleIn(lang) : `${titleIn('en')} / ${titleIn('fr')}`;
  const body = lang
    ? `<p>${movedSentence(lang, to)}</p>`
    : `<p>${movedSentence('en', to)}</p><p lang="fr">${movedSentence('fr', to)}</p>`;
  return `<!doctype html><html lang="${lang ?? 'en'}"><head><meta charset="utf-8"><title>${title}</title><meta http-equiv="refresh" content="0; url=${to}"><link rel="canonical" href="${to}"><meta name="robots" content="noindex"></head><body>${body}</body></html>\n`;
}

/** Where `/` goes on every host (nginx, `npm run serve`, `_redirects`); the French host's is nginx's and the service's. */
const ROOT_REDIRECT = { to: '/en/home', status: 302 } as const;

/** The same redirects with a trailing slash on their sources (the spec links /en/disability/ and /en/navigator/). */
function withTrailingSlashes(list: Redirect[]): Redirect[] {
  const sources = new Set(list.map((r) => r.from));
  return list
    .filter((r) => !r.from.endsWith('/') && !sources.has(`${r.from}/`))
    .map((r) => ({ ...r, from: `${r.from}/` }));
}

/**
 * `_redirects` (Cloudflare Pages, Netlify): the root, then one `source target status` line per safe
 * redirect (neither holds a space or a line break), then the same with a trailing slash: Pages
 * reads the first 2,000 (docs/deployment.md), so the addresses the site names come first. Only
 * 301, 302, 307 and 308 (Pages refuses a 404 rule: the error pages are `404.html` files instead,
 * language-404.ts). No splat, no placeholder: every rule is static on both hosts.
 */
export function netlifyRedirects(list: Redirect[]): string {
  const safe = checkRedirects(list).safe;
  const lines = [
    `/ ${ROOT_REDIRECT.to} ${ROOT_REDIRECT.status}`,
    ...[...safe, ...withTrailingSlashes(safe)].map((r) => `${r.from} ${r.to} ${r.status ?? 301}`),
  ];
  return lines.map((l) => `${l}\n`).join('');
}

/** A host name as nginx compares `$host` (no port); refused unless it is letters, digits, dots and hyphens. */
function hostOnly(host: string): string {
  const name = host.split(':')[0]!.toLowerCase();
  if (!/^[a-z0-9.-]{1,253}$/.test(name)) throw new Error(`FRENCH_HOST ${JSON.stringify(host)} is not a host name.`);
  return name;
}

export function nginxConfig(all: Redirect[], options: { frenchHost?: string | undefined; root: string }): string {
  const list = checkRedirects(all).safe;
  const french = options.frenchHost ? nginxString(hostOnly(options.frenchHost)) : '';
  const location = (from: string, r: Redirect) =>
    `location = ${nginxString(from)} { return ${r.status ?? 301} ${nginxString(r.to)}; }`;
  const lines = [
    '# Generated by the build (src/release/redirects/write-redirects.ts). Include inside a server block.',
    `root ${nginxString(options.root)};`,
    'index index.html;',
    // DEPLOY_FILES.nginxHeaders (src/release/deploy-files.ts), written beside this include.
    'include security-headers.conf;',
    // Text is compressed on the way out (Pagefind's index files and images already are); Debian's
    // nginx.conf compresses only text/html unless told.
    'gzip on;',
    'gzip_comp_level 6;',
    'gzip_min_length 512;',
    'gzip_vary on;',
    'gzip_proxied any;',
    'gzip_types text/css text/javascript application/javascript application/json application/wasm image/svg+xml text/plain;',
    // The cache rules (src/release/headers/security-headers.ts), one location each; an add_header
    // in a location drops the server's, so each includes the security headers again.
    ...cacheRules
      .filter((rule) => rule.pattern !== '/*')
      .map((rule) => {
        const match = rule.pattern.endsWith('/*')
          ? `^~ ${nginxString(rule.pattern.slice(0, -1))}`
          : `= ${nginxString(rule.pattern)}`;
        return `location ${match} { include security-headers.conf; add_header Cache-Control ${nginxString(rule.value)} always; try_files $uri =404; }`;
      }),
    'location = / {',
    french ? `  if ($host = ${french}) { return 302 /fr/home; }` : '',
    `  return ${ROOT_REDIRECT.status} ${ROOT_REDIRECT.to};`,
    '}',
    // The redirects are nested in the fallback `location /`: nginx picks among the server's own
    // locations first and looks inside one only once it won, and `/` wins only when no longer
    // prefix matches. So the operator's `location /api/` or `/hooks/` (or any prefix proxied
    // there) always beats every redirect, where a top-level `location =` would beat them.
    'location / {',
    // A page is `a/b.html` at `/a/b` (astro.config.mjs, build.format 'file'); `/a/b/` goes there
    // with a 308, as Cloudflare Pages and Netlify do.
    '  include security-headers.conf;',
    `  add_header Cache-Control ${nginxString(cacheControlFor('/'))} always;`,
    '  try_files $uri $uri.html $uri/index.html =404;',
    '  location ~ ^(?<page>/.+)/$ {',
    '    if (-f $document_root$page.html) { return 308 $page$is_args$args; }',
    '    try_files $uri $uri/index.html =404;',
    '  }',
    ...[...list, ...withTrailingSlashes(list)]
      .map((r) => ({ r, key: nginxLocationKey(r.from) }))
      .sort((a, b) => Buffer.compare(a.key, b.key))
      .map(({ r }) => `  ${location(r.from, r)}`),
    '}',
    `error_page 404 ${INCLUDE_LOCATIONS.notFound};`,
    `location = ${INCLUDE_LOCATIONS.notFound} {`,
    '  internal;',
    // Each language's 404.html (language-404.ts), where Cloudflare Pages finds it too.
    '  if ($request_uri ~ ^/fr/) { rewrite ^ /fr/404.html break; }',
    '  if ($request_uri ~ ^/en/) { rewrite ^ /en/404.html break; }',
    french ? `  if ($host = ${french}) { rewrite ^ /fr/404.html break; }` : '',
    // An address of neither language (a mistyped vanity path): the page in both (src/pages/404.astro).
    '  rewrite ^ /404.html break;',
    '}',
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}
