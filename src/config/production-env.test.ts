// The environment of the builds and renderers the service starts is production's, even when the
// service runs inside a test runner (whose mode Vitest puts in process.env).
import { describe, expect, it } from 'vitest';
import { productionEnv } from './production-env.ts';

describe('the environment of a build or renderer process', () => {
  it('has none of the test runner’s keys and NODE_ENV=production; the settings stay', () => {
    // What Vitest gives this process (what the builds once inherited).
    expect(process.env).toMatchObject({ NODE_ENV: 'test', MODE: 'test', DEV: '1', SSR: '1', VITEST: 'true' });
    const env = productionEnv({ ...process.env, CMS_URL: 'http://127.0.0.1:4001/', SITE_URL: 'https://x.ca' });
    for (const key of [
      'DEV',
      'PROD',
      'MODE',
      'SSR',
      'BASE_URL',
      'TEST',
      'VITEST',
      'VITEST_POOL_ID',
      'VITEST_WORKER_ID',
    ])
      expect(env, key).not.toHaveProperty(key);
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
      CMS_URL: 'http://127.0.0.1:4001/',
      SITE_URL: 'https://x.ca',
      PATH: process.env.PATH,
    });
  });

  it('asks the native modules’ allocator for no transparent huge pages, unless the operator says otherwise', () => {
    expect(productionEnv({ PATH: '/usr/bin' })).toMatchObject({ MIMALLOC_ALLOW_THP: '0' });
    expect(productionEnv({ PATH: '/usr/bin', MIMALLOC_ALLOW_THP: '1' })).toMatchObject({ MIMALLOC_ALLOW_THP: '1' });
  });
});
