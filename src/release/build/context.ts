// What every build step is given, in a module of its own so that the steps, the list of phases
// (steps.ts) and the build (run.ts) don't import each other.
import type { SiteEnv } from '../../config/site-env.ts';
import type { ReleaseDelta } from './release-delta.ts';

export interface BuildOptions {
  root: string;
  /** The folder being built (a staging folder that becomes `finalDir`). */
  outDir: string;
  /** Where the published files will live once the build succeeded (what servers point at). */
  finalDir?: string;
  /** Server configuration written beside outDir, never published (nginx include, release manifest). */
  deployDir: string;
  env: SiteEnv;
  logLevel?: 'info' | 'warn' | 'error';
  /** Starts a CMS to build from when CMS_URL is unset (the entry point's local CMS). */
  startCms?: () => Promise<{ url: string; close: () => Promise<void> }>;
}

export interface BuildContext extends BuildOptions {
  cmsUrl: string;
  /** Site-relative paths (with /) of the files Astro wrote: the pages and assets of this build. */
  astroFiles: Set<string>;
  /** Set when the build started from a previous release: the steps redo only what changed. */
  delta?: ReleaseDelta;
}

export interface PostBuildStep {
  name: string;
  run: (context: BuildContext) => Promise<void>;
}
