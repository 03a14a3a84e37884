// HMAC-SHA256 signatures of the CMS webhook: "sha256=<hex of HMAC(secret, `${timestamp}.${body}`)>".
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signWebhook(secret: string, body: string, timestamp: number): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers a CMS delivery carries: its timestamp (seconds) and the signature over it and the body. */
export function signedWebhookHeaders(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return { 'x-webhook-timestamp': String(timestamp), 'x-webhook-signature': signWebhook(secret, body, timestamp) };
}

export function verifyWebhook(
  secret: string,
  body: string,
  timestampHeader: string,
  signatureHeader: string,
  nowSeconds: number,
  maxAgeSeconds = 300,
): boolean {
  if (!secret || !/^\d+$/.test(timestampHeader)) return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowSeconds - timestamp) > maxAgeSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp));
  const given = Buffer.from(signatureHeader);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
