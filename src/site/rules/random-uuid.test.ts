import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomUuid } from './random-uuid.ts';

const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A browser without crypto.randomUUID: only getRandomValues. */
const oldBrowser = { getRandomValues: (a: Uint8Array) => webcrypto.getRandomValues(a) };

describe('randomUuid', () => {
  it('without crypto.randomUUID, makes version 4 UUIDs from getRandomValues, all different', () => {
    const made = Array.from({ length: 2000 }, () => randomUuid(oldBrowser));
    for (const id of made) expect(id).toMatch(v4);
    expect(new Set(made).size).toBe(made.length);
  });

  it('sets the version and variant bits whatever the random bytes', () => {
    expect(randomUuid({ getRandomValues: (a) => a.fill(0xff) })).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(randomUuid({ getRandomValues: (a) => a.fill(0) })).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('uses crypto.randomUUID where the browser has it', () => {
    expect(randomUuid({ ...oldBrowser, randomUUID: () => 'from-the-browser' })).toBe('from-the-browser');
    expect(randomUuid()).toMatch(v4);
  });
});
