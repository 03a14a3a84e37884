// Warnings a build publishes with (a skipped invalid node, a field left out of a node, a dangling
// reference, an unresolved or broken link): the release still goes live and editors see them in the publishing status.
// They are appended as JSON lines to a file of the deploy folder (src/release/deploy-files.ts),
// named by the build's session (src/content/build-session.ts) or by the caller, because the
// content loaders share no memory with the publisher that reads them.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSession } from './build-session.ts';

export type BuildWarningKind =
  'invalid-node' | 'invalid-field' | 'dangling-reference' | 'unresolved-link' | 'broken-link';

export interface BuildWarning {
  kind: BuildWarningKind;
  /** Plain-English detail for the build log and the publishing status. */
  message: string;
  /** The content node concerned, when there is one. */
  node?: { type: string; id: string; lang: string };
  field?: string;
  /** The built page concerned (site path), for link warnings. */
  page?: string;
  linkText?: string;
  target?: string;
}

export function recordBuildWarning(warning: BuildWarning, file = buildSession()?.warningsFile): void {
  const where = warning.node
    ? ` (${warning.node.type} ${warning.node.id} ${warning.node.lang}${warning.field ? `, ${warning.field}` : ''})`
    : warning.page
      ? ` (on ${warning.page})`
      : '';
  console.warn(`[build warning] ${warning.kind}: ${warning.message}${where}`);
  if (!file) return;
  // Created on the first warning: a build that fails before writing anything leaves no folder.
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(warning)}\n`);
}

/**
 * The warnings of a build. Each line is appended whole in one write, so only the last line can be
 * cut short (a full disk mid-append): a last line without its newline is dropped, not the whole
 * list; any other line that does not parse is an error naming the file.
 */
export function readBuildWarnings(file: string): BuildWarning[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.pop(); // what follows the last newline: empty, or a line cut short
  return lines.filter(Boolean).map((line, i) => {
    try {
      return JSON.parse(line) as BuildWarning;
    } catch {
      throw new Error(`${file}: line ${i + 1} is not valid JSON`);
    }
  });
}
