// The intake service as `npm run serve` runs it, in a child process that dies with the test run
// (a parent-death signal), for the tests that kill it (durability, two nodes).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { diesWithParent } from '../../../tests/e2e/support/processes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const node = path.join(root, 'node_modules/.bin/node');

/** Starts scripts/serve.ts with `env` on a free port; resolves with its URL once it says so. */
export async function startService(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const child = spawn(...diesWithParent(node, ['scripts/serve.ts']), {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site and intake service on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}):\n${output}`));
    });
  });
  return { child, url, port: Number(new URL(url).port) };
}

/** kill -9, resolved once the process is gone. */
export function killHard(child: ChildProcess) {
  return new Promise<NodeJS.Signals | null>((resolve) => {
    child.once('exit', (_code, signal) => resolve(signal));
    child.kill('SIGKILL');
  });
}
