// A random UUID (version 4) for idempotency keys, on every browser of the target
// (docs/browser-support.md): crypto.randomUUID came late (Safari 15.4, Chrome 92, Firefox 95) and
// exists only on https or localhost; crypto.getRandomValues is everywhere. A rule module, so each
// page script gets its own copy and stays inline (src/release/build/page-script-copies.ts).

interface RandomSource {
  getRandomValues(array: Uint8Array): Uint8Array;
  randomUUID?: () => string;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function randomUuid(source: RandomSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
