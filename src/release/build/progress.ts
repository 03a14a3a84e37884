// A long build says where it is instead of minutes of silence: the phase, and pages done of
// total while Astro renders. One line per phase and at most one every two seconds while pages
// render, on stdout: read by a person in the terminal (`npm run build`, `npm run bench`) and by the
// publisher in its child build's output (src/release/publisher/warm-build.ts), which shows it on
// the publishing page. The line is both: `progress render 1200/4784: rendering pages (25%)`.
import type { AstroIntegration, AstroPrerenderer } from 'astro';

export interface BuildProgress {
  /** A stable key (the publishing page names it in each language), or a publisher phase's name. */
  phase: string;
  done?: number;
  total?: number;
}

/** What each phase key is called in the terminal. */
const LABELS: Record<string, string> = {
  content: 'content sync (CMS, Vite set-up)',
  render: 'rendering pages',
  identify: 'output identified',
  steps: 'post-build steps (redirects, headers, search, compression)',
};

const LINE = /^progress ([\w-]+)(?: (\d+)\/(\d+))?:/;

export function progressLine(p: BuildProgress): string {
  const counted = p.total !== undefined ? ` ${p.done ?? 0}/${p.total}` : '';
  const percent = p.total ? ` (${Math.floor(((p.done ?? 0) / p.total) * 100)}%)` : '';
  return `progress ${p.phase}${counted}: ${LABELS[p.phase] ?? p.phase}${percent}`;
}

/** A progress line of a build's output, else null. */
export function parseProgressLine(line: string): BuildProgress | null {
  const match = LINE.exec(line.trim());
  if (!match) return null;
  const [, phase, done, total] = match;
  return done === undefined ? { phase: phase! } : { phase: phase!, done: Number(done), total: Number(total) };
}

/** Prints progress lines: each phase at once, counts at most every `everyMs` (and the last one). */
export function progressReporter(write: (line: string) => void = console.log, everyMs = 2000) {
  let last = 0;
  return {
    phase(phase: string, total?: number) {
      last = Date.now();
      write(progressLine(total === undefined ? { phase } : { phase, done: 0, total }));
    },
    count(phase: string, done: number, total: number) {
      if (done < total && Date.now() - last < everyMs) return;
      last = Date.now();
      write(progressLine({ phase, done, total }));
    },
  };
}

export type ProgressReporter = ReturnType<typeof progressReporter>;

/**
 * Reports Astro's phases, and pages rendered of the pages its routes list. Astro has no per-page
 * hook: the default prerenderer is wrapped (`setPrerenderer` takes a function of it), counting the
 * pages it renders. Pages Astro copies from its incremental cache are not rendered, so a rebuild
 * counts only the pages it renders again. The project sets no other prerenderer (no adapter).
 */
export function progressIntegration(progress: ProgressReporter): AstroIntegration {
  return {
    name: 'build-progress',
    hooks: {
      'astro:config:done': () => progress.phase('content'),
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((inner: AstroPrerenderer): AstroPrerenderer => {
          let total = 0;
          let done = 0;
          return {
            ...inner,
            name: inner.name,
            setup: inner.setup && (() => inner.setup!()),
            teardown: inner.teardown && (() => inner.teardown!()),
            collectStaticImages: inner.collectStaticImages && (() => inner.collectStaticImages!()),
            async getStaticPaths() {
              const paths = await inner.getStaticPaths();
              total = paths.length;
              progress.phase('render', total);
              return paths;
            },
            async render(request, options) {
              const result = await inner.render(request, options);
              progress.count('render', ++done, total);
              return result;
            },
          };
        });
      },
    },
  };
}
