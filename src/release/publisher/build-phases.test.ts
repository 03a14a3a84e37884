// The phases a build reports come from its wall-clock marks; a phase with a missing mark is left out.
import { describe, expect, it } from 'vitest';
import { buildPhases } from './build-phases.ts';

describe('build phases', () => {
  it('turns marks into seconds per phase', () => {
    const t = 1_700_000_000_000;
    const phases = buildPhases({
      processStart: t,
      configDone: t + 900,
      contentSynced: t + 3_400,
      astroDone: t + 7_450,
      identified: t + 7_470,
      moved: t + 7_500,
      'redirects:start': t + 7_500,
      'redirects:end': t + 8_100,
      precompress: 0,
      stepsDone: t + 9_000,
    });
    expect(phases).toEqual({
      'start-up (Node, Astro, config)': 0.9,
      'content sync (with Vite set-up)': 2.5,
      'bundling and rendering (reused pages copied)': 4.1,
      'output identified (what changed)': 0,
      'output moved (or its changes, into the linked release)': 0,
      redirects: 0.6,
      'post-build steps': 1.5,
    });
  });
});
