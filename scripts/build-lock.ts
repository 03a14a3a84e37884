// One Astro build at a time per project folder. A build whose output folder is outside the project
// (a release, a test's temporary folder) writes its server chunks into the project's
// .astro/.prerender/ (Astro's fallback), so two builds from one checkout at once (`npm run build`
// while the service publishes, two test files) overwrite each other's chunks and fail. util-linux's
// flock holds the lock in a child that ends when this process's end closes its stdin, even on
// kill -9: no lock outlives its build.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** Waits for the project's build lock; the function returned releases it. */
export async function buildLock(root: string): Promise<() => void> {
  const dir = path.join(root, '.astro');
  await mkdir(dir, { recursive: true });
  const holder = spawn('flock', [path.join(dir, 'build.lock'), 'sh', '-c', 'echo locked; exec cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const taken = await new Promise<boolean>((resolve, reject) => {
    holder.stdout.once('data', () => resolve(true));
    // Without util-linux (not Debian): builds are not serialized, as before.
    holder.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(false) : reject(error)));
    holder.once('exit', (code) => reject(new Error(`flock ended (exit code ${code}) before it took the build lock`)));
  });
  if (!taken) return () => undefined;
  holder.removeAllListeners('exit');
  holder.unref();
  return () => holder.stdin.end();
}
