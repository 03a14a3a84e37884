// Every regular expression written in the sources, read from TypeScript's syntax tree (never by a
// regular expression over the text): literals `/…/flags`, and `new RegExp(…)` / `RegExp(…)` whose
// pattern is a string, or a template whose parts are string constants of the same file. In
// .astro files, the frontmatter and the <script> elements are read the same way.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface FoundRegex {
  file: string;
  line: number;
  source: string;
  flags: string;
}

const CODE = /\.(ts|tsx|mts|js|mjs)$/;

/** The TypeScript parts of an .astro file, each with the line it starts on. */
function astroParts(text: string): Array<{ code: string; line: number }> {
  const parts: Array<{ code: string; line: number }> = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  if (text.startsWith('---')) {
    const end = text.indexOf('\n---', 3);
    if (end > 0) parts.push({ code: text.slice(3, end), line: 1 });
  }
  let from = 0;
  for (;;) {
    const open = text.indexOf('<script', from);
    if (open < 0) break;
    const bodyStart = text.indexOf('>', open) + 1;
    const close = text.indexOf('</script>', bodyStart);
    if (bodyStart <= 0 || close < 0) break;
    parts.push({ code: text.slice(bodyStart, close), line: lineOf(bodyStart) });
    from = close;
  }
  return parts;
}

function regexesOfCode(code: string, file: string, firstLine: number, tsx: boolean): FoundRegex[] {
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const constants = new Map<string, string>();
  const found: FoundRegex[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + firstLine;

  const stringValue = (node: ts.Expression | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isIdentifier(node)) return constants.get(node.text);
    if (ts.isTemplateExpression(node)) {
      let out = node.head.text;
      for (const span of node.templateSpans) {
        const value = stringValue(span.expression);
        if (value === undefined) return undefined;
        out += value + span.literal.text;
      }
      return out;
    }
    return undefined;
  };

  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = stringValue(node.initializer);
      if (value !== undefined) constants.set(node.name.text, value);
    }
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = (node as ts.RegularExpressionLiteral).text;
      const slash = text.lastIndexOf('/');
      found.push({ file, line: lineOf(node), source: text.slice(1, slash), flags: text.slice(slash + 1) });
    }
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const pattern = stringValue(node.arguments?.[0]);
      if (pattern === undefined)
        throw new Error(`${file}:${lineOf(node)}: a RegExp built at run time cannot be checked`);
      found.push({ file, line: lineOf(node), source: pattern, flags: stringValue(node.arguments?.[1]) ?? '' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Tests live beside the code, but only the code meets hostile input: their patterns are not scanned.
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('tests');

export function regexesOfSources(root: string): FoundRegex[] {
  const found: FoundRegex[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (isTest(path.relative(root, file))) continue;
    const relative = path.relative(path.dirname(root), file);
    const text = readFileSync(file, 'utf8');
    if (entry.name.endsWith('.astro')) {
      for (const part of astroParts(text)) found.push(...regexesOfCode(part.code, relative, part.line, false));
    } else if (CODE.test(entry.name)) {
      found.push(...regexesOfCode(text, relative, 1, entry.name.endsWith('x')));
    }
  }
  return found;
}
