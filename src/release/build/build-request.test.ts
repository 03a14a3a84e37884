// How a build is asked for: the flags of scripts/build.ts and the publisher's JSON line, one schema.
import { describe, expect, it } from 'vitest';
import { parseBuildArgs, parseWarmBuildMessage } from './build-request.ts';

describe('parseBuildArgs', () => {
  it('reads every option of a build, and nothing when no flag is given', () => {
    expect(parseBuildArgs([])).toEqual({ wait: false, request: {} });
    expect(
      parseBuildArgs([
        '--out-dir',
        '/r/1/site',
        '--previous-release',
        '/r/0/site',
        '--nginx-root',
        '/r/current/site',
        '--cache-dir',
        '/r/.cache',
        '--defer-search-index',
        '--wait',
      ]),
    ).toEqual({
      wait: true,
      request: {
        outDir: '/r/1/site',
        previousRelease: '/r/0/site',
        nginxRoot: '/r/current/site',
        cacheDir: '/r/.cache',
        deferSearchIndex: true,
      },
    });
  });

  it('refuses an unknown flag or an empty folder, with the usage', () => {
    expect(() => parseBuildArgs(['--previous', 'x'])).toThrow(/usage: node scripts\/build\.ts/);
    expect(() => parseBuildArgs(['--out-dir', ''])).toThrow();
  });
});

describe('parseWarmBuildMessage', () => {
  const good = { request: { outDir: '/r/1/site' }, settings: { SITE_URL: 'https://x.test' }, requestedAt: 1 };

  it('takes the request, the settings and when the build was asked for', () => {
    expect(parseWarmBuildMessage(JSON.stringify(good))).toEqual(good);
  });

  it('refuses a message that does not fit, naming the field', () => {
    expect(() => parseWarmBuildMessage(JSON.stringify({ ...good, requestedAt: 'now' }))).toThrow(/requestedAt/);
    expect(() => parseWarmBuildMessage(JSON.stringify({ ...good, request: { OUT_DIR: '/x' } }))).toThrow(
      /Bad build request/,
    );
    expect(() => parseWarmBuildMessage(JSON.stringify({ ...good, settings: { PORT: 1 } }))).toThrow(/settings/);
  });
});
