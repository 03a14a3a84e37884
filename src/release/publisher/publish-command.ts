// PUBLISH_COMMAND: an operator's command run after each release went live (a CDN upload, say),
// in the service's environment with RELEASE_DIR (the release's site folder) and RELEASE_ID.
import { spawn } from 'node:child_process';
import type { Release } from '../releases.ts';

export function runPublishCommand(
  command: string,
  cwd: string,
  release: Release,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, [], {
      cwd,
      shell: true,
      env: { ...process.env, RELEASE_DIR: release.siteDir, RELEASE_ID: release.id },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
