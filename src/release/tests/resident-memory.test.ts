// A resident renderer that runs out of memory mid-build (a fault loaded into it,
// faults/heap-exhausted-on-build.ts, allocates until V8's heap limit, PUBLISH_RESIDENT_MEMORY_MB,
// ends its process): the full build makes the release, which goes live, the publisher's status
// says why, and a new renderer comes with it. (Killed or hung: resident-build.test.ts.)
// It starts from the run's shared first release (shared-first-release.ts): the renderer that takes
// it as its base is the one that runs out of memory, on the first edit.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseChecks } from './release-checks.ts';
import { copySharedFirstRelease } from './shared-first-release.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'memory' };
const EDITED = '/program/home-support-services';
const fault = pathToFileURL(path.join(import.meta.dirname, 'faults/heap-exhausted-on-build.ts')).href;
const nodeOptions = process.env.NODE_OPTIONS;
let publishing: Publishing | undefined;
let checks: ReturnType<typeof releaseChecks>;

beforeAll(async () => {
  // The builds' settings are the service's environment: the renderer and the full build get the fault.
  process.env.NODE_OPTIONS = `${nodeOptions ?? ''} --import=${fault}`.trim();
  publishing = await startPublishing('resident-memory', {
    secret,
    auth,
    env: { PUBLISH_RESIDENT_MEMORY_MB: '256' },
    prepare: copySharedFirstRelease,
  });
  checks = releaseChecks(publishing, { secret, auth });
}, 600_000);

afterAll(async () => {
  if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = nodeOptions;
  await publishing?.close();
  if (publishing) await rm(publishing.work, { recursive: true, force: true });
});

describe('a resident renderer out of memory', () => {
  it('ends; the full build makes the release, which goes live, and the status says why', async () => {
    // No renderer yet: the first edit starts the one that takes the live release as its base.
    expect((await checks.status()).resident.pid).toBeNull();
    const s = await checks.retitle(EDITED, 'Home Support Services (renderer out of memory)');
    expect(s.lastBuild?.result).toBe('success');
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'full',
      reason: expect.stringMatching(/process (had )?ended \(.*out of memory\)/),
    });
    expect((await checks.served(`/en${EDITED}`)).text).toContain('(renderer out of memory)');
    expect((await checks.served(`/fr${EDITED}`)).status).toBe(200);
    // A new renderer came with the full build, in a process that is running.
    expect(s.resident.pid).toEqual(expect.any(Number));
    expect(() => process.kill(s.resident.pid!, 0)).not.toThrow();
  }, 300_000);
});
