// The build lock (scripts/build-lock.ts): a second build waits for the first, and a build killed
// with kill -9 leaves no lock behind.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLock } from './build-lock.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'build-lock-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const settled = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe('the build lock', () => {
  it('makes a second build wait until the first releases it', async () => {
    const first = await buildLock(root);
    const second = buildLock(root);
    expect(await settled(second, 500)).toBe(false);
    first();
    expect(await settled(second, 5000)).toBe(true);
    (await second)();
  });

  it('is free again once a build holding it is killed (kill -9)', async () => {
    const script = `import { buildLock } from ${JSON.stringify(path.join(import.meta.dirname, 'build-lock.ts'))};
await buildLock(${JSON.stringify(root)}); console.log('held'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const waiting = buildLock(root);
    expect(await settled(waiting, 500)).toBe(false);
    child.kill('SIGKILL');
    expect(await settled(waiting, 5000)).toBe(true);
    (await waiting)();
  });
});
