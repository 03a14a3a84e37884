import { describe, expect, it } from 'vitest';
import { retryUploadAfter, uploadErrorFromStatus } from './upload-rules.ts';

describe('retryUploadAfter (tus retries of the registration uploads)', () => {
  it('does not retry a refusal: the quota answers (429, 507) and other 4xx', () => {
    for (const status of [400, 403, 404, 410, 413, 415, 429, 460, 499, 507]) {
      expect(retryUploadAfter(status), String(status)).toBe(false);
    }
  });

  it('retries no answer (network error), other server errors, and tus 409 / 423', () => {
    for (const status of [0, 409, 423, 500, 502, 503, 504, 508]) {
      expect(retryUploadAfter(status), String(status)).toBe(true);
    }
  });

  it('each refusal the quota gives has its own message', () => {
    expect(uploadErrorFromStatus(429)).toBe('client_quota');
    expect(uploadErrorFromStatus(507)).toBe('storage_full');
  });
});
