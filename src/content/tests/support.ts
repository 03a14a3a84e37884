// What the content tests share: the repository's snapshot, and local CMS servers and scratch
// folders that are closed and removed once the test file is done.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';

export const snapshot = path.resolve(import.meta.dirname, '../../../scripts/local-cms/snapshot');

/** Call at the top of a test file: `cms()` starts a local CMS; push a folder to `temp` to remove it. */
export function localCmsServers() {
  const started: Array<{ close: () => Promise<void> }> = [];
  const temp: string[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.close()));
    for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  });
  const cms = async (snapshotDir: string) => {
    const server = await startLocalCms({ port: 0, snapshotDir });
    started.push(server);
    return server;
  };
  return { cms, temp };
}
