// The W3C Nu HTML checker (npm vnu-jar, on Debian's Java) over every HTML file the run's build wrote:
// pages, redirect stubs and the 404 pages alike. One JVM for the whole folder: starting Java per
// page would cost more than the check itself.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite } from './built-site.ts';

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

/** Checker messages that are not errors in the page, each with why. */
const falsePositives = new Map<string, string>([]);

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
let dist = '';
let messages: NuMessage[] = [];

beforeAll(async () => {
  dist = await builtSite();
  // --errors-only leaves warnings out; a JSON report goes to stderr and the exit code is 1 on errors.
  const { stderr } = await promisify(execFile)(
    'java',
    [
      '-Xss4m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      '-jar',
      vnuJar,
      '--errors-only',
      '--format',
      'json',
      '--skip-non-html',
      dist,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((e: { stderr?: string; message: string }) => {
    if (!e.stderr?.startsWith('{')) throw new Error(`the Nu checker did not run: ${e.message}`);
    return { stderr: e.stderr };
  });
  messages = (JSON.parse(stderr) as { messages: NuMessage[] }).messages;
}, 300_000);

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));

describe('W3C Nu HTML checker over the built site', () => {
  it('checks pages, redirect stubs and the 404 pages', () => {
    const files = htmlFiles(dist);
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('404.html');
    expect(files).toContain(path.join('en', '404.html'));
    expect(files).toContain('financialhelpcalculator.html');
  });

  it('finds no error on any page', () => {
    // One line per message: how many files, and the first few with the markup around it.
    const byMessage = new Map<string, NuMessage[]>();
    for (const m of messages.filter((m) => !falsePositives.has(m.message)))
      byMessage.set(m.message, [...(byMessage.get(m.message) ?? []), m]);
    const report = [...byMessage].map(
      ([message, found]) =>
        `${message} (${found.length}×): ${found
          .slice(0, 3)
          .map((m) => `${path.relative(dist, new URL(m.url).pathname)} [${m.extract ?? ''}]`)
          .join(', ')}`,
    );
    expect(report).toEqual([]);
  });
});
