// What one build tells the code Astro runs for it (content loaders, getStaticPaths): the CMS it
// reads, where its warnings go, what its pages' incremental-build keys cover. Set by the build
// (src/release/build/run.ts) before Astro starts, cleared when it ends. Astro evaluates those
// modules in Vite's module graph, a second instance of this module beside the build script's, so
// the session lives on globalThis under a registered symbol, which both instances share.

export interface BuildSession {
  /** The CMS this build reads (the configured one, or the local CMS the build started). */
  cmsUrl: string;
  /** Where build warnings are appended as JSON lines; without one they are only logged. */
  warningsFile?: string;
  /** The build's public configuration as text, part of every page's incremental-build key. */
  pageKeyConfig: string;
  /** The resident renderer's server build (src/release/resident/): pages read content from memory, the loaders fetch nothing. */
  contentless?: boolean;
}

const KEY = Symbol.for('nb-social-supports.build-session');
const holder = globalThis as { [KEY]?: BuildSession };

export function startBuildSession(session: BuildSession): void {
  holder[KEY] = session;
}

export function endBuildSession(): void {
  delete holder[KEY];
}

/** The running build's session, or undefined outside a build (a test, `astro check`). */
export function buildSession(): BuildSession | undefined {
  return holder[KEY];
}
