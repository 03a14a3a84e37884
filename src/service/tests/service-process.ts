// `scripts/serve.ts` as a child process (what runs in production), with everything it writes kept:
// stdout (the log's JSON lines) and stderr (the start banner). It dies with the test run.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { diesWithParent } from '../../../tests/e2e/support/processes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const node = path.join(root, 'node_modules/.bin/node');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Everything written to stdout so far, line by line. */
  stdout: () => string[];
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hlog-data-'));
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'hlog-dist-'));
  const child = spawn(...diesWithParent(node, ['scripts/serve.ts']), {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let all = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    all += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (all += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${all}`)), 30_000);
    const onData = () => {
      const match = /Site and intake service on (http:\/\/\S+)/.exec(all);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!.replace(/\/$/, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}):\n${all}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, stdout: () => out.split('\n').filter(Boolean), output: () => all, stop };
}

/** For the tests that kill nodes (durability, two nodes): the child is added to `children`. */
export async function startService(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const { child, url } = await startServiceProcess(env);
  children.push(child);
  return { child, url, port: Number(new URL(url).port) };
}

/** kill -9, resolved once the process is gone. */
export function killHard(child: ChildProcess) {
  return new Promise<NodeJS.Signals | null>((resolve) => {
    child.once('exit', (_code, signal) => resolve(signal));
    child.kill('SIGKILL');
  });
}
