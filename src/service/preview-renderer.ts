// Runs the draft preview out of the service's process (preview-process.ts), as the publisher runs
// its builds: one renderer process with its own heap limit, started on the first preview and again
// after it ends. A render that ends the renderer (out of memory, a crash), takes longer than the
// time-out or answers more than the byte bound is a failure the caller turns into an error page;
// the service itself keeps answering.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface RendererOptions {
  /** The preview build's server entry (dist-preview/server/entry.mjs). */
  entry: string;
  cmsUrl: string;
  cmsUser?: string | undefined;
  cmsPassword?: string | undefined;
  /** The renderer's JavaScript heap in MB (Node's --max-old-space-size). */
  memoryMb: number;
  /** Longest render, the CMS's answer included. */
  timeoutMs: number;
  /** Most bytes of the CMS's answer the renderer reads, and of the page it answers. */
  maxResponseBytes: number;
}

/** The renderer's first message: what it loads, where it answers, the CMS it reads. */
export type RenderStart = Omit<RendererOptions, 'memoryMb' | 'timeoutMs'> & { socket: string };

export type Rendered =
  { status: number; contentType: string; body: Buffer } | { failed: 'ended' | 'timeout' | 'too-large'; detail: string };

interface Renderer {
  child: ChildProcess;
  ready: Promise<void>;
  /** Why it ended, once it has. */
  ended: Promise<string>;
}

function startRenderer(options: RendererOptions, socket: string): Renderer {
  rmSync(socket, { force: true });
  const child = fork(path.join(import.meta.dirname, 'preview-process.ts'), [], {
    // Not the service's environment: the renderer needs none of its secrets.
    env: { NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
    execArgv: [
      ...process.execArgv.filter((a) => !a.startsWith('--max-old-space-size')),
      `--max-old-space-size=${options.memoryMb}`,
    ],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let errorTail = '';
  child.stderr?.on('data', (chunk: Buffer) => (errorTail = `${errorTail}${chunk}`.slice(-2000)));
  const ended = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => {
      const outOfMemory = /heap out of memory|Reached heap limit/i.test(errorTail);
      resolve(outOfMemory ? `ran out of memory (${options.memoryMb} MB)` : `ended (${signal ?? `code ${code}`})`);
    });
    child.on('error', (error) => resolve(error.message));
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    void ended.then((why) => reject(new Error(`the preview renderer ${why} before it was ready: ${errorTail.trim()}`)));
  });
  ready.catch(() => undefined);
  const { memoryMb: _memory, timeoutMs: _timeout, ...start } = options;
  child.send({ ...start, socket } satisfies RenderStart);
  child.unref();
  child.channel?.unref();
  return { child, ready, ended };
}

/** One request to the renderer over its socket, the answer held to the byte bound. */
function ask(socket: string, limit: number, pathAndQuery: string, headers: Record<string, string>): Promise<Rendered> {
  return new Promise((resolve) => {
    const req = request({ socketPath: socket, path: pathAndQuery, headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limit) return void chunks.push(chunk);
        req.destroy();
        resolve({ failed: 'too-large', detail: `the page is larger than ${limit} bytes` });
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 502,
          contentType: String(res.headers['content-type'] ?? 'text/plain; charset=utf-8'),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', (error) => resolve({ failed: 'ended', detail: error.message }));
    });
    req.on('error', (error) => resolve({ failed: 'ended', detail: error.message }));
    req.end();
  });
}

/** Resolves with a time-out failure after `ms`, unless cancelled. */
function deadline(ms: number): { promise: Promise<Rendered>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<Rendered>((resolve) => {
    timer = setTimeout(() => resolve({ failed: 'timeout', detail: `no page within ${ms} ms` }), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

export function previewRenderer(options: RendererOptions) {
  // Owner-only (mkdtemp makes it 0700): no other local user reaches the renderer's socket.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'preview-render-'));
  const socket = path.join(folder, 'render.sock');
  let current: Renderer | null = null;
  let closed = false;

  const running = (): Renderer => {
    if (current && current.child.exitCode === null && current.child.signalCode === null) return current;
    current = startRenderer(options, socket);
    return current;
  };

  return {
    async render(pathAndQuery: string, headers: Record<string, string>): Promise<Rendered> {
      if (closed) return { failed: 'ended', detail: 'the service is stopping' };
      const renderer = running();
      const timeout = deadline(options.timeoutMs);
      const ended = renderer.ended.then((why): Rendered => ({ failed: 'ended', detail: `the renderer ${why}` }));
      const answered = renderer.ready.then(
        () => ask(socket, options.maxResponseBytes, pathAndQuery, headers),
        (error: Error): Rendered => ({ failed: 'ended', detail: error.message }),
      );
      const result = await Promise.race([answered, ended, timeout.promise]);
      timeout.cancel();
      // A renderer that failed is not trusted with the next preview: one that took too long or
      // answered too much is ended; one whose connection broke may be ending (its exit not yet
      // seen), so the next preview starts a new one rather than ask a socket about to go.
      if ('failed' in result) {
        renderer.child.kill('SIGKILL');
        if (current === renderer) current = null;
      }
      return result;
    },
    close() {
      closed = true;
      current?.child.kill('SIGKILL');
      current = null;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
