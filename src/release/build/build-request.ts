// How a build is asked for, in one validated shape: by `npm run build` and the tests (flags of
// scripts/build.ts), and by the publisher (a JSON line sent to a build process started ahead of
// time, src/release/publisher/warm-build.ts). No environment variable carries any of it.
import { parseArgs } from 'node:util';
import { z } from 'zod';

const folder = z.string().min(1);

const buildRequestSchema = z
  .object({
    /** The site folder to build (default: OUT_DIR, else dist/); the deploy files go beside it. */
    outDir: folder.optional(),
    /** A previous release's site folder to start from (its files linked, only changes written). */
    previousRelease: folder.optional(),
    /** The root the nginx include names (the publisher: RELEASES_DIR/current/site). */
    nginxRoot: folder.optional(),
    /** Astro's cache (default: ASTRO_CACHE_DIR, else node_modules/.astro). */
    cacheDir: folder.optional(),
    /** Leave the search index to the publisher, which indexes the release before it goes live. */
    deferSearchIndex: z.boolean().optional(),
  })
  .strict();

export type BuildRequest = z.infer<typeof buildRequestSchema>;

/** What the publisher sends a waiting build process, as one JSON line on its stdin. */
const warmBuildMessageSchema = z
  .object({
    request: buildRequestSchema,
    /** The build's settings: the environment variables it is configured by (site URL, CMS...). */
    settings: z.record(z.string(), z.string()),
    /** When the build was asked for (epoch ms): its phases count from then. */
    requestedAt: z.number().int().positive(),
  })
  .strict();

export type WarmBuildMessage = z.infer<typeof warmBuildMessageSchema>;

const USAGE =
  'usage: node scripts/build.ts [--out-dir <folder>] [--previous-release <site folder>] [--nginx-root <folder>] [--cache-dir <folder>] [--defer-search-index] [--wait]';

/** The flags of scripts/build.ts; `wait`: a build process started ahead of time (warm-build.ts). */
export function parseBuildArgs(args: string[]): { wait: boolean; request: BuildRequest } {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: {
        'out-dir': { type: 'string' },
        'previous-release': { type: 'string' },
        'nginx-root': { type: 'string' },
        'cache-dir': { type: 'string' },
        'defer-search-index': { type: 'boolean' },
        wait: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const request = buildRequestSchema.parse({
    outDir: values['out-dir'],
    previousRelease: values['previous-release'],
    nginxRoot: values['nginx-root'],
    cacheDir: values['cache-dir'],
    deferSearchIndex: values['defer-search-index'],
  });
  return { wait: values.wait ?? false, request };
}

/** The message a waiting build process read, validated (a message that does not fit is an error naming it). */
export function parseWarmBuildMessage(line: string): WarmBuildMessage {
  const result = warmBuildMessageSchema.safeParse(JSON.parse(line));
  if (!result.success)
    throw new Error(
      `Bad build request: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return result.data;
}
