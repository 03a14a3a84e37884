// The three schemas: defaults, one message naming every bad setting (a secret's value never
// shown), and the processes that stop on one (the local CMS here; the build in
// tests/site/configuration.test.ts, the service in tests/security/startup.test.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLocalCmsConfig } from './local-cms.ts';
import { parseServiceConfig } from './service.ts';
import { parseSiteEnv } from './site-env.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the service configuration', () => {
  it('has its defaults, an empty value counting as unset', () => {
    expect(parseServiceConfig({ HOST: '', RELEASES_DIR: '' })).toMatchObject({
      PORT: 4321,
      HOST: '127.0.0.1',
      RELEASES_DIR: 'releases',
      RATE_LIMIT_PER_MINUTE: 20,
      PUBLISH_ALLOW_DROP: false,
    });
  });

  it('reads PUBLISH_ALLOW_DROP as 1/0 and refuses anything else by name', () => {
    expect(parseServiceConfig({ PUBLISH_ALLOW_DROP: '1' }).PUBLISH_ALLOW_DROP).toBe(true);
    expect(parseServiceConfig({ PUBLISH_ALLOW_DROP: '0' }).PUBLISH_ALLOW_DROP).toBe(false);
    expect(() => parseServiceConfig({ PUBLISH_ALLOW_DROP: 'yes please' })).toThrow(
      /PUBLISH_ALLOW_DROP: must be 1 or 0/,
    );
  });

  it('names a bad secret without showing it', () => {
    let message = '';
    try {
      parseServiceConfig({ WEBHOOK_SECRET: 'short-secret', RATE_LIMIT_PER_MINUTE: 'many' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/WEBHOOK_SECRET: must be at least 16 characters/);
    expect(message).toMatch(/RATE_LIMIT_PER_MINUTE:/);
    expect(message).not.toContain('short-secret');
  });
});

describe('the build configuration', () => {
  it('takes CMS_URL, OUT_DIR and the embedded CMS settings, empty meaning unset', () => {
    expect(parseSiteEnv({ CMS_URL: '', OUT_DIR: '' })).toMatchObject({
      OUT_DIR: 'dist',
      ASTRO_CACHE_DIR: 'node_modules/.astro',
      LOCAL_CMS_SCALE: 0,
    });
    expect(parseSiteEnv({ CMS_URL: '' }).CMS_URL).toBeUndefined();
    expect(() => parseSiteEnv({ LOCAL_CMS_SCALE: 'lots' })).toThrow(/LOCAL_CMS_SCALE: .*\(got "lots"\)/);
  });
});

describe('the local CMS configuration', () => {
  it('has its defaults and names a bad port', () => {
    expect(parseLocalCmsConfig({})).toMatchObject({ CMS_PORT: 4322, LOCAL_CMS_SCALE: 0, CMS_PASSWORD: '' });
    expect(() => parseLocalCmsConfig({ CMS_PORT: 'abc' })).toThrow(/CMS_PORT: must be a whole number/);
  });

  it('npm run cms stops on a bad value, naming it', () => {
    const result = spawnSync(path.join(root, 'node_modules/.bin/node'), ['scripts/local-cms/main.ts'], {
      cwd: root,
      env: { ...process.env, CMS_PORT: '43.5' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:\n {2}CMS_PORT: must be a whole number/);
  });
});
