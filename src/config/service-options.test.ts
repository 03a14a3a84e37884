// From the environment to startServer's options in one step, each feature's settings read with the
// service's (a bad one named like any other) and turned into that feature's options by the feature.
import { describe, expect, it } from 'vitest';
import { parseServiceConfig } from './service.ts';
import {
  databaseSchema,
  optionsFrom,
  publisherSchema,
  releasesSchema,
  serveSchema,
  serverOptionsSchema,
} from './service-options.ts';

const MB = 1024 * 1024;

describe("a feature's settings", () => {
  it('are validated with the service’s, one message naming each bad one', () => {
    expect(() => parseServiceConfig({ UPLOADS_CLIENT_QUOTA_MB: '3', RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(
      /RATE_LIMIT_PER_MINUTE: .*\n {2}UPLOADS_CLIENT_QUOTA_MB: /,
    );
  });

  it('become its options (the uploads’ quota), beside the service’s own limits', () => {
    const options = optionsFrom(serverOptionsSchema('/srv'), { UPLOADS_QUOTA_MB: '10', RATE_LIMIT_PER_MINUTE: '7' });
    expect(options.limits).toMatchObject({
      rateLimitPerMinute: 7,
      uploadQuota: { totalBytes: 10 * MB, perClientBytes: 100 * MB, reserveBytes: 512 * MB },
    });
  });
});

describe('each process’s one schema', () => {
  const root = '/srv/site';

  it('refuses a setting another one requires by name, as it refuses a bad value', () => {
    expect(() => optionsFrom(serverOptionsSchema(root), { PREVIEW_TOKEN: 'p'.repeat(16) })).toThrow(
      'Invalid configuration:\n  CMS_URL: required with PREVIEW_TOKEN (the CMS the preview reads drafts from)',
    );
    expect(() => optionsFrom(publisherSchema(root), {})).toThrow(
      'Invalid configuration:\n  PUBLISHER_TOKEN: required by npm run publisher (the token between the intake nodes and the publisher)',
    );
  });

  it('checks every setting of the service, whichever process reads them (one environment for all)', () => {
    for (const schema of [databaseSchema(root), releasesSchema(root), publisherSchema(root)])
      expect(() => optionsFrom(schema, { RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/ {2}RATE_LIMIT_PER_MINUTE: /);
  });

  it('yields the options the process takes, folders from the project folder, empty values unset', () => {
    expect(optionsFrom(databaseSchema(root), { DATA_DIR: 'var/intake', DATABASE_URL: '' })).toEqual({
      dataDir: '/srv/site/var/intake',
      databaseUrl: undefined,
      database: { connectTimeoutMs: 5000, statementTimeoutMs: 15000 },
    });
    expect(optionsFrom(releasesSchema(root), {})).toEqual({ releasesDir: '/srv/site/releases' });
    const token = 't'.repeat(32);
    expect(optionsFrom(publisherSchema(root), { PUBLISHER_TOKEN: token, PUBLISHER_PORT: '4400' })).toMatchObject({
      root,
      releasesDir: '/srv/site/releases',
      port: 4400,
      token,
      followsCallerEnv: false,
    });
    const serve = optionsFrom(serveSchema(root), { WEBHOOK_SECRET: 's'.repeat(16), CMS_URL: 'https://cms.example.ca' });
    expect(serve.banner).toMatchObject({ webhook: true, cmsUrl: 'https://cms.example.ca', preview: false });
    expect(serve.server.publishing?.releasesDir).toBe('/srv/site/releases');
  });
});
