// Where a build's time goes: wall-clock marks (epoch ms) from process start to the last post-build
// step, written to <deployDir>/build-phases.json so the publisher and the bench can report the
// phases of a rebuild. Astro's own phases come from its integration hooks.
import type { AstroIntegration } from 'astro';
import { DEPLOY_FILES, writeDeployJson } from '../deploy-files.ts';
import type { PhaseMarks } from '../publisher/build-phases.ts';

/** `requestedAt`: a build process started ahead of time counts from when its build was asked for. */
export function phaseClock(requestedAt?: number) {
  const marks: PhaseMarks = { processStart: requestedAt ?? Math.round(performance.timeOrigin) };
  return {
    marks,
    mark(name: string) {
      marks[name] = Date.now();
    },
    /** An integration marking Astro's phases: config ready, content synced, pages written. */
    integration(): AstroIntegration {
      return {
        name: 'build-phases',
        hooks: {
          'astro:config:done': () => void (marks.configDone = Date.now()),
          'astro:build:start': () => void (marks.contentSynced = Date.now()),
          'astro:build:done': () => void (marks.astroDone = Date.now()),
        },
      };
    },
    write(deployDir: string) {
      return writeDeployJson(deployDir, DEPLOY_FILES.buildPhases, marks);
    },
  };
}
