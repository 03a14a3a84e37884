// One command (`npm run serve`, `npm start`, the tests): an intake node without PUBLISHER_URL starts
// the publisher (scripts/publisher.ts) as its child process, on a free loopback port with a fresh
// token, and talks to it as production's nodes talk to theirs (publisher-client.ts). The builds
// and the resident renderer are the publisher's children, not the node's. The child ends with the
// node: its IPC channel closes however the node ends (a kill -9 too). Its log lines go to the
// node's log.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { PublisherProcessOptions, PublisherReady } from './publisher-process-options.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../../scripts/publisher.ts');
/** Adopting a large dist/ as the first release copies it: minutes at 10,000 programs. */
const READY_TIMEOUT_MS = 15 * 60_000;

/** Plain strings only (what a child's environment and a JSON body carry). */
export function environment(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
}

export async function startPublisherChild(
  options: Omit<PublisherProcessOptions, 'host' | 'port' | 'token' | 'followsCallerEnv'>,
  writeLine: (line: string) => void,
): Promise<{ url: string; token: string; child: ChildProcess; close: () => Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  const child = fork(ENTRY, [], {
    cwd: options.root,
    env: environment(),
    execArgv: ['--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  createInterface({ input: child.stdout! }).on('line', writeLine);
  const message: { options: PublisherProcessOptions } = {
    options: { ...options, host: '127.0.0.1', port: 0, token, followsCallerEnv: true },
  };
  child.send(message);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the publisher process did not start')), READY_TIMEOUT_MS);
    child.once('message', (ready: PublisherReady) => (clearTimeout(timer), resolve(ready.ready)));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`the publisher process exited (${code})`))));
  });
  // The node does not wait for its child to end (the child ends when the channel closes).
  child.unref();
  (child as unknown as { channel?: { unref: () => void } }).channel?.unref();
  return {
    url,
    token,
    child,
    /** Ends the child (it stops its builds' waiting process), killed if it has not ended within 10 s. */
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
        if (child.connected) child.disconnect();
      }),
  };
}
