// The throw-away PostgreSQL leaves nothing behind, even when the process that started it is
// killed with SIGKILL (no handler runs): its watchdog stops the server and deletes its folder.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

it('stops the server and removes its folder when its starter is killed', async () => {
  const script = `
    import { startPostgres } from ${JSON.stringify(path.join(import.meta.dirname, 'postgres-cluster.ts'))};
    const cluster = await startPostgres();
    const pg = (await import('pg')).default;
    const { rows } = await new pg.Pool({ connectionString: cluster.url }).query('SHOW data_directory');
    console.log(JSON.stringify({ port: cluster.port, dir: rows[0].data_directory }));
    setInterval(() => {}, 1000);
  `;
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(String(d))));
  const { port, dir } = JSON.parse(line) as { port: number; dir: string };
  expect(await answers(port)).toBe(true);
  expect(existsSync(dir)).toBe(true);
  child.kill('SIGKILL');
  await expect.poll(() => answers(port), { timeout: 20_000 }).toBe(false);
  await expect.poll(() => existsSync(path.dirname(dir)), { timeout: 20_000 }).toBe(false);
});
