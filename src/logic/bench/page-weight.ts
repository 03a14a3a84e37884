// Bytes a first view of a built page costs: the HTML plus the CSS and JavaScript it references
// (module scripts and their static imports), gzip and brotli, read from the build output.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Static imports of Vite's output chunks: `import{a}from"./x.js"` or `import"./x.js"`. */
export const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[\w.$-]+\.js)["']/g;

export interface Weight { html: number; css: number; js: number; total: number; brotliTotal: number; files: string[] }

function gz(buffer: Buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

export function firstViewWeight(distDir: string, pagePath: string): Weight {
  const htmlFile = path.join(distDir, pagePath.replace(/^\//, ''), 'index.html');
  const html = readFileSync(htmlFile);
  const text = html.toString('utf8');
  const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const scripts = new Set<string>();
  const queue = [...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  // Static imports of module scripts load on first view too; dynamic import() ones do not.
  while (queue.length) {
    const src = queue.shift()!;
    if (scripts.has(src) || !src.startsWith('/')) continue;
    scripts.add(src);
    const code = readFileSync(path.join(distDir, src)).toString('utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      queue.push(new URL(m[1]!, `http://x${src}`).pathname);
    }
  }
  const sizes = (files: string[]) => files.map((f) => readFileSync(path.join(distDir, f)));
  const cssBuffers = sizes(css);
  const jsBuffers = sizes([...scripts]);
  const all = [html, ...cssBuffers, ...jsBuffers];
  return {
    html: gz(html),
    css: cssBuffers.reduce((n, b) => n + gz(b), 0),
    js: jsBuffers.reduce((n, b) => n + gz(b), 0),
    total: all.reduce((n, b) => n + gz(b), 0),
    brotliTotal: all.reduce((n, b) => n + brotliCompressSync(b).length, 0),
    files: [...css, ...scripts],
  };
}
