// The publisher's builds with the resident renderer (src/release/resident/): a warm child process
// that holds the content and renders only the pages a change touches, into a release linked from
// the live one. The full static build (child-build.ts) stays for the first release, for what the
// renderer leaves to it (a CMS image the live release has not, the site's code or settings
// changed), for a periodic reconciliation (every `reconcileEvery` builds), and as the fallback
// when the renderer crashes, hangs or runs out of memory: its process is killed, its half-written
// release removed, and the full build makes the release, which still goes live.
import { fork, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { productionEnv } from '../../config/production-env.ts';
import { readManifest, type Release } from '../releases.ts';
import type { ResidentReply, ResidentRequest } from '../resident/protocol.ts';
import type { Reconciliation } from '../resident/reconcile.ts';
import type { TriggerEvent } from './build-history.ts';
import type { BuildNote, BuildRelease } from './child-build.ts';

/** The renderer's saved props hashes of each release, under the publisher's cache (saved-hashes.ts). */
const HASHES_FOLDER = 'resident-hashes';

type Started = Extract<ResidentReply, { type: 'started' }>;

export interface ResidentOptions {
  root: string;
  releasesDir: string;
  cacheDir: string;
  /** The builds' settings (environment variables, strings only), read when each build starts. */
  settings: () => Record<string, string>;
  /** The full static build. */
  full: BuildRelease;
  /** Longest a resident build may take before its process is killed and the full build runs. */
  timeoutMs: number;
  /** Longest its process may leave a ping unanswered (stopped, its event loop blocked): hung sooner. */
  hangMs: number;
  /** A full build after this many resident builds (the periodic reconciliation). */
  reconcileEvery: number;
  /** The renderer's JavaScript heap in MB (Node's --max-old-space-size); Node's own default without. */
  memoryMb?: number | undefined;
  log: (message: string) => void;
}

interface Resident {
  child: ChildProcess;
  settings: string;
  builds: number;
}

// The end of each renderer's standard error: V8 says there why a process ran out of memory.
const errorTails = new WeakMap<ChildProcess, string>();
const ranOutOfMemory = (child: ChildProcess) =>
  /heap out of memory|Reached heap limit/i.test(errorTails.get(child) ?? '') ? ', out of memory' : '';

/** Its standard error read to the end (the exit can come first), or a second passed. */
const errorRead = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    const stream = child.stderr;
    if (!stream || stream.readableEnded || stream.destroyed) return resolve();
    stream.once('close', () => resolve());
    setTimeout(resolve, 1000).unref();
  });

type Limits = Pick<ResidentOptions, 'timeoutMs' | 'hangMs'>;

/**
 * The renderer's answer, or a throw when it exits, is killed, outlives `timeoutMs` or leaves the
 * pings sent meanwhile (each second, or more often for a shorter `hangMs`) unanswered for `hangMs`.
 */
function ask(child: ChildProcess, request: ResidentRequest, { timeoutMs, hangMs }: Limits, signal?: AbortSignal) {
  return new Promise<ResidentReply>((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.signalCode ?? `exit code ${child.exitCode}`;
      reject(new Error(`the renderer's process had ended (${how}${ranOutOfMemory(child)})`));
      return;
    }
    let settled = false;
    let answered = Date.now();
    const done = (error: Error | null, reply?: ResidentReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(pings);
      child.off('message', onMessage);
      child.off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(reply!);
    };
    const onMessage = (reply: ResidentReply) => {
      if (reply.type === 'pong') answered = Date.now();
      else done(null, reply);
    };
    const onExit = (code: number | null, by: string | null) =>
      void errorRead(child).then(() =>
        done(new Error(`the renderer's process ended (${by ?? `exit code ${code}`}${ranOutOfMemory(child)})`)),
      );
    const onAbort = () => done(new Error('the build was stopped'));
    const timer = setTimeout(
      () => done(new Error(`the renderer did not answer within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    const pings = setInterval(
      () => {
        if (Date.now() - answered > hangMs)
          done(new Error(`the renderer did not answer for ${Math.round(hangMs / 1000)} s (hung)`));
        else child.send({ type: 'ping' } satisfies ResidentRequest, () => undefined);
      },
      Math.min(1000, hangMs / 4),
    );
    child.on('message', onMessage);
    child.on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.send(request, (error) => error && done(error));
  });
}

/**
 * The renderer's process, with an IPC channel; it never keeps the service running. It leads a
 * process group of its own, so that what it started (the links of the next release, prelink.ts)
 * ends with it when it is killed (killRenderer), instead of writing on into folders being removed.
 */
function spawnResident(root: string, settings: Record<string, string>, memoryMb?: number): Resident {
  const child = fork(path.join(root, 'src/release/resident/resident-process.ts'), [], {
    cwd: root,
    detached: true,
    env: productionEnv(settings),
    execArgv: [...process.execArgv, ...(memoryMb ? [`--max-old-space-size=${memoryMb}`] : [])],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.on('data', (chunk: Buffer) =>
    errorTails.set(child, `${errorTails.get(child) ?? ''}${chunk}`.slice(-4096)),
  );
  child.unref();
  child.channel?.unref();
  return { child, settings: JSON.stringify(settings), builds: 0 };
}

/** Kills the renderer and the processes it started (its process group). */
function killRenderer(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Asks the renderer to link the live release's files for its next release now (no answer). */
function askToPrelink(child: ChildProcess, releasesDir: string, live: Release): void {
  if (!child.connected) return;
  child.send({ type: 'prelink', releasesDir, liveSite: live.siteDir } satisfies ResidentRequest, () => undefined);
}

/** The webhook events as the renderer takes them (what the CMS said; content-delta.ts reads them as data). */
const eventsOf = (events: TriggerEvent[]) =>
  events.map(({ event, bundle, id, langcode }) => ({ event, bundle, id, langcode }));

/** What the renderer is asked for one release. */
function buildRequest(
  options: ResidentOptions,
  release: Release,
  live: Release,
  requestedAt: number,
  events: TriggerEvent[],
  liveRebasedFrom: string | null,
): ResidentRequest {
  return {
    type: 'build',
    releaseId: release.id,
    liveId: live.id,
    liveRebasedFrom,
    liveSite: live.siteDir,
    siteDir: release.siteDir,
    deployDir: release.deployDir,
    nginxRoot: path.join(options.releasesDir, 'current', 'site'),
    cacheDir: options.cacheDir,
    requestedAt,
    events: eventsOf(events),
  };
}

/** A start: the content of `releaseId`'s full build, or (`adopt`) the live release taken as the base. */
function startRequest(
  options: ResidentOptions,
  settings: Record<string, string>,
  releaseId: string,
  live: Release | null,
  events: TriggerEvent[],
  adopt?: { rebasedFrom: string | null },
): ResidentRequest {
  return {
    type: 'start',
    settings,
    releaseId,
    liveId: live?.id ?? null,
    events: eventsOf(events),
    hashesDir: path.join(options.cacheDir, HASHES_FOLDER),
    ...(adopt ? { adopt: true, liveRebasedFrom: adopt.rebasedFrom } : {}),
  };
}

/** Why the full build makes a release, unless the renderer takes it. */
function fullBuildReason(live: Release | null, current: Resident | null, startFailure: string | null): string {
  if (!live) return 'the first release';
  if (current) return 'the build settings changed';
  return startFailure ? `the resident renderer did not start: ${startFailure}` : 'no resident renderer yet';
}

/** The build record's note of a release the renderer made; its notes on webhooks logged. */
function residentNote(reply: Extract<ResidentReply, { type: 'built' }>, log: (message: string) => void): BuildNote {
  const { type: _built, ...built } = reply;
  for (const note of reply.notes) log(`resident renderer: ${note}`);
  return { builder: 'resident', ...built, nodesFetched: Object.values(reply.fetched).reduce((a, b) => a + b, 0) };
}

/** The log line of a full fetch compared with the deltas (reconcile.ts). */
function reconciliationLine(r: Reconciliation): string {
  if (!r.compared) return `reconciliation: the full fetch was not compared with a delta (${r.error ?? 'no delta'})`;
  if (r.differences === 0) return 'reconciliation: the full fetch found nothing the deltas had missed';
  return `reconciliation: the full fetch found ${r.differences} entr${r.differences === 1 ? 'y' : 'ies'} the deltas had missed: ${r.found.join(', ')}`;
}

/** A release by the renderer; null and why when the full build must make it (`stop` ends the process). */
async function askForRelease(
  child: ChildProcess,
  request: ResidentRequest,
  options: ResidentOptions,
  signal: AbortSignal,
  stop: () => void,
) {
  try {
    const reply = await ask(child, request, options, signal);
    if (reply.type === 'built') return { note: residentNote(reply, options.log), reason: null };
    // A fault, or a process whose modules are of the code before a deploy: a new one comes with the full build.
    if (reply.type === 'failed' && (!reply.fullBuild || reply.restart)) stop();
    return { note: null, reason: reply.type === 'failed' ? reply.message : 'unexpected answer' };
  } catch (error) {
    // Crashed, killed, out of memory or hung: the process goes, a new one comes with the full build.
    stop();
    return { note: null, reason: (error as Error).message };
  }
}

/**
 * The full build of a release. When it fails after the renderer had failed to make the same
 * release, nothing went live, and its error says why the renderer did not make it either.
 */
async function fullBuild(full: BuildRelease, args: Parameters<BuildRelease>, rendererFailure: string | null) {
  try {
    await full(...args);
  } catch (error) {
    if (rendererFailure === null) throw error;
    throw new Error(`${(error as Error).message}\nThe resident renderer had failed first: ${rendererFailure}`, {
      cause: error,
    });
  }
}

export function residentBuilds(options: ResidentOptions) {
  let resident: Resident | null = null;
  // Why the last renderer did not start (the next build's note says it), or null.
  let startFailure: string | null = null;
  let closed = false;

  const stop = () => {
    if (resident) killRenderer(resident.child);
    resident = null;
  };

  /**
   * The renderer's content loaded now, before the full build of `releaseId` fetches (so it is never
   * newer than that release); the running process when its settings are the same, else a new one.
   */
  async function restart(
    settings: Record<string, string>,
    releaseId: string,
    live: Release | null,
    events: TriggerEvent[],
    adopt?: { rebasedFrom: string | null },
  ): Promise<Started | undefined> {
    if (closed) return undefined;
    const alive = resident && resident.child.exitCode === null && resident.settings === JSON.stringify(settings);
    if (!alive) {
      stop();
      resident = spawnResident(options.root, settings, options.memoryMb);
    }
    const next = resident!;
    next.builds = 0;
    try {
      const reply = await ask(next.child, startRequest(options, settings, releaseId, live, events, adopt), options);
      if (reply.type !== 'started') throw new Error(reply.type === 'failed' ? reply.message : 'unexpected answer');
      startFailure = null;
      return reply;
    } catch (error) {
      startFailure = (error as Error).message;
      options.log(`the resident renderer did not start; the next build is a full one (${startFailure})`);
      if (resident === next) stop();
      return undefined;
    }
  }

  const residentBuild = (request: ResidentRequest, signal: AbortSignal) =>
    askForRelease(resident!.child, request, options, signal, stop);

  const build: BuildRelease = async (release, live, signal, events = []) => {
    const requestedAt = Date.now();
    const settings = options.settings();
    // A live release that only got a new search base holds the content of the one it came from.
    const rebasedFrom = live ? ((await readManifest(options.releasesDir, live.id))?.searchRebasedFrom ?? null) : null;
    // No renderer yet beside a live release (the publisher restarted): one that takes the live
    // release as its base makes this release; one that cannot has started for the full build. After
    // a start that failed, the full build's own start is the one try.
    const adoptable = live && !resident && startFailure === null;
    const adoption = adoptable ? await restart(settings, release.id, live, events, { rebasedFrom }) : undefined;
    if (adoption?.adopted) options.log(`resident renderer: took the live release ${live!.id} as its base`);
    const current = resident;
    let reason = adoption?.notAdopted ?? fullBuildReason(live, current, startFailure);
    let rendererFailure: string | null = null;
    const usable = !adoption || adoption.adopted;
    if (live && current && usable && current.settings === JSON.stringify(settings)) {
      if (current.builds >= options.reconcileEvery) reason = 'the periodic reconciliation';
      else {
        current.builds++;
        const request = buildRequest(options, release, live, requestedAt, events, rebasedFrom);
        const outcome = await residentBuild(request, signal);
        if (outcome.note) return outcome.note;
        reason = outcome.reason!;
        rendererFailure = reason;
        options.log(`resident renderer: ${reason}; the full build makes this release`);
        await rm(release.dir, { recursive: true, force: true });
      }
    }
    // A renderer that started for this release's full build already (it could not adopt) is kept.
    const started =
      adoption && !adoption.adopted && resident ? adoption : await restart(settings, release.id, live, events);
    const reconciliation = started?.reconciliation;
    if (reconciliation) options.log(reconciliationLine(reconciliation));
    await fullBuild(options.full, [release, live, signal], rendererFailure);
    return { builder: 'full', reason, ...(reconciliation ? { reconciliation } : {}) } satisfies BuildNote;
  };

  return {
    build,
    /** The live release's files linked by the renderer for its next release, between edits (prelink.ts). */
    prelink: (live: Release) => resident && askToPrelink(resident.child, options.releasesDir, live),
    /** The renderer's process id (the status shows it; tests kill it). */
    pid: () => resident?.child.pid ?? null,
    /** A renderer is running: the next release is its own, unless it fails. */
    running: () => !!resident && resident.child.exitCode === null && resident.child.signalCode === null,
    close() {
      closed = true;
      stop();
    },
  };
}
