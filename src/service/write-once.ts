// A small secret or id file written once and never replaced: written whole under another name,
// then linked into place (a crash mid-write leaves no empty file that would stop every later
// start; two processes starting at once keep the first one's).
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Writes `content` to `file` (owner-only) unless the file exists; the file's content either way. */
export function writeOnce(file: string, content: string): string {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content, { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(file, 'utf8');
}
