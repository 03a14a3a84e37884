// Encryption at rest: the development key file (owner-only, with a warning), the configured key,
// and sealed values bound to their application and field.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSealer } from '../server/crypto.ts';
import { parseEncryptionKey } from '../../../service/node-key.ts';
import { closeAll, intake, SIN, validApplication, storedApplication, onEngine } from './support.ts';

afterEach(closeAll);

describe.each(['sqlite', 'postgres'])('encryption at rest on %s', (engine) => {
  onEngine(engine);
  it('generates an owner-only development key with a warning, and uses a configured key without one', async () => {
    const dev = await intake();
    expect(statSync(path.join(dev.dataDir, 'encryption.key')).mode & 0o777).toBe(0o600);
    const warned = dev.logs.map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(warned.some((l) => l.level === 'warn' && l.msg.startsWith('WARNING: ENCRYPTION_KEY is not set'))).toBe(true);

    const key = randomBytes(32);
    const prod = await intake({ intake: { encryptionKey: key.toString('base64') } });
    expect(prod.logs.some((l) => l.includes('ENCRYPTION_KEY'))).toBe(false);
    const response = await prod.submit(validApplication());
    expect(response.status).toBe(201);
    const { applicationNumber } = await response.json();
    const stored = JSON.parse((await storedApplication(prod.server.storage, applicationNumber))!.data);
    expect(stored.applicant.sin).toMatch(/^v1\./);
    expect(createSealer(key).open(stored.applicant.sin, `${applicationNumber}:applicant.sin`)).toBe(SIN);
    // Bound to its field and application: moved elsewhere, it doesn't open.
    expect(() => createSealer(key).open(stored.applicant.sin, `${applicationNumber}:applicant.dateOfBirth`)).toThrow();
    expect(() =>
      createSealer(randomBytes(32)).open(stored.applicant.sin, `${applicationNumber}:applicant.sin`),
    ).toThrow();
  });

  it('refuses a key that is not 32 bytes of base64', () => {
    expect(() => parseEncryptionKey('short')).toThrow(/ENCRYPTION_KEY/);
    expect(parseEncryptionKey(randomBytes(32).toString('base64'))).toHaveLength(32);
  });
});
