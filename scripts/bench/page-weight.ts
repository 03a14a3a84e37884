// Bytes a first view of a built page costs: the HTML plus the CSS and JavaScript it references
// (module scripts and their static imports), gzip and brotli, read from the build output.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** Static imports of Vite's output chunks: `import{a}from"./x.js"` or `import"./x.js"`. */
const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[\w.$-]+\.js)["']/g;

export interface Weight {
  html: number;
  css: number;
  js: number;
  total: number;
  brotliTotal: number;
  files: string[];
}

function gz(buffer: Buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

export function firstViewWeight(distDir: string, pagePath: string): Weight {
  const htmlFile = path.join(distDir, `${pagePath.replace(/^\//, '')}.html`);
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

/** Dynamic imports (`import("./x.js")`, with quotes or backticks) and Vite's preload lists. */
const DYNAMIC_IMPORT = /import\(\s*["'`](\.\/[\w.$-]+\.js)["'`]\s*\)/g;
const PRELOAD_LIST = /m\.f=\[([^\]]*)\]/g;
const ASSET_PATH = /["'`/](_astro\/[\w.$-]+\.(?:js|css))["'`]/g;

/**
 * Bytes of a page once every island and on-demand module it can load has loaded: the first view
 * plus island components and renderers, and every static and dynamic import and stylesheet they
 * reach. This is the ceiling a reader pays after using everything on the page.
 */
export function loadedWeight(distDir: string, pagePath: string): Weight {
  const first = firstViewWeight(distDir, pagePath);
  const text = readFileSync(path.join(distDir, `${pagePath.replace(/^\//, '')}.html`), 'utf8');
  const seen = new Set(first.files);
  const queue = [...text.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]!);
  for (const f of first.files) if (f.endsWith('.js')) queue.push(...referenced(distDir, f));
  const added: string[] = [];
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    added.push(src);
    if (src.endsWith('.js')) queue.push(...referenced(distDir, src));
  }
  const buffers = added.map((f) => readFileSync(path.join(distDir, f)));
  const js = buffers.filter((_, i) => added[i]!.endsWith('.js')).reduce((n, b) => n + gz(b), 0);
  const css = buffers.filter((_, i) => added[i]!.endsWith('.css')).reduce((n, b) => n + gz(b), 0);
  return {
    html: first.html,
    css: first.css + css,
    js: first.js + js,
    total: first.total + js + css,
    brotliTotal: first.brotliTotal + buffers.reduce((n, b) => n + brotliCompressSync(b).length, 0),
    files: [...first.files, ...added],
  };
}

function referenced(distDir: string, src: string): string[] {
  const code = readFileSync(path.join(distDir, src)).toString('utf8');
  const out: string[] = [];
  for (const re of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const m of code.matchAll(re)) out.push(new URL(m[1]!, `http://x${src}`).pathname);
  }
  for (const list of code.matchAll(PRELOAD_LIST)) {
    for (const m of list[1]!.matchAll(/"([^"]+)"/g)) out.push(`/${m[1]!}`);
  }
  for (const m of code.matchAll(ASSET_PATH)) out.push(`/${m[1]!}`);
  return out;
}
