// The type of an upload decided by its first bytes as soon as they arrive: a body whose first
// bytes are of no accepted type is refused (415) before tus stores it, and its partial upload
// deleted.
import { HEAD_BYTES, headVerdict } from '../rules/upload-rules.ts';
import type { UploadsRepository } from './storage/types.ts';
import { idOf, UploadRefused } from './upload-answers.ts';
import type { UploadFiles } from './upload-files.ts';
import { peek } from './stream-peek.ts';

/** The offset of the body's first byte when it carries bytes of the head (0 to 7), else undefined. */
function headOffset(request: Request): number | undefined {
  if (!request.body || (request.method !== 'PATCH' && request.method !== 'POST')) return undefined;
  if (request.method === 'POST' && !request.headers.get('content-type')) return undefined;
  const offset = request.method === 'POST' ? 0 : Number.parseInt(request.headers.get('upload-offset') ?? '', 10);
  return offset >= 0 && offset < HEAD_BYTES ? offset : undefined;
}

export function headCheck(files: UploadFiles, storage: UploadsRepository) {
  /** Checks the first bytes of the body before tus stores them (offset 0 to 7 only). */
  return async function checkedRequest(request: Request): Promise<Request | UploadRefused> {
    const offset = headOffset(request);
    if (offset === undefined || !request.body) return request;
    // Only a well-formed tus id names a file (never `..%2F..` out of the uploads folder).
    const id = request.method === 'PATCH' ? idOf(request) : '';
    const before = id && offset > 0 ? await files.readHead(id, offset) : Buffer.alloc(0);
    const { head, stream, cancel } = await peek(request.body, HEAD_BYTES - offset);
    if (headVerdict(Buffer.concat([before, head])) === 'refused') {
      await cancel();
      if (id && (await storage.getUpload(id))?.applicationId === null) await files.discard(id);
      return new UploadRefused(415, 'wrong_type');
    }
    return new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
  };
}
