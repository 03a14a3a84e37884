// What every build step is given, in a module of its own so that the steps, the list of phases
// (steps.ts) and the build (run.ts) don't import each other.
import path from 'node:path';
import type { SiteEnv } from '../../config/site-env.ts';
import type { ReleaseDelta } from './release-delta.ts';

export interface BuildOptions {
  root: string;
  /** The folder being built (a staging folder that becomes `finalDir`). */
  outDir: string;
  /** Where the published files will live once the build succeeded (what servers point at). */
  finalDir?: string;
  /** Server configuration written beside outDir, never published (src/release/deploy-files.ts). */
  deployDir: string;
  env: SiteEnv;
  logLevel?: 'info' | 'warn' | 'error';
  /** The CMS to build from (CMS_URL); without it, `startCms` starts one. */
  cmsUrl?: string;
  /** Starts a CMS to build from when no cmsUrl is given (the entry point's local CMS). */
  startCms?: () => Promise<{ url: string; close: () => Promise<void> }>;
  /** Astro's content, image and page cache shared by successive builds (default defaultCacheDir). */
  cacheDir?: string;
  /** A previous release's site folder (the publisher's live one): its files linked, only changes written. */
  previousRelease?: string;
  /** The root nginx.conf names (the publisher: RELEASES_DIR/current/site); default finalDir. */
  nginxRoot?: string;
  /** The publisher indexes the release itself before it goes live (src/release/search/search-bundles.ts). */
  deferSearchIndex?: boolean;
  /** When the build was asked for (epoch ms): a build process started ahead of time counts from then. */
  requestedAt?: number;
}

export interface BuildContext extends BuildOptions {
  cmsUrl: string;
  /** Site-relative paths (with /) of the files Astro wrote: the pages and assets of this build. */
  astroFiles: Set<string>;
  /** Set when the build started from a previous release: the steps redo only what changed. */
  delta?: ReleaseDelta;
  /**
   * The site's code key (src/release/resident/code-key.ts) when the builder knows it (the resident
   * renderer): a step may then take the previous release's output for the same inputs as its own.
   */
  codeKey?: string;
}

export interface PostBuildStep {
  name: string;
  run: (context: BuildContext) => Promise<void>;
}

/** Astro's cache when none is given: Astro's own default folder. */
export const defaultCacheDir = (root: string) => path.resolve(root, 'node_modules/.astro');
