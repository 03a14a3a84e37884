// The node's secret (ENCRYPTION_KEY): 32 bytes shared by every intake node, from which the
// features' keys are derived or taken (the application's sealed fields, upload tokens) and the
// rate limits' HMAC key (rate-limit.ts). Development without it: a key generated once in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LogLine } from './log/logger.ts';
import { writeOnce } from './write-once.ts';

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
