// Files left cut short by a full disk or a killed process must not stop the next run: a build's
// warnings log keeps every whole line, and the development encryption key is never left empty.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBuildWarnings, recordBuildWarning } from '../../src/content/build-warnings.ts';
import { loadEncryptionKey } from '../../src/service/node-key.ts';

describe('the build warnings log', () => {
  it('keeps the whole lines when the last one was cut short', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'warnings-')), 'build-warnings.jsonl');
    const quiet = console.warn;
    console.warn = () => undefined;
    try {
      recordBuildWarning({ kind: 'invalid-node', message: 'one' }, file);
      recordBuildWarning({ kind: 'broken-link', message: 'two', page: '/en/home' }, file);
    } finally {
      console.warn = quiet;
    }
    const whole = readFileSync(file, 'utf8');
    writeFileSync(file, `${whole}{"kind":"unresolved-li`);
    expect(readBuildWarnings(file).map((w) => w.message)).toEqual(['one', 'two']);
  });

  it('names the file when a whole line does not parse', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'warnings-')), 'build-warnings.jsonl');
    writeFileSync(file, '{"kind":"invalid-node","message":"one"}\n{not json}\n');
    expect(() => readBuildWarnings(file)).toThrow(/build-warnings\.jsonl: line 2 is not valid JSON/);
  });
});

describe('the development encryption key', () => {
  it('is written whole and kept: a second start reads the same key, no temporary file is left', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'key-'));
    const first = loadEncryptionKey(undefined, dir, () => undefined);
    const second = loadEncryptionKey(undefined, dir, () => undefined);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect(readdirSync(dir)).toEqual(['encryption.key']);
  });
});
