// Every file a release has besides its published site, named once with what it holds: the files a
// build writes beside the site (`<site>-deploy/`), read by the next build, the publisher and the
// static server, and the two the publisher writes in a release's folder. Readers and writers take
// the name and the type from here (readDeployJson, writeDeployJson, deployPath).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildWarning } from '../content/build-warnings.ts';
import type { LinkCounts } from './checks/checks.ts';
import type { PhaseMarks } from './publisher/build-phases.ts';
import type { Redirect } from './redirects/redirects.ts';
import type { OfficialLanguagesReport } from './official-languages/report.ts';
import { writeJsonWhole } from './write-whole.ts';

/** A file of a release: its name, what it holds, and, for JSON, the type of its value. */
export interface DeployFile<T = unknown> {
  readonly name: string;
  readonly holds: string;
  readonly format: 'json' | 'json-lines' | 'nginx' | 'marker';
  /** JSON written indented (files people read: redirects, headers, the release manifest). */
  readonly indent?: number;
  /** Never set: carries T, the type of the file's value, to readDeployJson and writeDeployJson. */
  readonly value?: T;
}

const json = <T>(name: string, holds: string, indent?: number): DeployFile<T> => ({
  name,
  holds,
  format: 'json',
  ...(indent ? { indent } : {}),
});

/** Each file Astro wrote → its identity (src/release/build/release-delta.ts). */
export interface ReleaseFiles {
  version: number;
  /** Site-relative path (with /) of each file Astro wrote → its identity. */
  astro: Record<string, string>;
}

/** A release's search base index (src/release/search/search-bundles.ts). */
export interface SearchBase {
  folder: string;
  /** Pagefind url (`/en/program/x/`) → result id. */
  ids: Record<string, string>;
  /** Site-relative page → identity when the base indexed it. */
  identities: Record<string, string>;
}

/** What a build from a previous release changed and removed (null: a build from nothing). */
export type ReleaseDeltaFile = { changed: string[]; removed: string[] } | null;

/** The files of `<site>-deploy/`, beside the published site (never published themselves). */
export const DEPLOY_FILES = {
  releaseFiles: json<ReleaseFiles>(
    'release-files.json',
    'each file Astro wrote → its identity (build/release-delta.ts)',
  ),
  releaseDelta: json<ReleaseDeltaFile>(
    'release-delta.json',
    'what a build from a previous release changed and removed, for the release checks',
  ),
  searchPages: json<string[]>('search-pages.json', 'the pages the search index holds (search/search-pages.ts)'),
  redirects: json<Redirect[]>(
    'redirects.json',
    'the redirects the build kept, for the static server and the next build',
    2,
  ),
  redirectsMade: json<{ from: string; warnings: BuildWarning[] }>(
    'redirects-made-from.json',
    'what the redirect outputs were made from (a hash) and the warnings they gave: a next release of the same reuses them',
  ),
  nginx: {
    name: 'nginx.conf',
    holds: 'the nginx include: redirects, root, caching (redirects/write-redirects.ts)',
    format: 'nginx',
  },
  nginxHeaders: {
    name: 'security-headers.conf',
    holds: 'the security headers as nginx add_header lines (headers/write-headers.ts)',
    format: 'nginx',
  },
  headers: json<{ headers: Record<string, string>; cacheRules: Array<{ pattern: string; value: string }> }>(
    'headers.json',
    'the security headers and cache rules, for the static server',
    2,
  ),
  scriptHashes: json<Record<string, string[]>>(
    'inline-script-hashes.json',
    'per page, the hashes of its inline scripts (a build from a previous release hashes only its changed pages)',
  ),
  buildWarnings: {
    name: 'build-warnings.jsonl',
    holds: "the build's warnings, one JSON line each (src/content/build-warnings.ts)",
    format: 'json-lines',
  },
  buildPhases: json<PhaseMarks>('build-phases.json', "wall-clock marks of the build's phases (build/phases.ts)"),
  searchDeferred: {
    name: 'search-index-deferred',
    holds: 'present when the build left the search index to the publisher',
    format: 'marker',
  },
  searchBase: json<SearchBase>(
    'search-base.json',
    "the search base index of the release: its folder, result ids, the pages' identities",
  ),
  linkWarnings: json<BuildWarning[]>(
    'link-warnings.json',
    "the release checks' link warnings, carried over by the next release's checks",
  ),
  officialLanguages: json<OfficialLanguagesReport>(
    'official-languages.json',
    'the pages still owed in the other language (official-languages/report.ts), for the publishing page',
  ),
  siteFiles: json<string[]>(
    'site-files.json',
    "the release's files as its checks knew them, where the next checks start",
  ),
  linkCounts: json<LinkCounts>(
    'link-counts.json',
    "how many links of the release's pages name each of its files, where the next checks start",
  ),
} as const satisfies Record<string, DeployFile>;

/** What a release manifest says: its id, pages, when and from what it was built. */
export interface ReleaseManifest {
  id: string;
  pages: number;
  builtAt?: string;
  trigger?: string;
  searchRebasedFrom?: string;
}

/** The files of a release's own folder (RELEASES_DIR/<id>/), beside site/ and site-deploy/. */
export const RELEASE_FOLDER_FILES = {
  manifest: json<ReleaseManifest>('release.json', 'the release manifest, written once its checks passed', 2),
  complete: json<Record<string, unknown>>(
    'release-complete.json',
    'the completion marker, written last: only then is the folder a release',
  ),
} as const satisfies Record<string, DeployFile>;

/** The path of a file of a deploy (or release) folder. */
export function deployPath(dir: string, file: DeployFile): string {
  return path.join(dir, file.name);
}

/** A JSON file of a deploy (or release) folder, or null when it is missing. */
export function readDeployJson<T>(dir: string, file: DeployFile<T>): Promise<T | null> {
  return readJsonFile<T>(deployPath(dir, file));
}

/** Writes a JSON file of a deploy (or release) folder whole (src/release/write-whole.ts). */
export function writeDeployJson<T>(dir: string, file: DeployFile<T>, value: T): Promise<void> {
  return writeJsonWhole(deployPath(dir, file), value, file.indent);
}

/**
 * A JSON file of a release, or null when it is missing (an older release, a first build). Every
 * writer writes whole (src/release/write-whole.ts), so a file that does not parse is a fault to see,
 * named in the error, not a missing file to fall back from.
 */
export async function readJsonFile<T>(file: string): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}).`);
  }
}
