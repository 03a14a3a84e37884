// From the environment to startServer's options in one step, each feature's settings read with the
// service's (a bad one named like any other) and turned into that feature's options by the feature.
import { describe, expect, it } from 'vitest';
import { parseServiceConfig } from './service.ts';
import { serverOptionsFrom } from './service-options.ts';

const MB = 1024 * 1024;

describe("a feature's settings", () => {
  it('are validated with the service’s, one message naming each bad one', () => {
    expect(() => parseServiceConfig({ UPLOADS_CLIENT_QUOTA_MB: '3', RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(
      /RATE_LIMIT_PER_MINUTE: .*\n {2}UPLOADS_CLIENT_QUOTA_MB: /,
    );
  });

  it('become its options (the uploads’ quota), beside the service’s own limits', () => {
    const options = serverOptionsFrom(
      parseServiceConfig({ UPLOADS_QUOTA_MB: '10', RATE_LIMIT_PER_MINUTE: '7' }),
      '/srv',
    );
    expect(options.limits).toMatchObject({
      rateLimitPerMinute: 7,
      uploadQuota: { totalBytes: 10 * MB, perClientBytes: 100 * MB, reserveBytes: 512 * MB },
    });
  });
});
