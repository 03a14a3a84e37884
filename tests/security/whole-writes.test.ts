// Issue 35 (third point): a JSON or state file that one process writes and another reads is
// written whole. A reader in another process reads the file in a loop while it is rewritten: it
// never sees half of it ("Unexpected end of JSON input", as in the editors' week). And the
// publisher's and build's writers all go through that one helper.
import { spawn } from 'node:child_process';
import { readFile, mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonFile } from '../../src/release/deploy-files.ts';
import { writeJsonWhole } from '../../src/release/write-whole.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Another process that parses `file` until told to stop; prints how many reads failed. */
function reader(file: string) {
  const code = `
    const fs = require('node:fs');
    let reads = 0, broken = 0, stop = false;
    process.stdin.on('data', () => (stop = true));
    (function loop() {
      for (let i = 0; i < 50; i++) {
        try { JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8')); reads++; }
        catch (e) { if (e.code !== 'ENOENT') broken++; }
      }
      if (stop) { console.log(JSON.stringify({ reads, broken })); process.exit(0); }
      setImmediate(loop);
    })();`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  return {
    async stop(): Promise<{ reads: number; broken: number }> {
      child.stdin.write('stop\n');
      await new Promise((resolve) => child.once('close', resolve));
      return JSON.parse(out) as { reads: number; broken: number };
    },
  };
}

describe('files written whole', () => {
  it('a reader in another process never sees half a file while it is rewritten 300 times', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'whole-'));
    const file = path.join(dir, 'build-history.json');
    const big = (n: number) => Array.from({ length: 2000 }, (_, i) => ({ id: `${n}-${i}`, text: 'x'.repeat(40) }));
    await writeJsonWhole(file, big(0));
    const watching = reader(file);
    for (let n = 1; n <= 300; n++) await writeJsonWhole(file, big(n));
    const { reads, broken } = await watching.stop();
    expect(reads).toBeGreaterThan(100);
    expect(broken).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['build-history.json']);
  }, 60_000);

  it('a file cut short is an error naming it, not a silent "missing"', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'whole-'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, 'redirects.json'), '[{"from":"/a"');
    await expect(readJsonFile(path.join(dir, 'redirects.json'))).rejects.toThrow(/redirects\.json is not valid JSON/);
    expect(await readJsonFile(path.join(dir, 'missing.json'))).toBeNull();
  });

  it('the publisher and the build write files only through the helper', async () => {
    const owned = [
      ...(await readdir(path.join(root, 'src/release'), { recursive: true })).map((f) => `src/release/${f}`),
      'scripts/build.ts',
      'src/release/compression.ts',
    ].filter((f) => f.endsWith('.ts') && !/(\.test\.ts$|\/tests\/|write-whole\.ts$)/.test(f));
    const offenders: string[] = [];
    for (const file of owned) {
      const text = await readFile(path.join(root, file), 'utf8');
      if (/\b(writeFile|writeFileSync|appendFile)\s*\(/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
