// Issue 43 item 7: a `%PDF-` file named `invoice.html` was forwarded to the CMS under that name,
// where whoever opens it gets an HTML file (or the CMS serves it as one). The name the CMS gets
// carries the extension of the type the service found in the file's first bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalCms } from '../../scripts/local-cms/server.ts';
import { startServer } from '../../src/service/start.ts';
import { pdf, png, upload, validApplication } from '../../src/features/chb-registration/tests/support.ts';
import { json, raw, waitFor } from './support.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function forwardedNames(files: Array<{ name: string; bytes: Uint8Array }>) {
  const cms = await startLocalCms({ port: 0 });
  closers.push(cms.close);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sec-upload-names-'));
  closers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    port: 0,
    site: { distDir: path.join(dataDir, 'none') },
    dataDir,
    log: () => undefined,
    forwarding: { webformUrl: cms.url, retryMs: 30 },
  });
  closers.push(server.close);
  const uploads = [];
  for (const file of files) {
    const sent = await upload(server.url, file.bytes, { filename: file.name, group: 'rental' });
    expect(sent.last.status).toBe(204);
    uploads.push({ uploadId: sent.id, group: 'rental', name: file.name });
  }
  expect((await raw(server.url, '/api/applications', json(validApplication(uploads)))).status).toBe(201);
  await waitFor(() => cms.webform.submissions.some((s) => s.webform_id === 'chb_registration'));
  return cms.webform.files.map((f) => f.filename);
}

describe('the name a document is forwarded under', () => {
  it('a %PDF- file named invoice.html reaches the CMS as invoice.pdf', async () => {
    expect(await forwardedNames([{ name: 'invoice.html', bytes: pdf() }])).toEqual(['invoice.pdf']);
  });

  it('variant: a PNG named .pdf, a PDF with no extension, and names that already match are kept', async () => {
    expect(
      await forwardedNames([
        { name: 'pay stub.PDF.svg', bytes: png() },
        { name: 'lease', bytes: pdf() },
        { name: 'Scan.PNG', bytes: png() },
        { name: 'bail.pdf', bytes: pdf() },
      ]),
    ).toEqual(['pay stub.PDF.png', 'lease.pdf', 'Scan.PNG', 'bail.pdf']);
  });
});
