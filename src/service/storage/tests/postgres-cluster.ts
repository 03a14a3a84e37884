// A throw-away PostgreSQL for the tests and the bench: Debian's server binaries
// (/usr/lib/postgresql/<version>/bin), `initdb` into a temporary folder and `postgres` in the
// foreground on a free loopback port. A watchdog shell owns it: when stop() is called, or the
// process that started it dies (even by SIGKILL), the watchdog shuts PostgreSQL down and deletes
// the folder. initdb refuses root: as root, PostgreSQL runs as the `postgres` user (or nobody).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const BINARIES = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or undefined (then PostgreSQL tests cannot run). */
export function postgresBin(): string | undefined {
  if (!existsSync(BINARIES)) return undefined;
  const versions = readdirSync(BINARIES)
    .filter((v) => existsSync(path.join(BINARIES, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(BINARIES, versions[0], 'bin');
}

/** The uid/gid to run as when we are root: the Debian package's `postgres` user, else nobody. */
function unprivileged(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  return { uid: 65534, gid: 65534 };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args.at(-1) ?? command)} failed: ${errors}`)),
    );
  });
}

// The watchdog: PostgreSQL in the background of this shell, stopped (fast shutdown) on TERM or
// once the parent pid is gone, then the folder removed; on USR1 stopped the same way (every
// connection ends) and started again on the same folder and port. `kill -0` polls: no signal
// reaches a shell whose parent was SIGKILLed.
const WATCHDOG = `
parent=$1; dir=$2; shift 2
"$@" &
pg=$!
trap 'kill -INT $pg 2>/dev/null' TERM
trap 'kill -INT $pg 2>/dev/null; wait $pg; "$@" & pg=$!' USR1
while kill -0 "$parent" 2>/dev/null && kill -0 "$pg" 2>/dev/null; do sleep 0.2; done
kill -INT "$pg" 2>/dev/null
wait "$pg"
rm -rf "$dir"
`;

export interface PostgresCluster {
  /** `postgres://intake@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** A new, empty database on this cluster; its URL (on the run's shared cluster `name` is a prefix). */
  database(name?: string): Promise<string>;
  /** A restart (fast shutdown: every open connection is ended), resolved once it answers again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

let databases = 0;

/** Creates database `name` on the cluster at `url` (its `postgres` database); the new one's URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return url.replace(/\/postgres$/, `/${name}`);
}

/**
 * Starts a cluster. `durable: false` (tests) turns fsync off; the bench keeps PostgreSQL's
 * defaults, as production runs it. `connections`: the run's shared cluster serves two files at once.
 */
export async function startPostgres(
  options: { durable?: boolean; connections?: number } = {},
): Promise<PostgresCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error(`PostgreSQL server binaries not found in ${BINARIES}/*/bin (apt-get install postgresql)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg-'));
  const user = unprivileged();
  if (user) chownSync(dir, user.uid, user.gid);
  const as = (command: string, args: string[]): [string, string[]] =>
    user
      ? ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', command, ...args]]
      : [command, args];
  const data = path.join(dir, 'data');
  await run(
    ...as(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'intake',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]),
  );
  const port = await freePort();
  const settings = [
    `listen_addresses=127.0.0.1`,
    `unix_socket_directories=${dir}`,
    `max_connections=${options.connections ?? 200}`,
    ...(options.durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ].flatMap((s) => ['-c', s]);
  const [command, args] = as(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings]);
  const watchdog = spawn('/bin/sh', ['-c', WATCHDOG, 'watchdog', String(process.pid), dir, command, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  watchdog.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => watchdog.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `postgres://intake@127.0.0.1:${port}/postgres`;
  await ready(
    url,
    () => gone,
    () => log,
  );
  return {
    url,
    port,
    database: (name = `test_${process.pid}_${++databases}`) => createDatabase(url, name),
    async restart() {
      const started = () => startTime(url);
      const before = await started();
      watchdog.kill('SIGUSR1');
      const deadline = Date.now() + 30_000;
      while ((await started().catch(() => before)) === before) {
        if (gone || Date.now() > deadline) throw new Error(`PostgreSQL did not restart:\n${log}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (!gone) watchdog.kill('SIGTERM');
      await exited;
    },
  };
}

/** When the server (its postmaster) started: another value after a restart. */
async function startTime(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ at: string }>('SELECT pg_postmaster_start_time()::TEXT AS at');
    return rows[0]!.at;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Waits until the server accepts a connection; fails at once with its log if it exited. */
async function ready(url: string, gone: () => boolean, log: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (gone()) throw new Error(`PostgreSQL exited on start-up:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not answer within 30 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
