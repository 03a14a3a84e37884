// Sending a file of the built site on the Node response: through `send` (Express's static-file
// core: ETag, Last-Modified, 304, Range/206, 416) confined to the site's folder, and the error page
// with a plain 404.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import send from 'send';

/** Sends `file` (inside `base`) with a 200, 206, 304 or 416 as the request asks. */
export async function sendFile(req: IncomingMessage, res: ServerResponse, base: string, file: string) {
  await new Promise<void>((resolve) => {
    const relative = `/${path.relative(base, file).split(path.sep).map(encodeURIComponent).join('/')}`;
    const stream = send(req, relative, {
      root: base,
      index: false,
      dotfiles: 'allow',
      etag: true,
      lastModified: true,
      cacheControl: false,
      acceptRanges: true,
    });
    stream.on('error', (error: { status?: number }) => {
      // Gone between the look-up and the read (a release switch), or an unsatisfiable range: send says so.
      res.removeHeader('content-encoding');
      res.statusCode = error.status ?? 500;
      res.end();
      resolve();
    });
    res.once('close', () => resolve());
    res.once('finish', () => resolve());
    stream.pipe(res);
  });
}

/** Sends the error page with a 404 (no body for HEAD). */
export async function sendNotFound(req: IncomingMessage, res: ServerResponse, file: string) {
  const info = await stat(file);
  res.writeHead(404, { 'content-length': String(info.size) });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
      .once('close', resolve)
      .once('finish', resolve);
  });
}
