// The build's session reaches the modules Astro evaluates in Vite's module graph: a second
// instance of the module (another URL, as Vite loads it) sees the session the build started.
import { afterEach, describe, expect, it } from 'vitest';
import { buildSession, endBuildSession, startBuildSession } from './build-session.ts';
import { pageCacheKey } from './cache-key.ts';

afterEach(() => endBuildSession());

describe('the build session', () => {
  it('is one for every instance of the module, and gone when the build ends', async () => {
    const other = (await import(/* @vite-ignore */ `./build-session.ts?instance=${Date.now()}`)) as {
      buildSession: typeof buildSession;
    };
    expect(other.buildSession).not.toBe(buildSession);
    startBuildSession({ cmsUrl: 'http://cms.test/', warningsFile: '/tmp/w.jsonl', pageKeyConfig: '[]' });
    expect(other.buildSession()).toEqual({
      cmsUrl: 'http://cms.test/',
      warningsFile: '/tmp/w.jsonl',
      pageKeyConfig: '[]',
    });
    endBuildSession();
    expect(other.buildSession()).toBeUndefined();
  });

  it("gives pages a key covering the build's configuration, and none outside a build", () => {
    expect(pageCacheKey({ a: 1 })).toBeUndefined();
    startBuildSession({ cmsUrl: 'http://cms.test/', pageKeyConfig: '["en"]' });
    const key = pageCacheKey({ a: 1 });
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(pageCacheKey({ a: 2 })).not.toBe(key);
    startBuildSession({ cmsUrl: 'http://cms.test/', pageKeyConfig: '["fr"]' });
    expect(pageCacheKey({ a: 1 })).not.toBe(key);
  });
});
