// The draft preview's renderer, in a process of its own (preview-renderer.ts starts it with a heap
// limit): it loads the preview build's server entry and answers on a Unix socket in a folder only
// the service's user can open. A draft that costs more than the heap ends this process, never the
// intake service. What it needs (the entry, the socket, the CMS and its account) comes in its first
// IPC message, not in its environment.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { messageOf } from '../i18n/index.ts';
import { previewLang } from './preview-lang.ts';
import type { RenderStart } from './preview-renderer.ts';

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals?: object,
) => Promise<void>;

async function serve(start: RenderStart) {
  const { handler } = (await import(pathToFileURL(start.entry).href)) as { handler: Middleware };
  const locals = {
    preview: {
      cmsUrl: start.cmsUrl,
      user: start.cmsUser,
      password: start.cmsPassword,
      maxResponseBytes: start.maxResponseBytes,
    },
  };
  const server = createServer((req, res) => {
    const lang = previewLang(req.url ?? '');
    const notFound = () => {
      if (res.headersSent) return;
      // The site's own words for it (« Page introuvable »), in the language of the path.
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(messageOf(lang, 'error.title'));
    };
    void handler(req, res, notFound, locals);
  });
  server.listen(start.socket, () => process.send?.({ type: 'ready' }));
}

process.once('message', (start: RenderStart) => void serve(start));
// The service went away (its IPC channel closed): nothing is left to render for.
process.on('disconnect', () => process.exit(0));
