// An install where npm skipped the `node` package's preinstall (no allowScripts entry, or
// --ignore-scripts) has no node_modules/.bin/node. The README's two commands must then stop with
// the cause and the fix, not run on the machine's older Node into a stack trace from Astro.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'no-node-'));
  for (const file of ['package.json', '.npmrc', 'scripts/check-node.mjs']) {
    mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(project, file));
  }
  // What npm leaves when the preinstall did not run: the package, and a bin link to nothing.
  mkdirSync(path.join(project, 'node_modules/.bin'), { recursive: true });
  cpSync(path.join(root, 'node_modules/node/package.json'), path.join(project, 'node_modules/node/package.json'), {
    recursive: true,
  });
  symlinkSync('../node/bin/node', path.join(project, 'node_modules/.bin/node'));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe.each(['start', 'test'])('npm %s without the pinned Node', (script) => {
  test('stops with the cause and the fix', () => {
    const run = spawnSync('npm', [script], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("The project's Node 24 is missing: node_modules/.bin/node does not exist.");
    expect(run.stderr).toContain('allowScripts');
    expect(run.stderr).toMatch(/Fix: .*npm ci/s);
    expect(run.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(run.stdout + run.stderr).not.toMatch(/astro|vitest/i);
  });
});
