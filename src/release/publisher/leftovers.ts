// What a killed or crashed build left in RELEASES_DIR (its half-built folder, its "running"
// history entry, cache entries it was writing) is cleared only with the build lock held and no
// build of this node running: then no node is building, and whatever is incomplete is left over.
// At start-up, at the start of each build, and every few minutes on an idle node (a node killed
// mid-build leaves its folder to the others; the lock of a PostgreSQL advisory lock ends with the
// dead node's connection).
import { removeIncomplete } from '../releases.ts';
import type { createBuildHistory } from './build-history.ts';
import type { PublishContext } from './release-run.ts';

type History = ReturnType<typeof createBuildHistory>;
type BuildLock = (() => Promise<(() => Promise<void>) | undefined>) | undefined;

/** Clears the leftovers; the caller holds the build lock and builds nothing. */
export async function clearLeftovers(ctx: PublishContext, history: History): Promise<void> {
  try {
    const removed = await removeIncomplete(ctx.releasesDir);
    if (removed.length) ctx.log(`removed incomplete release folders (an interrupted build): ${removed.join(', ')}`);
    const interrupted = await history.settleInterrupted();
    if (interrupted) ctx.log('a build was interrupted (its service stopped or was killed); see the history');
    // Only a build that was cut short can have left half-written cache entries: a clean start
    // does not walk the cache (tens of thousands of entries on a large site).
    if (removed.length || interrupted) await ctx.dropBrokenCache();
  } catch (error) {
    ctx.log(`could not clear what an interrupted build left (${(error as Error).message})`, { level: 'warn' });
  }
}

/** Clears the leftovers if the build lock is free (else another node is building). */
async function sweep(ctx: PublishContext, history: History, buildLock: BuildLock): Promise<void> {
  const release = buildLock ? await buildLock().catch(() => undefined) : async () => undefined;
  if (!release) return;
  try {
    await clearLeftovers(ctx, history);
  } finally {
    await release().catch(() => undefined);
  }
}

/** Sweeps now and every `everyMs` while this node is not `building`; a build waits for `done()`. */
export function startSweeps(
  ctx: PublishContext,
  history: History,
  buildLock: BuildLock,
  options: { everyMs: number; building: () => boolean },
) {
  const recovered = sweep(ctx, history, buildLock);
  let sweeping = recovered;
  const timer = setInterval(() => {
    if (options.building()) return;
    sweeping = sweeping.then(() => (options.building() ? undefined : sweep(ctx, history, buildLock)));
  }, options.everyMs);
  timer.unref();
  return {
    /** The start-up sweep. */
    recovered,
    /** Resolves when no sweep is under way. */
    done: () => sweeping,
    stop: () => clearInterval(timer),
  };
}
