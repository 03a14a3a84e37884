// A browser-test run killed half-way (SIGKILL: no handler of its own runs) leaves nothing behind:
// the e2e server (the intake service) and its nginx die with it, and both ports are free again for
// the next run. Once with the server itself killed, once with the run that started it killed (as
// Playwright starts it: through a shell, its own process group, stdin a pipe from the runner).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { descendants, isRunning, portHolders } from '../e2e/support/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const started: number[] = [];

afterEach(() => {
  // Whatever outlived its run (the bug this file is about) is ended here, so it cannot hold the
  // ports of the next test. Only the processes this file started, by pid.
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

/** A site of one page, with the deploy files the e2e nginx reads, beside it as the build puts them. */
async function tinyDist() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'killed-run-'));
  await chmod(work, 0o755); // nginx's workers may run as another user
  const dist = path.join(work, 'dist');
  await mkdir(path.join(dist, 'en/home'), { recursive: true });
  await writeFile(path.join(dist, 'en/home/index.html'), '<!doctype html><title>Home</title><h1>Home</h1>');
  await mkdir(`${dist}-deploy`);
  await writeFile(
    path.join(`${dist}-deploy`, 'nginx.conf'),
    `root ${dist};\nlocation / { try_files $uri $uri/index.html =404; }\n`,
  );
  await writeFile(path.join(`${dist}-deploy`, 'security-headers.conf'), '');
  return { dist, dataDir: path.join(work, 'data') };
}

/** Two ports free right now (the kernel's choice, then released). */
async function freePorts(): Promise<[number, number]> {
  const servers = [net.createServer(), net.createServer()];
  const ports = await Promise.all(
    servers.map(
      (s) => new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as net.AddressInfo).port))),
    ),
  );
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return [ports[0]!, ports[1]!];
}

/** Resolves when the process prints `text` (the server says when nginx answers). */
function printed(child: ChildProcess, text: string): Promise<void> {
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(text)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before printing ${text}:\n${output}`)));
  });
}

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** Waits (up to 10 s) until nothing the run started is left; a kernel signal takes milliseconds. */
async function nothingLeft(pids: number[], ports: number[]) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const running = pids.filter(isRunning);
    const open = [];
    for (const port of ports) if (!(await refuses(port))) open.push(port);
    if (!running.length && !open.length) return;
    if (Date.now() > deadline) {
      const held = open.map((port) => `${port}: ${JSON.stringify(portHolders(port))}`);
      throw new Error(`left behind: processes ${JSON.stringify(running)}; ports ${held.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** SIGKILLs `child` (no handler of its own runs), then waits until nothing it started is left. */
async function killAndLook(child: ChildProcess, startedBelow: RegExp, ports: number[]) {
  const below = descendants(child.pid!);
  expect(below.map((p) => p.command).join('\n')).toMatch(startedBelow);
  started.push(...below.map((p) => p.pid));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  await nothingLeft(
    below.map((p) => p.pid),
    ports,
  );
}

function serverEnv(dist: string, dataDir: string, port: number, nginxPort: number) {
  return {
    ...process.env,
    E2E_SKIP_BUILD: '1',
    E2E_DIST: dist,
    E2E_DATA_DIR: dataDir,
    E2E_PORT: String(port),
    E2E_NGINX_PORT: String(nginxPort),
  };
}

describe.skipIf(!existsSync(NGINX))('a browser-test run killed half-way', () => {
  it('leaves no process and no port behind when the server itself is killed', async () => {
    const { dist, dataDir } = await tinyDist();
    const [port, nginxPort] = await freePorts();
    const server = spawn(process.execPath, ['scripts/e2e-server.ts'], {
      cwd: root,
      env: serverEnv(dist, dataDir, port, nginxPort),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    started.push(server.pid!);
    await printed(server, `nginx on http://127.0.0.1:${nginxPort}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${nginxPort}/en/home`)).status).toBe(200);
    await killAndLook(server, /nginx/, [port, nginxPort]);
  }, 60_000);

  it('leaves no process and no port behind when the run that started the server is killed', async () => {
    const { dist, dataDir } = await tinyDist();
    const [port, nginxPort] = await freePorts();
    // The run, as Playwright starts its webServer: a shell, a process group of its own, stdin a pipe.
    const command = `'${process.execPath}' scripts/e2e-server.ts`;
    const run = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn(process.argv[1], { shell: true, detached: true, stdio: ['pipe', 'inherit', 'inherit'] });`,
        command,
      ],
      { cwd: root, env: serverEnv(dist, dataDir, port, nginxPort), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    started.push(run.pid!);
    await printed(run, `nginx on http://127.0.0.1:${nginxPort}`);
    expect((await fetch(`http://127.0.0.1:${nginxPort}/en/home`)).status).toBe(200);
    await killAndLook(run, /e2e-server\.ts[^]*nginx/, [port, nginxPort]);
  }, 60_000);
});
