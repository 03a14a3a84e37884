// Checks a built release before it may go live: every page type in both languages, no
// unexplained drop in page count, and every internal link resolving to a file.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildWarning } from '../../content/build-warnings.ts';
import { mapInBatches } from '../build/batches.ts';
import { splitBrokenLinks } from './link-warnings.ts';
import { underServicePrefix } from '../../site/rules/service-routes.ts';
import { srcsetUrls } from '../../site/rules/srcset.ts';

const REQUIRED_PAGE_TYPES = [
  'home',
  'program',
  'simple_page',
  'complex_page',
  'page',
  'category',
  'error',
  'search',
  'calculator',
  'correction',
  'map',
  'screening',
] as const;

/** `warnings`: broken links typed by editors; the release may go live with them. */
export interface CheckResult {
  ok: boolean;
  pages: number;
  problems: string[];
  warnings: BuildWarning[];
  /** The release's files (not its compressed copies nor its search index), for the next release's checks. */
  files: string[];
}

const COMPRESSED_COPY = /\.(br|gz)$/;
const SEARCH_INDEX = /^\.?pagefind/;

/**
 * What a build from a previous release changed (<deployDir>/release-delta.json). When it removed
 * nothing, the links of its unchanged pages still resolve: only the changed pages are read.
 */
export interface ReleaseChanges {
  changed: string[];
  removed: string[];
  /** The previous release's link warnings: those on pages not read again still stand. */
  previousWarnings?: BuildWarning[];
  /** The previous release's files (CheckResult.files). */
  previousFiles?: string[];
}

/** A page's address and its file (build.format 'file': `/a/b` is `a/b.html`, `/a/` is `a/index.html`). */
const fileOf = (page: string) => (page.endsWith('/') ? `${page.slice(1)}index.html` : `${page.slice(1)}.html`);
const pageOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

// Built assets (/_astro/) are checked too: a page copied from the incremental-build cache must not
// point at a script or stylesheet this build no longer has.
// Links to the intake service (its route table: /api/, /hooks/, …) are not files of the release.
const IGNORED_PREFIXES = ['/pagefind/', '/sites/'];
const notAFile = (href: string) => underServicePrefix(href) || IGNORED_PREFIXES.some((p) => href.startsWith(p));

/** The site-relative addresses a page names (href, src, an island's URLs, each srcset candidate). */
export function linkTargets(html: string): string[] {
  const targets: string[] = [];
  for (const match of html.matchAll(/\s(?:href|src|component-url|renderer-url)="(\/[^"#?]*)(?:[#?][^"]*)?"/g)) {
    const href = match[1]!;
    if (href.startsWith('//')) continue;
    targets.push(href);
  }
  for (const match of html.matchAll(/\ssrcset="([^"]*)"/g))
    for (const url of srcsetUrls(match[1]!)) {
      const href = /^\/[^#?]*/.exec(url)?.[0];
      if (href && !href.startsWith('//')) targets.push(href);
    }
  return targets;
}

/** Without its leading and trailing slashes (a loop: `/\/+$/` backtracks on many slashes). */
function trimSlashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '/') start++;
  while (end > start && text[end - 1] === '/') end--;
  return text.slice(start, end);
}

function resolves(href: string, files: Set<string>): boolean {
  const clean = trimSlashes(decodeURI(href));
  if (clean === '') return files.has('index.html');
  return files.has(clean) || files.has(`${clean}/index.html`) || files.has(`${clean}.html`);
}

export async function checkRelease(
  siteDir: string,
  options: {
    previousPages?: number | null;
    maxDrop?: number;
    allowDrop?: boolean;
    requiredTypes?: readonly string[];
    changes?: ReleaseChanges | null;
  } = {},
): Promise<CheckResult> {
  const problems: string[] = [];
  const changes = options.changes;
  // Nothing removed: the files are the live release's and the changed ones (no walk of the release).
  const partial = changes && changes.removed.length === 0;
  const fileList =
    partial && changes.previousFiles
      ? [...new Set([...changes.previousFiles, ...changes.changed])].sort()
      : (await walk(siteDir)).filter((f) => !COMPRESSED_COPY.test(f) && !SEARCH_INDEX.test(f)).sort();
  const files = new Set(fileList);
  const pages = fileList.filter((f) => f.endsWith('.html'));

  for (const lang of ['en', 'fr']) {
    for (const type of options.requiredTypes ?? REQUIRED_PAGE_TYPES) {
      const prefix = `${lang}/${type}/`;
      if (!files.has(`${lang}/${type}.html`) && !pages.some((p) => p.startsWith(prefix)))
        problems.push(`missing page type "${type}" in ${lang}`);
    }
  }

  const maxDrop = options.maxDrop ?? 0.1;
  if (options.previousPages && !options.allowDrop && pages.length < options.previousPages * (1 - maxDrop)) {
    problems.push(
      `page count fell from ${options.previousPages} to ${pages.length} (more than ${Math.round(maxDrop * 100)}%); set PUBLISH_ALLOW_DROP=1 to publish anyway`,
    );
  }

  const broken = new Map<string, string>();
  const warnings: BuildWarning[] = [];
  const toRead = partial ? changes.changed.filter((f) => f.endsWith('.html') && files.has(f)) : pages;
  if (partial) {
    const reread = new Set(toRead);
    // …and still broken: a page created since may have mended one.
    warnings.push(
      ...(changes.previousWarnings ?? []).filter(
        (w) => w.page && !reread.has(fileOf(w.page)) && !(w.target && resolves(w.target, files)),
      ),
    );
  }
  const texts = await mapInBatches(toRead, (page) => readFile(path.join(siteDir, page), 'utf8'));
  texts.forEach((html, i) => {
    const missing = linkTargets(html).filter((href) => !notAFile(href) && !resolves(href, files));
    if (missing.length === 0) return;
    const split = splitBrokenLinks(html, missing, pageOf(toRead[i]!));
    for (const href of split.blocking) if (!broken.has(href)) broken.set(href, toRead[i]!);
    warnings.push(...split.warnings);
  });
  for (const [href, page] of [...broken].slice(0, 50)) problems.push(`broken internal link ${href} (on /${page})`);
  if (broken.size > 50) problems.push(`…and ${broken.size - 50} more broken links`);

  return { ok: problems.length === 0, pages: pages.length, problems, warnings, files: fileList };
}
