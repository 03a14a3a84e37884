// Encryption at rest of the application's most sensitive values (SIN, dates of birth):
// AES-256-GCM with a random 96-bit nonce per value, authenticated with the field it belongs to
// (application number and path as additional data), so a sealed value can't be moved elsewhere.
// The key is the node's (src/service/node-key.ts: ENCRYPTION_KEY).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

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
