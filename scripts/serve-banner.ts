// What `npm run serve` (and so `npm start`) prints once it listens: where the site is, what is
// on and off, and what to do next, instead of a bare URL.
import path from 'node:path';

export interface BannerInput {
  url: string;
  root: string;
  dataDir: string;
  distDir: string;
  cmsUrl?: string | undefined;
  webhook: boolean;
  /** PUBLISHER_URL: the publisher run apart (else this node's child). */
  publisherUrl?: string | undefined;
  editorToken: boolean;
  preview: boolean;
  webformUrl?: string | undefined;
}

export function serveBanner(input: BannerInput): string {
  const base = input.url.replace(/\/$/, '');
  const rel = (p: string) => {
    const relative = path.relative(input.root, p);
    return relative.startsWith('..') || path.isAbsolute(relative) ? p : relative || '.';
  };
  const lines = [
    '',
    `Site and intake service on ${base}`,
    `  English: ${base}/en/home   French: ${base}/fr/home`,
    `  Serving: ${rel(input.distDir)}/ (\`npm run build\` remakes it from ${input.cmsUrl ?? 'the local CMS snapshot in scripts/local-cms/snapshot/'})`,
    `  Data folder: ${rel(input.dataDir)}/ (submissions, uploads and the outbox; owner-only)`,
    input.webformUrl
      ? `  Forwarding submissions to ${input.webformUrl} (failed ones: npm run outbox)`
      : '  Forwarding: off (WEBFORM_URL unset): submissions stay in the data folder',
    input.webhook
      ? `  Rebuild webhook: POST ${base}/hooks/cms; editors' page ${base}/hooks/cms/publishing${input.editorToken ? '' : ' (with the webhook secret; set EDITOR_TOKEN for editors)'}`
      : '  Rebuild on CMS saves: off (set WEBHOOK_SECRET)',
    ...(input.webhook
      ? [
          input.publisherUrl
            ? `  Publisher: ${input.publisherUrl} (npm run publisher, apart)`
            : '  Publisher: a child process of this one (builds and the resident renderer run under it)',
        ]
      : []),
    input.preview
      ? `  Draft preview: ${base}/preview/{lang}/{bundle}/{uuid}?token=…`
      : '  Draft preview: off (set PREVIEW_TOKEN)',
    '',
    'Next: `npm run cms` runs the local CMS alone on port 4322 (editor writes with CMS_USER and CMS_PASSWORD set);',
    'docs/configuration.md lists every setting. Ctrl+C stops the service.',
    '',
  ];
  return lines.join('\n');
}
