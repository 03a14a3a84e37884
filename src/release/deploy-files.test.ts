// The deploy-file manifest is the one place that names a release's files: every name once, JSON
// written as declared, and no other module of the pipeline spelling a name out in its code.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOY_FILES, readDeployJson, RELEASE_FOLDER_FILES, writeDeployJson } from './deploy-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const all = [...Object.values(DEPLOY_FILES), ...Object.values(RELEASE_FOLDER_FILES)];

/** Code lines (comments left out) of the non-test TypeScript files under `dir`. */
async function codeLines(dir: string): Promise<Array<{ file: string; line: string }>> {
  const files = (await readdir(path.join(root, dir), { recursive: true })).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('tests/') && !f.includes('snapshot'),
  );
  const lines = [];
  for (const f of files) {
    const file = path.join(dir, f);
    for (const line of (await readFile(path.join(root, file), 'utf8')).split('\n'))
      if (!/^\s*(\/\/|\*|\/\*)/.test(line)) lines.push({ file, line });
  }
  return lines;
}

describe('the deploy-file manifest', () => {
  it('names each file once', () => {
    const names = all.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('writes JSON whole, indented where declared, and reads it back (null when missing)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'deploy-files-'));
    await writeDeployJson(dir, DEPLOY_FILES.redirects, [{ from: '/a', to: '/b', external: false }]);
    await writeDeployJson(dir, DEPLOY_FILES.searchPages, ['/en/program/a/index.html']);
    expect(await readFile(path.join(dir, 'redirects.json'), 'utf8')).toBe(
      JSON.stringify([{ from: '/a', to: '/b', external: false }], null, 2),
    );
    expect(await readFile(path.join(dir, 'search-pages.json'), 'utf8')).toBe('["/en/program/a/index.html"]');
    expect(await readDeployJson(dir, DEPLOY_FILES.searchPages)).toEqual(['/en/program/a/index.html']);
    expect(await readDeployJson(dir, DEPLOY_FILES.siteFiles)).toBeNull();
  });

  it('is the only module of the pipeline and the build that spells a name out', async () => {
    const lines = [
      ...(await codeLines('src/release')),
      ...(await codeLines('src/content')),
      ...(await codeLines('scripts')),
    ];
    const spelled = lines.filter(
      ({ file, line }) =>
        file !== 'src/release/deploy-files.ts' &&
        // The nginx include names the headers include it sits beside: text for nginx.
        !line.includes("'include security-headers.conf;'") &&
        all.some((f) => new RegExp(`['"\`/]${f.name.replace(/\./g, '\\.')}['"\`]`).test(line)),
    );
    expect(spelled).toEqual([]);
  });
});
