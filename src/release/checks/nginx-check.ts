// The release's nginx include, checked by nginx itself when nginx is on this machine: `nginx -t`
// on a throw-away configuration that includes it in one server block (as the operator's does),
// with the security headers beside it. An include nginx refuses would fail the operator's reload
// and nginx's next start after the release went live; the release is refused before instead.
// Without nginx (a CDN-only host) there is nothing to check against and the check passes.
// An include and headers byte for byte those of the live release were checked when it went live:
// nginx is not asked again (it reads the 20,000 locations of 5,000 programs per language in 0.3 s).
import { execFile } from 'node:child_process';
import { access, constants, copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEPLOY_FILES, deployPath } from '../deploy-files.ts';
import { writeWhole } from '../write-whole.ts';

const run = promisify(execFile);

/** Where Debian and other distributions, and a build from source, put nginx. */
const PLACES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

const exists = (file: string, mode = constants.F_OK) =>
  access(file, mode).then(
    () => true,
    () => false,
  );

/** The nginx binary of this machine, or null. */
async function findNginx(): Promise<string | null> {
  for (const place of PLACES) if (await exists(place, constants.X_OK)) return place;
  return null;
}

const NGINX_FILES = [DEPLOY_FILES.nginx, DEPLOY_FILES.nginxHeaders];

/** Both deploy folders have the include and the headers, the same bytes (a file missing in either: no). */
async function sameNginxFiles(deployDir: string, liveDeployDir: string): Promise<boolean> {
  const read = (dir: string) => Promise.all(NGINX_FILES.map((file) => readFile(deployPath(dir, file))));
  const [mine, live] = await Promise.all([read(deployDir), read(liveDeployDir)]).catch(() => [null, null]);
  return Boolean(mine && live && mine.every((bytes, i) => bytes.equals(live[i]!)));
}

/**
 * What `nginx -t` says is wrong with the include of `deployDir` (none: an empty list). `nginx`:
 * the binary (found on this machine by default; null skips the check). `liveDeployDir`: the live
 * release's, whose include passed this check when it went live.
 */
export async function nginxIncludeProblems(
  deployDir: string,
  options: { nginx?: string | null; liveDeployDir?: string | null } = {},
): Promise<string[]> {
  const nginx = options.nginx === undefined ? await findNginx() : options.nginx;
  const include = deployPath(deployDir, DEPLOY_FILES.nginx);
  if (
    !nginx ||
    !(await access(include).then(
      () => true,
      () => false,
    ))
  )
    return [];
  if (options.liveDeployDir && (await sameNginxFiles(deployDir, options.liveDeployDir))) return [];
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'nginx-check-'));
  try {
    await copyFile(include, path.join(prefix, 'site.conf'));
    // Beside the include, under the name its `include` line gives (the manifest's).
    const headers = path.join(prefix, DEPLOY_FILES.nginxHeaders.name);
    await copyFile(deployPath(deployDir, DEPLOY_FILES.nginxHeaders), headers).catch(() =>
      writeWhole(headers, '', { sync: false }),
    );
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((name) => `${name}_temp_path ${prefix}/${name};`)
      .join(' ');
    const main = path.join(prefix, 'main.conf');
    await writeWhole(
      main,
      `pid ${prefix}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp { ${temp}\n  server { listen 127.0.0.1:1; include ${prefix}/site.conf; }\n}\n`,
      { sync: false },
    );
    try {
      await run(nginx, ['-t', '-q', '-e', 'stderr', '-p', prefix, '-c', main], { timeout: 30_000 });
      return [];
    } catch (error) {
      const said = `${(error as { stderr?: string }).stderr ?? ''}`.trim() || (error as Error).message;
      const lines = said.split('\n').map((l) => l.replaceAll(`${prefix}/site.conf`, DEPLOY_FILES.nginx.name));
      return [`nginx -t refused the release's nginx include: ${lines.slice(-3).join(' ')}`];
    }
  } finally {
    await rm(prefix, { recursive: true, force: true });
  }
}
