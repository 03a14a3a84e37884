// A resident renderer that runs out of memory (its heap capped by PUBLISH_RESIDENT_MEMORY_MB, here
// far below what it needs): V8 ends its process, the full build makes the release, which goes
// live, and the publisher's status says why. (A renderer killed or hung in the middle of a build
// takes the same way: src/release/tests/resident-build.test.ts.)
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseChecks } from './release-checks.ts';
import { startPublishing, type Publishing } from './support.ts';

const secret = 'test-secret-of-sufficient-length';
const auth = { user: 'editor', password: 'memory' };
const EDITED = '/program/home-support-services';
let publishing: Publishing | undefined;
let checks: ReturnType<typeof releaseChecks>;

beforeAll(async () => {
  publishing = await startPublishing('resident-memory', { secret, auth, env: { PUBLISH_RESIDENT_MEMORY_MB: '32' } });
  checks = releaseChecks(publishing, { secret, auth });
  const s = await checks.retitle(EDITED, 'Home Support Services');
  expect(s.lastBuild?.builder?.builder).toBe('full');
}, 600_000);

afterAll(async () => {
  await publishing?.close();
  if (publishing) await rm(publishing.work, { recursive: true, force: true });
});

describe('a resident renderer out of memory', () => {
  it('ends; the full build makes the release, which goes live, and the status says why', async () => {
    const s = await checks.retitle(EDITED, 'Home Support Services (renderer out of memory)');
    expect(s.lastBuild?.result).toBe('success');
    expect(s.lastBuild?.builder).toMatchObject({
      builder: 'full',
      reason: expect.stringContaining('out of memory'),
    });
    expect((await checks.served(`/en${EDITED}`)).text).toContain('(renderer out of memory)');
  }, 300_000);
});
