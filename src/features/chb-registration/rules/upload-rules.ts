// Upload rules shared by the registration island and the intake service: 7 MB at most, and only
// PDF, JPG, TIFF or PNG, decided by the file's first bytes (a renamed file is still refused).

export const MAX_UPLOAD_BYTES = 7 * 1024 * 1024;

export const ALLOWED_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/tiff', 'image/png'] as const;
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number];

const signatures: Array<[AllowedFileType, number[]]> = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/tiff', [0x49, 0x49, 0x2a, 0x00]], // II*\0 (little-endian)
  ['image/tiff', [0x4d, 0x4d, 0x00, 0x2a]], // MM\0* (big-endian)
];

/** Bytes enough to decide: the longest signature. */
export const HEAD_BYTES = Math.max(...signatures.map(([, sig]) => sig.length));

/** The allowed type the bytes start with, or null. Needs the first HEAD_BYTES bytes at most. */
export function detectFileType(head: Uint8Array): AllowedFileType | null {
  for (const [type, sig] of signatures) {
    if (head.length >= sig.length && sig.every((b, i) => head[i] === b)) return type;
  }
  return null;
}

const EXTENSIONS: Record<AllowedFileType, string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/tiff': ['tif', 'tiff'],
  'image/png': ['png'],
};

/**
 * The file name with the extension of the type its bytes are (`invoice.html` of a PDF:
 * `invoice.pdf`), so that whoever opens it at the CMS opens what it is; a matching one is kept.
 */
export function nameOfType(filename: string, type: AllowedFileType): string {
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  if (EXTENSIONS[type].includes(extension)) return filename;
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  return `${stem}.${EXTENSIONS[type][0]!}`;
}

/** Does `head` start some allowed type, or could it still (fewer bytes than the signature)? */
export function headVerdict(head: Uint8Array): 'ok' | 'undecided' | 'refused' {
  if (detectFileType(head)) return 'ok';
  if (head.length >= HEAD_BYTES) return 'refused';
  return signatures.some(([, sig]) => head.length < sig.length && head.every((b, i) => sig[i] === b))
    ? 'undecided'
    : 'refused';
}

/** Their messages are in src/features/chb-registration/messages.ts (uploadMessages). */
export type UploadErrorCode = 'too_large' | 'wrong_type' | 'unknown' | 'client_quota' | 'storage_full';

/**
 * The intake service answers 413 for a file over the limit, 415 for a refused type, 429 when this
 * address has uploaded its share for now, 507 when the uploads quota or the server's storage is full.
 */
export const uploadErrorFromStatus = (status: number): UploadErrorCode =>
  (({ 413: 'too_large', 415: 'wrong_type', 429: 'client_quota', 507: 'storage_full' }) as const)[status] ?? 'unknown';

/**
 * Whether an upload request is worth sending again after this answer (0: no answer, a network
 * error). A refusal (4xx, and 507: the quota or the storage is full) stands, so the reader sees its
 * message at once rather than after every retry delay; 409 and 423 are tus asking the client to
 * ask again where the upload stands, and other server errors may pass.
 */
export const retryUploadAfter = (status: number): boolean =>
  status === 409 || status === 423 || !(status === 507 || (status >= 400 && status < 500));
