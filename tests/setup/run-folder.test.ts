// What a Vitest run writes to "/tmp" goes when it ends (tests/run-folder.ts, tests/global-setup.ts):
// the tests and the processes they start write below the run's own folder, PostgreSQL's data
// included, and a run that was killed has its folder removed by the next one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { postgresBin } from '../../src/service/storage/tests/postgres-cluster.ts';
import { descendants } from '../e2e/support/processes.ts';
import { memoryParent, processFolder, startRunFolder } from '../run-folder.ts';

const root = path.resolve(import.meta.dirname, '../..');
const node = path.join(root, 'node_modules/.bin/node');

describe('a Vitest run’s temporary files', () => {
  it('land in the run’s own folder, for the tests and for the processes they start', () => {
    const dir = os.tmpdir();
    expect(path.basename(dir)).toMatch(/^vitest-run-\d+-/);
    const child = spawnSync(node, ['-p', 'require("node:os").tmpdir()'], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(dir);
    expect(path.dirname(mkdtempSync(path.join(os.tmpdir(), 'run-folder-')))).toBe(dir);
  });

  it.skipIf(!memoryParent())('are in memory (tmpfs); the copies of the project on its file system', () => {
    const TMPFS_MAGIC = 0x01021994;
    expect(statfsSync(os.tmpdir()).type).toBe(TMPFS_MAGIC);
    const disk = process.env.TEST_DISK_TMPDIR!;
    expect(path.basename(disk)).toMatch(/^vitest-run-\d+-/);
    // Hard links from the copies' node_modules to this checkout's need one file system.
    expect(statSync(disk).dev).toBe(statSync(root).dev);
  });

  it.skipIf(!postgresBin())(
    'one PostgreSQL for the run, its data below the run’s folder, stopped if Vitest is killed',
    async () => {
      const url = inject('postgresUrl');
      expect(url).toMatch(/^postgres:\/\/intake@127\.0\.0\.1:\d+\/postgres$/);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
        const data = rows[0]!.data_directory;
        expect(data.startsWith(`${os.tmpdir()}/`)).toBe(true);
        // Its watchdog watches the Vitest process (this worker's parent, whose pid names the run's
        // folder): killed, its cluster stops (postgres-cluster.test.ts kills a starter).
        const vitest = process.ppid;
        expect(path.basename(os.tmpdir())).toMatch(new RegExp(`^vitest-run-${vitest}-`));
        const watchdog = ` watchdog ${vitest} ${path.dirname(data)} `;
        expect(descendants(vitest).filter((p) => p.command.includes(watchdog))).toHaveLength(1);
      } finally {
        await client.end();
      }
    },
  );

  it('the folders go when the run ends, and TMPDIR and TEST_DISK_TMPDIR are what they were', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'runs-'));
    const memory = mkdtempSync(path.join(os.tmpdir(), 'memory-'));
    const before = [process.env.TMPDIR, process.env.TEST_DISK_TMPDIR];
    const run = startRunFolder(parent, memory);
    try {
      expect(os.tmpdir()).toBe(run.dir);
      expect(path.dirname(run.dir)).toBe(memory);
      expect(process.env.TEST_DISK_TMPDIR).toBe(run.disk);
      expect(path.dirname(run.disk)).toBe(parent);
      mkdtempSync(path.join(os.tmpdir(), 'leftover-'));
      mkdtempSync(path.join(run.disk, 'leftover-'));
    } finally {
      run.remove();
    }
    expect([process.env.TMPDIR, process.env.TEST_DISK_TMPDIR]).toEqual(before);
    expect(readdirSync(parent)).toEqual([]);
    expect(readdirSync(memory)).toEqual([]);
  });

  it('the folder of a killed run goes with the next run; a running one’s stays', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'runs-'));
    const killed = spawn(
      node,
      [
        '--input-type=module',
        '-e',
        `const { startRunFolder } = await import(${JSON.stringify(path.join(root, 'tests/run-folder.ts'))});
         const { mkdtempSync } = await import('node:fs');
         const run = startRunFolder(${JSON.stringify(parent)}, null);
         mkdtempSync(run.dir + '/leftover-');
         console.log(run.dir);
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const dead = await new Promise<string>((resolve) =>
      killed.stdout.once('data', (d: Buffer) => resolve(`${d}`.trim())),
    );
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(existsSync(dead)).toBe(true);

    const running = startRunFolder(parent, null);
    const next = startRunFolder(parent, null);
    try {
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(running.dir)).toBe(true); // this process is still running
    } finally {
      next.remove();
      running.remove();
    }
  });

  it('`npm test`’s own folder (its reports and compile cache): a killed run’s goes with the next', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'runs-'));
    try {
      const ended = spawnSync(node, ['-e', '0']).pid;
      const dead = path.join(parent, `npm-test-${ended}-x`);
      mkdirSync(path.join(dead, 'node-compile-cache'), { recursive: true });
      const another = path.join(parent, `another-${ended}-x`);
      mkdirSync(another);
      const folder = processFolder(parent, 'npm-test-');
      expect(path.basename(folder)).toMatch(new RegExp(`^npm-test-${process.pid}-`));
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(another)).toBe(true);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
