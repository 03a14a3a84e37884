// Astro Content Layer loader over a DrupalSource. Entries are keyed `<lang>/<uuid>`; the raw
// node's digest (with the CMS base, which entries' image URLs embed) lets Astro's store keep
// unchanged entries between builds.
import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { collectSource, ContentValidationError } from './collect.ts';
import { cmsBaseUrl, cmsClient } from './config.ts';
import type { DrupalSource } from './sources.ts';

export function drupalLoader<S extends z.ZodType, E extends object>(source: DrupalSource<S, E>): Loader {
  return {
    name: `drupal:${source.type}`,
    load: async ({ store, logger, generateDigest }) => {
      const base = cmsBaseUrl();
      const { entries, problems } = await collectSource(cmsClient(), source, base);
      if (problems.length > 0) throw new ContentValidationError(problems);
      const keep = new Set<string>();
      for (const entry of entries) {
        const id = `${entry.lang}/${entry.id}`;
        keep.add(id);
        store.set({ id, data: entry.data as Record<string, unknown>, digest: generateDigest({ base, raw: entry.raw } as Record<string, unknown>) });
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      logger.info(`${source.type}: ${keep.size} entries`);
    },
  };
}
