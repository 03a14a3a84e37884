// Encryption at rest of the application's most sensitive values (SIN, dates of birth):
// AES-256-GCM with a random 96-bit nonce per value, authenticated with the field it belongs to
// (application number and path as additional data), so a sealed value can't be moved elsewhere.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LogLine } from '../../../service/log/logger.ts';
import { writeOnce } from '../../../service/write-once.ts';

const PREFIX = 'v1.';

export interface Sealer {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${iv.toString('base64url')}.${data.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    open(sealed, context) {
      const [iv, data, tag] = sealed.startsWith(PREFIX) ? sealed.slice(PREFIX.length).split('.') : [];
      if (!iv || data === undefined || !tag) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** Decodes ENCRYPTION_KEY (base64 of 32 bytes); the message names the variable, never the value. */
export function parseEncryptionKey(value: string): Buffer {
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(value.trim()) ? Buffer.from(value.trim(), 'base64') : Buffer.alloc(0);
  if (key.length !== 32)
    throw new Error('ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)');
  return key;
}

/**
 * The configured key, or in development a key generated once into DATA_DIR/encryption.key with
 * owner-only permissions (0600), with a warning: production sets ENCRYPTION_KEY from a secret store.
 */
export function loadEncryptionKey(configured: string | undefined, dataDir: string, log: LogLine): Buffer {
  if (configured) return parseEncryptionKey(configured);
  const file = path.join(dataDir, 'encryption.key');
  if (!existsSync(file)) {
    // Never over an existing key (write-once.ts).
    writeOnce(file, `${randomBytes(32).toString('base64')}\n`);
  } else if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
  }
  log(
    `WARNING: ENCRYPTION_KEY is not set; using the development key in ${file} (owner-only). Set ENCRYPTION_KEY in production.`,
    { level: 'warn' },
  );
  return parseEncryptionKey(readFileSync(file, 'utf8'));
}
