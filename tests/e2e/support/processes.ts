// What holds a port and which processes a run started, read from Linux's /proc (no ss, no ps),
// and how to start a child that dies with its parent:
// the browser-test server refuses to start on a taken port and names the holder, and the
// killed-run test checks that nothing a run started outlives it. Synchronous on purpose:
// playwright.config.ts checks the ports while it loads, before Playwright starts the server.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // the process ended, or belongs to another user
  }
};
const pids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/** The command line of a process, or undefined once it is gone. */
function commandLine(pid: number): string | undefined {
  return read(`/proc/${pid}/cmdline`)?.split('\0').join(' ').trim();
}

/** Fields of /proc/PID/stat after the command name (which may hold spaces and parentheses). */
function stat(pid: number | string): string[] | undefined {
  const text = read(`/proc/${pid}/stat`);
  return text?.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** Alive and not a zombie (a zombie holds no port and runs nothing; its parent has yet to reap it). */
export function isRunning(pid: number): boolean {
  const state = stat(pid)?.[0];
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** Every process below `pid` (children, their children…), with its command line. */
export function descendants(pid: number): Array<{ pid: number; command: string }> {
  const children = new Map<number, number[]>();
  for (const name of pids()) {
    const parent = Number(stat(name)?.[1]);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const found: Array<{ pid: number; command: string }> = [];
  const queue = [...(children.get(pid) ?? [])];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    found.push({ pid: next, command: commandLine(next) ?? '?' });
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** Inodes of the sockets listening on a TCP port (any address, IPv4 or IPv6). */
function listeningSockets(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (read(table) ?? '').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      if (fields[3] === '0A' && parseInt(fields[1]?.split(':')[1] ?? '', 16) === port) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

/** What listens on a TCP port: undefined when free, else the processes (when this user may see them). */
export function portHolders(port: number): Array<{ pid: number; command: string }> | undefined {
  const inodes = listeningSockets(port);
  if (!inodes.size) return undefined;
  const holders: Array<{ pid: number; command: string }> = [];
  for (const name of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${name}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${name}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false;
      }
    });
    if (holds) holders.push({ pid: Number(name), command: commandLine(Number(name)) ?? '?' });
  }
  return holders;
}

/**
 * A message naming what holds each taken port (pid and command line), or undefined when all are
 * free. Said before a run, instead of dozens of browser tests failing against a stale server.
 */
export function takenPortsMessage(ports: Record<string, number>): string | undefined {
  const lines: string[] = [];
  for (const [role, port] of Object.entries(ports)) {
    const holders = portHolders(port);
    if (!holders) continue;
    const who = holders.length
      ? holders.map((h) => `pid ${h.pid}: ${h.command}`).join('; ')
      : 'a process this user cannot see';
    lines.push(`  port ${port} (${role}) is already taken by ${who}`);
  }
  if (!lines.length) return undefined;
  return [
    'The browser tests cannot start: a port they need is taken (a server left by an earlier run?).',
    ...lines,
    'Stop it (kill <pid>), or choose other ports: E2E_PORT=<port> E2E_NGINX_PORT=<port+1>.',
  ].join('\n');
}

const SETPRIV = '/usr/bin/setpriv'; // util-linux; its parent-death signal survives its exec of the command

/**
 * The command and arguments to spawn so that the child is killed when the process (thread) that
 * spawned it dies, even by SIGKILL when no handler runs: Linux's parent-death signal, set by
 * setpriv before it execs the command (same pid). Without setpriv, the command as it is.
 */
export function diesWithParent(command: string, args: string[]): [string, string[]] {
  return existsSync(SETPRIV) ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}
