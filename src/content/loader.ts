// Astro Content Layer loader over a DrupalSource. Entries are keyed `<lang>/<uuid>`; a node's
// digest (collect.ts Reuse: the node, the CMS base, the mapping code's version, the link index
// when it has links) lets Astro's store keep unchanged entries between builds, and the loader
// skips validating and mapping them again.
//
// One bad node must not freeze the site: a node that fails its schema is skipped and reported as
// a build warning (type, id, language, field), and the version of it the store already holds (the
// last one that was valid and published) stays until an editor fixes it; a node that was never
// valid is left out. Only required sources (calculator settings, screening, landing pages) still
// fail the build, because the site cannot exist without them.
import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { recordBuildWarning } from './build-warnings.ts';
import { fileURLToPath } from 'node:url';
import { collectSource, ContentValidationError, type NodeProblem, type NodeWarning, type Reuse } from './collect.ts';
import { buildSession } from './build-session.ts';
import { cmsBaseUrl, cmsClient } from './config.ts';
import { mappingVersion } from './mapping-version.ts';
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
    load: async (context) => {
      const { store, meta, logger, config } = context;
      if (buildSession()?.contentless) return store.clear();
      const base = cmsBaseUrl();
      // An unchanged node keeps its entry and its warnings (kept beside it in the loader's meta).
      const reuse: Reuse<E> = {
        digest: (value) => context.generateDigest(value),
        version: await mappingVersion(fileURLToPath(config.root)),
        previous: (key, digest) => {
          const kept = store.get(key);
          if (kept?.digest !== digest) return undefined;
          const warnings = meta.get(`warnings:${key}`);
          return { data: kept.data as E, warnings: warnings ? (JSON.parse(warnings) as NodeWarning[]) : [] };
        },
      };
      const { entries, problems, warnings } = await collectSource(cmsClient(), source, base, reuse);
      const keep = new Set<string>();
      // An invalid node keeps its previous entry (when the store has one).
      for (const p of problems) if (store.has(`${p.lang}/${p.id}`)) keep.add(`${p.lang}/${p.id}`);
      settleProblems(source, problems, warnings, (key) => keep.has(key));
      for (const entry of entries) {
        const id = `${entry.lang}/${entry.id}`;
        keep.add(id);
        store.set({ id, data: entry.data as Record<string, unknown>, digest: entry.digest });
        // Only real changes: any write makes Astro write its whole data store again (seconds on a large site).
        const warningsKey = `warnings:${id}`;
        const text = entry.warnings.length > 0 ? JSON.stringify(entry.warnings) : undefined;
        if (text !== meta.get(warningsKey)) {
          if (text) meta.set(warningsKey, text);
          else meta.delete(warningsKey);
        }
      }
      for (const id of store.keys()) {
        if (keep.has(id)) continue;
        store.delete(id);
        if (meta.has(`warnings:${id}`)) meta.delete(`warnings:${id}`);
      }
      logger.info(
        `${source.type}: ${keep.size} entries${problems.length ? ` (${new Set(problems.map((p) => `${p.lang}/${p.id}`)).size} invalid skipped)` : ''}`,
      );
    },
  };
}
