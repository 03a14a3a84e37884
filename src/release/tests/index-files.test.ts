// The search indexer's output is whole when its process has ended: Pagefind's own writeFiles
// answered before its last writes reached the disk and close() then killed them, which left
// pagefind-entry.json (or a fragment) cut short for the publisher to read. Every file is checked.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function site(pages: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'index-files-'));
  for (let i = 0; i < pages; i++) {
    for (const lang of ['en', 'fr']) {
      const folder = path.join(dir, lang, 'program', `p-${i}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        path.join(folder, 'index.html'),
        `<html lang="${lang}"><body><main data-pagefind-body><h1>Program ${i} ${lang}</h1><p>${'word '.repeat(50)}${i}</p></main></body></html>`,
      );
    }
  }
  return dir;
}

describe('the search index written by src/release/search/search-index.ts', () => {
  it('is whole on disk when the indexer has exited: every file parses, every language is there', () => {
    const dir = site(150);
    for (let run = 0; run < 3; run++) {
      const out = path.join(dir, `pagefind-${run}`);
      const result = spawnSync(process.execPath, ['src/release/search/search-index.ts', dir, out, '--no-precompress'], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      const entry = JSON.parse(readFileSync(path.join(out, 'pagefind-entry.json'), 'utf8')) as {
        languages: Record<string, { hash: string; page_count: number }>;
      };
      expect(Object.keys(entry.languages).sort()).toEqual(['en', 'fr']);
      expect(Object.values(entry.languages).map((l) => l.page_count)).toEqual([150, 150]);
      const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      for (const language of Object.values(entry.languages))
        expect(files.some((f) => f.name === `pagefind.${language.hash}.pf_meta`)).toBe(true);
      const packed = files.filter((f) => /\.pf_(meta|fragment|index|filter)$/.test(f.name));
      expect(packed.filter((f) => f.name.endsWith('.pf_fragment'))).toHaveLength(300);
      for (const file of packed) {
        const text = gunzipSync(readFileSync(path.join(file.parentPath, file.name)));
        expect(text.subarray(0, 12).toString()).toBe('pagefind_dcd');
      }
    }
  }, 120_000);
});
