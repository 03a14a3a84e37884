// Astro Content Layer loader over a DrupalSource. Entries are keyed `<lang>/<uuid>`; the raw
// node's digest (with the CMS base, which entries' image URLs embed) lets Astro's store keep
// unchanged entries between builds.
//
// One bad node must not freeze the site: a node that fails its schema is skipped and reported as
// a build warning (type, id, language, field), and the version of it the store already holds (the
// last one that was valid and published) stays until an editor fixes it; a node that was never
// valid is left out. Only required sources (calculator settings, screening, landing pages) still
// fail the build, because the site cannot exist without them.
import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { recordBuildWarning } from '../build/build-warnings.ts';
import { collectSource, ContentValidationError, type NodeProblem, type NodeWarning } from './collect.ts';
import { cmsBaseUrl, cmsClient } from './config.ts';
import type { DrupalSource } from './sources.ts';

/** What the loader does with a source's problems: throw for required content, else warn and skip. */
export function settleProblems(
  source: DrupalSource,
  problems: NodeProblem[],
  warnings: NodeWarning[],
  kept: (key: string) => boolean,
  file?: string,
): void {
  if (problems.length > 0 && source.required) throw new ContentValidationError(problems);
  for (const p of problems) {
    const previous = kept(`${p.lang}/${p.id}`);
    recordBuildWarning(
      {
        kind: 'invalid-node',
        message: `${p.message}; ${previous ? 'skipped: the previously published version stays until it is fixed' : 'skipped: not published until it is fixed'}`,
        node: { type: p.type, id: p.id, lang: p.lang },
        field: p.field,
      },
      file,
    );
  }
  for (const w of warnings) {
    recordBuildWarning(
      {
        kind: w.kind,
        message: w.message,
        node: { type: w.type, id: w.id, lang: w.lang },
        field: w.field,
        ...(w.target ? { target: w.target } : {}),
      },
      file,
    );
  }
}

export function drupalLoader<S extends z.ZodType, E extends object>(source: DrupalSource<S, E>): Loader {
  return {
    name: `drupal:${source.type}`,
    load: async ({ store, logger, generateDigest }) => {
      const base = cmsBaseUrl();
      const { entries, problems, warnings } = await collectSource(cmsClient(), source, base);
      const keep = new Set<string>();
      // An invalid node keeps its previous entry (when the store has one).
      for (const p of problems) if (store.has(`${p.lang}/${p.id}`)) keep.add(`${p.lang}/${p.id}`);
      settleProblems(source as DrupalSource, problems, warnings, (key) => keep.has(key));
      for (const entry of entries) {
        const id = `${entry.lang}/${entry.id}`;
        keep.add(id);
        store.set({
          id,
          data: entry.data as Record<string, unknown>,
          digest: generateDigest({ base, raw: entry.raw } as Record<string, unknown>),
        });
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      logger.info(
        `${source.type}: ${keep.size} entries${problems.length ? ` (${new Set(problems.map((p) => `${p.lang}/${p.id}`)).size} invalid skipped)` : ''}`,
      );
    },
  };
}
