// Builds started ahead of time: after each build the publisher starts the next build process
// (`node scripts/build.ts --wait`), which loads Node and Astro and waits; a webhook then sends it
// the build's request and settings on stdin (src/release/build/build-request.ts) and it builds at once. The first build after start-up
// starts a process of its own. A waiting process that is not needed exits when its stdin closes
// (the service stopped); it never keeps the service running. None is started while `ahead()` says
// no full build is coming soon (a resident renderer makes the releases: publisher.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import type { BuildRequest, WarmBuildMessage } from '../build/build-request.ts';
import { parseProgressLine, type BuildProgress } from '../build/progress.ts';
import { productionEnv } from '../../config/production-env.ts';

export interface BuildRun {
  code: number;
  output: string;
}

interface Started {
  child: ChildProcess;
  done: Promise<BuildRun>;
  /** Told each progress line of the build's output (src/release/build/progress.ts). */
  onProgress?: (progress: BuildProgress) => void;
}

function start(root: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['scripts/build.ts', '--wait'], {
    cwd: root,
    env: productionEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  const done = new Promise<BuildRun>((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
  const started: Started = { child, done };
  child.stdout.on('data', (chunk: Buffer) => {
    keep(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!.slice(-1000);
    for (const line of lines) {
      const progress = parseProgressLine(line);
      if (progress) started.onProgress?.(progress);
    }
  });
  child.stderr.on('data', keep);
  child.stdin.on('error', () => undefined);
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as Array<{ unref?: () => void } | null>)
    handle?.unref?.();
  return started;
}

/**
 * `env`: the waiting processes' environment (each build's own settings come with its request);
 * `ahead`: whether to start the next build process once a build ends.
 */
export function createWarmBuilds(root: string, env: () => Record<string, string>, ahead: () => boolean = () => true) {
  let waiting: Started | null = null;
  let closed = false;
  return {
    /** Runs one build with these settings (environment variables), in the waiting process when there is one. */
    async run(
      request: BuildRequest,
      settings: Record<string, string>,
      signal?: AbortSignal,
      onProgress?: (progress: BuildProgress) => void,
    ): Promise<BuildRun> {
      const requestedAt = Date.now();
      const usable =
        waiting && waiting.child.exitCode === null && waiting.child.signalCode === null ? waiting : start(root, env());
      waiting = null;
      if (onProgress) usable.onProgress = onProgress;
      // The publisher's time-out: the build process is killed (its folder is removed by the caller).
      const kill = () => usable.child.kill('SIGKILL');
      if (signal?.aborted) kill();
      signal?.addEventListener('abort', kill, { once: true });
      const message: WarmBuildMessage = { request, settings, requestedAt };
      usable.child.stdin!.end(`${JSON.stringify(message)}\n`);
      const result = await usable.done.finally(() => signal?.removeEventListener('abort', kill));
      if (!closed && ahead()) waiting = start(root, env());
      return result;
    },
    /** Ends the waiting process (its stdin closes: no build is coming) and starts no other. */
    close() {
      closed = true;
      waiting?.child.stdin?.end();
      waiting = null;
    },
  };
}
