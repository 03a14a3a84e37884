// The phases of a build, from the wall-clock marks (epoch ms) src/release/build/phases.ts writes to
// <deployDir>/build-phases.json (src/release/deploy-files.ts): read by the publisher (build status)
// and the bench.

export interface PhaseMarks {
  [mark: string]: number;
}

/** Named durations (seconds) from a build's marks; a phase whose marks are missing is left out. */
export function buildPhases(marks: PhaseMarks): Record<string, number> {
  const spans: Array<[string, string, string]> = [
    ['start-up (Node, Astro, config)', 'processStart', 'configDone'],
    ['content sync (with Vite set-up)', 'configDone', 'contentSynced'],
    ['bundling and rendering (reused pages copied)', 'contentSynced', 'astroDone'],
    ['output identified (what changed)', 'astroDone', 'identified'],
    // A build of the resident renderer (src/release/resident/).
    ['content refreshed (resident)', 'processStart', 'contentRefreshed'],
    ['pages compared (props hashed)', 'contentRefreshed', 'indexed'],
    ['pages rendered (resident)', 'indexed', 'identified'],
    ['live release linked (beside Astro), waited for', 'identified', 'linked'],
    ['output moved (or its changes, into the linked release)', 'identified', 'moved'],
    ['redirects', 'redirects:start', 'redirects:end'],
    ['security headers', 'security headers:start', 'security headers:end'],
    ['search pages list', 'search pages:start', 'search pages:end'],
    ['search index', 'search index:start', 'search index:end'],
    ['precompress', 'precompress:start', 'precompress:end'],
    ['post-build steps', 'moved', 'stepsDone'],
  ];
  const out: Record<string, number> = {};
  for (const [name, from, to] of spans) {
    if (marks[from] !== undefined && marks[to] !== undefined)
      out[name] = Math.round((marks[to] - marks[from]) / 100) / 10;
  }
  return out;
}
