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
  /** How many links name each file, for the next release's checks; null when they could not be moved on. */
  linkCounts: LinkCounts | null;
}

const COMPRESSED_COPY = /\.(br|gz)$/;
const SEARCH_INDEX = /^\.?pagefind/;

/**
 * What a build from a previous release changed (<deployDir>/release-delta.json). When it removed
 * nothing, the links of its unchanged pages still resolve: only the changed pages are read. When
 * it removed files, the live release's link counts tell whether a page not read links one.
 */
export interface ReleaseChanges {
  changed: string[];
  removed: string[];
  /** The previous release's link warnings: those on pages not read again still stand. */
  previousWarnings?: BuildWarning[];
  /** The previous release's files (CheckResult.files). */
  previousFiles?: string[];
  /** The previous release's link counts (CheckResult.linkCounts): with them, a release that removed files is read in part too. */
  previousLinks?: PreviousLinks;
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

/** The release's file a site-relative address is served from, or null. */
function resolveFile(href: string, files: Set<string>): string | null {
  const clean = trimSlashes(decodeURI(href));
  if (clean === '') return files.has('index.html') ? 'index.html' : null;
  for (const file of [clean, `${clean}/index.html`, `${clean}.html`]) if (files.has(file)) return file;
  return null;
}

const resolves = (href: string, files: Set<string>) => resolveFile(href, files) !== null;

/** How many links of the release's pages name each of its files (one per occurrence). */
export type LinkCounts = Record<string, number>;

/** A page read by the checks: its file, its HTML and the targets it names (linkTargets, found once). */
interface ReadPage {
  file: string;
  html: string;
  targets: string[];
}

async function readPages(dir: string, files: string[]): Promise<ReadPage[]> {
  const texts = await mapInBatches(files, (file) => readFile(path.join(dir, file), 'utf8'));
  return texts.map((html, i) => ({ file: files[i]!, html, targets: linkTargets(html) }));
}

/** Adds `sign` to the count of each file `targets` name (among `files`). */
function countLinks(counts: LinkCounts, targets: string[], files: Set<string>, sign: 1 | -1) {
  for (const href of targets) {
    if (notAFile(href)) continue;
    const file = resolveFile(href, files);
    if (file) counts[file] = (counts[file] ?? 0) + sign;
  }
}

/**
 * The live release's link counts moved to this release: less the links of the live versions of
 * the pages changed or removed, plus those of the changed pages' new versions (`read`). A file
 * gone and still named after that is named by a page not read again: null, read the release whole.
 */
async function countsAfter(
  changes: ReleaseChanges & { previousLinks: PreviousLinks },
  read: ReadPage[],
  files: Set<string>,
): Promise<LinkCounts | null> {
  const { counts: before, siteDir: liveDir } = changes.previousLinks;
  // A file the publisher wrote, read back as data: anything but counts is no start.
  if (typeof before !== 'object' || Array.isArray(before)) return null;
  if (!Object.values(before).every((count) => Number.isInteger(count) && count > 0)) return null;
  const counts: LinkCounts = { ...before };
  const previousFiles = new Set(changes.previousFiles);
  const old = [...new Set([...changes.changed, ...changes.removed])].filter(
    (f) => f.endsWith('.html') && previousFiles.has(f),
  );
  const oldPages = await readPages(liveDir, old).catch(() => null);
  if (!oldPages) return null;
  for (const page of oldPages) countLinks(counts, page.targets, previousFiles, -1);
  for (const page of read) countLinks(counts, page.targets, files, 1);
  if (changes.removed.some((file) => !files.has(file) && (counts[file] ?? 0) > 0)) return null;
  for (const [file, count] of Object.entries(counts)) if (count <= 0 || !files.has(file)) delete counts[file];
  return counts;
}

/** The live release's link counts and its site folder (whose pages the counts were made from). */
interface PreviousLinks {
  counts: LinkCounts;
  siteDir: string;
}

/** Every page type in both languages, and no unexplained drop in the page count. */
function shapeProblems(
  files: Set<string>,
  pages: string[],
  options: { previousPages?: number | null; maxDrop?: number; allowDrop?: boolean; requiredTypes?: readonly string[] },
): string[] {
  const problems: string[] = [];
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
  return problems;
}

/** The links of the pages `read` that resolve to no file: blocking, or an editor's warning. */
function brokenLinks(read: ReadPage[], files: Set<string>) {
  const broken = new Map<string, string>();
  const warnings: BuildWarning[] = [];
  for (const { file, html, targets } of read) {
    const missing = targets.filter((href) => !notAFile(href) && !resolves(href, files));
    if (missing.length === 0) continue;
    const split = splitBrokenLinks(html, missing, pageOf(file));
    for (const href of split.blocking) if (!broken.has(href)) broken.set(href, file);
    warnings.push(...split.warnings);
  }
  const problems = [...broken].slice(0, 50).map(([href, page]) => `broken internal link ${href} (on /${page})`);
  if (broken.size > 50) problems.push(`…and ${broken.size - 50} more broken links`);
  return { problems, warnings };
}

/** The release's file list (compressed copies and search index aside): from the live one's and the changes, or a walk. */
async function releaseFiles(siteDir: string, changes: ReleaseChanges | null | undefined): Promise<string[]> {
  if (changes?.previousFiles) {
    const removed = new Set(changes.removed);
    const kept = changes.previousFiles.filter((f) => !removed.has(f));
    return [...new Set([...kept, ...changes.changed])]
      .filter((f) => !COMPRESSED_COPY.test(f) && !SEARCH_INDEX.test(f))
      .sort();
  }
  return (await walk(siteDir)).filter((f) => !COMPRESSED_COPY.test(f) && !SEARCH_INDEX.test(f)).sort();
}

/**
 * The changed pages' links checked, and the live release's findings carried over: when nothing was
 * removed, or when the link counts show that no page left unread links a removed file. Null: read
 * the release whole.
 */
async function checkChanges(siteDir: string, changes: ReleaseChanges, files: Set<string>) {
  // A file removed and written again (a stub replaced by a page) is not gone.
  const removing = changes.removed.some((file) => !files.has(file));
  if (removing && !(changes.previousLinks && changes.previousFiles)) return null;
  const read = await readPages(
    siteDir,
    changes.changed.filter((f) => f.endsWith('.html') && files.has(f)),
  );
  // The counts name the live release's files: moved on only with its file list.
  const counts =
    changes.previousLinks && changes.previousFiles
      ? await countsAfter({ ...changes, previousLinks: changes.previousLinks }, read, files)
      : null;
  if (removing && !counts) return null;
  const reread = new Set(read.map((page) => page.file));
  // …and still broken, on a page still there: a page created since may have mended one.
  const carried = (changes.previousWarnings ?? []).filter(
    (w) =>
      w.page && !reread.has(fileOf(w.page)) && files.has(fileOf(w.page)) && !(w.target && resolves(w.target, files)),
  );
  const found = brokenLinks(read, files);
  return { problems: found.problems, warnings: [...carried, ...found.warnings], linkCounts: counts };
}

/** Every page read: its broken links, and the link counts the next release's checks start from. */
async function checkWhole(siteDir: string, pages: string[], files: Set<string>) {
  const read = await readPages(siteDir, pages);
  const linkCounts: LinkCounts = {};
  for (const page of read) countLinks(linkCounts, page.targets, files, 1);
  return { ...brokenLinks(read, files), linkCounts };
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
  const changes = options.changes;
  const fileList = await releaseFiles(siteDir, changes);
  const files = new Set(fileList);
  const pages = fileList.filter((f) => f.endsWith('.html'));
  const shape = shapeProblems(files, pages, options);
  const partial = changes ? await checkChanges(siteDir, changes, files) : null;
  // The release walked and read whole when the changes alone cannot tell.
  if (!partial && changes) return checkRelease(siteDir, { ...options, changes: null });
  const links = partial ?? (await checkWhole(siteDir, pages, files));
  const problems = [...shape, ...links.problems];
  return {
    ok: problems.length === 0,
    pages: pages.length,
    problems,
    warnings: links.warnings,
    files: fileList,
    linkCounts: links.linkCounts,
  };
}
