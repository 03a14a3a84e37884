// The intake node as `npm run serve` runs it, in a process of its own (its publisher a child of
// it), so that its resident memory is its own: not the bench's, nor the local CMS's at scale, nor
// the publisher's builds and renderer. Its peak is Linux's high-water mark of resident memory
// (VmHWM in /proc/<pid>/status): a count of what the process held, not a sample that may miss it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { diesWithParent } from '../../tests/e2e/support/processes.ts';

/** A free loopback port (the local CMS must know the node's webhook address before the node starts). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** The highest resident memory of a process so far, in MB (null where /proc is not readable). */
function peakResidentMb(pid: number): number | null {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

export async function startIntakeNode(root: string, env: Record<string, string>) {
  // setpriv (where present) execs node in place: the pid, and so its VmHWM, is the node's.
  const child = spawn(
    ...diesWithParent(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/serve.ts']),
    {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let banner = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      banner += chunk.toString();
      const found = /Site and intake service on (http:\/\/\S+)/.exec(banner)?.[1];
      if (found) resolve(found.replace(/\/$/, ''));
    });
    child.once('exit', (code) => reject(new Error(`the intake node exited (${code}):\n${banner}`)));
  });
  return {
    url,
    pid: child.pid!,
    peakMb: () => peakResidentMb(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
