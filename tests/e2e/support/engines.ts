// Three accessibility engines over one loaded page: axe-core (WCAG 2.2 AA tags), IBM's Equal Access
// engine (its WCAG_2_2 policy, violations only) and HTML_CodeSniffer (WCAG2AA, errors only). Each
// finds things the others miss. Their sources are read once per worker and evaluated in the page
// (evaluate, unlike a script tag, is not subject to the page's Content-Security-Policy), or, for a
// test that checks many pages, run at the start of each document (loadEnginesWithEveryPage).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import type { ElementContext, NodeResult, Result as AxeResult } from 'axe-core';
import { engineExceptions, type EngineException } from './engine-exceptions.ts';

const source = (url: string) => readFileSync(fileURLToPath(url), 'utf8');
const ibmSource = source(import.meta.resolve('accessibility-checker-engine/ace.js'));
const htmlcsSource = source(import.meta.resolve('html_codesniffer/build/HTMLCS.js'));
const axeSource = source(import.meta.resolve('axe-core/axe.min.js'));

/**
 * The three engines run at the start of every document `context` loads until the test ends
 * (Playwright drops a context's init scripts between tests): a sweep then sends no source per page,
 * and a page's engines take 80 ms less than evaluated after its load.
 * Init scripts, like evaluate, are not subject to the page's Content-Security-Policy. Playwright
 * runs them in a function: IBM's engine, a top-level `var`, is put on window by hand.
 */
export async function loadEnginesWithEveryPage(context: BrowserContext) {
  await context.addInitScript({ content: `${axeSource}\n;${ibmSource}\n;window.ace = ace;\n${htmlcsSource}` });
}

/** The engine's source evaluated in the page, unless the page has it (loadEnginesWithEveryPage). */
async function load(page: Page, global: 'axe' | 'ace' | 'HTMLCS', source: string) {
  if (!(await page.evaluate((name) => name in window, global))) await page.evaluate(source);
}

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One engine's finding: the engine, its rule, and where. */
export interface Finding {
  engine: 'axe' | 'ibm' | 'htmlcs';
  rule: string;
  message: string;
  where: string[];
}

/** axe over the page with the WCAG 2.2 AA rule set, violations only. */
export async function axeFindings(page: Page, options: { include?: string; exclude?: string[] } = {}) {
  // A page with frames goes through AxeBuilder, which runs axe in each frame and joins the results.
  if (page.frames().length > 1) return axeBuilderFindings(page, options);
  // A page of one frame: axe.run once in it, as AxeBuilder's legacy mode does, without that mode's
  // second evaluation of axe's source and with only the violations sent back (not every rule's
  // passes, which are most of the report): half its time per page.
  await load(page, 'axe', axeSource);
  const context = { include: options.include ? [options.include] : [], exclude: options.exclude ?? [] };
  const violations = await page.evaluate(
    async ({ context, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      axe.configure({ allowedOrigins: ['<same_origin>'] });
      const results = await axe.run(
        // As AxeBuilder gives it (an empty include is the whole document).
        context as ElementContext,
        { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } },
      );
      // What axeFinding reads, and nothing else: the rest of each result stays in the page.
      return results.violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map(({ target }) => ({ target })),
      }));
    },
    { context, tags: wcagTags },
  );
  return violations.map(axeFinding);
}

async function axeBuilderFindings(page: Page, options: { include?: string; exclude?: string[] }) {
  // The same axe as the pages of one frame (@axe-core/playwright pins an older one of its own).
  let builder = new AxeBuilder({ page, axeSource }).options({ resultTypes: ['violations'] }).withTags(wcagTags);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map(axeFinding);
}

/** One axe violation as a finding, from either path. */
function axeFinding(
  v: Pick<AxeResult, 'id' | 'impact' | 'help'> & { nodes: Array<Pick<NodeResult, 'target'>> },
): Finding {
  return {
    engine: 'axe',
    rule: v.id,
    message: `(${v.impact}) ${v.help}`,
    where: v.nodes.map((n) => n.target.join(' ')),
  };
}

/** IBM's engine with its WCAG_2_2 policy: the results that are violations (not potential ones, not recommendations). */
export async function ibmFindings(page: Page): Promise<Finding[]> {
  await load(page, 'ace', ibmSource);
  return page.evaluate(async () => {
    const checker = new (window as unknown as { ace: { Checker: new () => IbmChecker } }).ace.Checker();
    const report = await checker.check(document, ['WCAG_2_2']);
    const found = new Map<string, Finding>();
    for (const r of report.results) {
      if (r.value[0] !== 'VIOLATION' || r.value[1] !== 'FAIL') continue;
      const key = `${r.ruleId}\n${r.message}`;
      const finding = found.get(key) ?? { engine: 'ibm', rule: r.ruleId, message: r.message, where: [] };
      finding.where.push(r.path.dom);
      found.set(key, finding);
    }
    return [...found.values()];

    interface IbmChecker {
      check(
        doc: Document,
        policies: string[],
      ): Promise<{
        results: Array<{ ruleId: string; value: [string, string]; message: string; path: { dom: string } }>;
      }>;
    }
  });
}

/** HTML_CodeSniffer's WCAG2AA standard: its errors (not its warnings and notices, which ask a person to look). */
export async function htmlcsFindings(page: Page): Promise<Finding[]> {
  await load(page, 'HTMLCS', htmlcsSource);
  // The exceptions that hold for some elements only are decided here, in the page.
  const partial = engineExceptions.filter((e) => e.engine === 'htmlcs' && e.only);
  return page.evaluate(async (partial: EngineException[]) => {
    // Its script puts what it exports on window (HTMLCS, its standards, its translations).
    const { HTMLCS: htmlcs, translation } = window as unknown as { HTMLCS: HtmlCs; translation: Translations };
    // Its 1.3.5 sniff asks for `InvalidAutoComplete_*` messages, its translations name them
    // `InvalidAutocomplete_*`: without the alias it throws on the field it should report.
    for (const messages of Object.values(translation))
      for (const [code, text] of Object.entries(messages))
        if (code.includes('InvalidAutocomplete_'))
          messages[code.replace('InvalidAutocomplete_', 'InvalidAutoComplete_')] = text;
    await new Promise<void>((done, fail) =>
      htmlcs.process(
        'WCAG2AA',
        document,
        () => done(),
        () => fail(new Error('HTML_CodeSniffer failed')),
        'en',
      ),
    );
    const found = new Map<string, Finding>();
    const describe = (el: Element | Document) =>
      el instanceof Element
        ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`
        : 'document';
    const excused = (code: string, el: Element | Document) =>
      el instanceof Element &&
      partial.some(
        (e) =>
          e.rule === code &&
          (e.only === 'hidden' ? el.closest('[hidden]') !== null : el.matches('[role="none"], [role="presentation"]')),
      );
    for (const m of htmlcs.getMessages()) {
      if (m.type !== 1 || excused(m.code, m.element)) continue;
      const key = `${m.code}\n${m.msg}`;
      const finding = found.get(key) ?? { engine: 'htmlcs', rule: m.code, message: m.msg, where: [] };
      finding.where.push(describe(m.element));
      found.set(key, finding);
    }
    return [...found.values()];

    type Translations = Record<string, Record<string, string>>;
    interface HtmlCs {
      process(standard: string, doc: Document, done: () => void, failed: () => void, language: string): void;
      getMessages(): Array<{ type: number; code: string; msg: string; element: Element | Document }>;
    }
  }, partial);
}

/** All three engines over the page as it is, less the documented exceptions (engine-exceptions.ts). */
export async function allFindings(page: Page): Promise<Finding[]> {
  const findings = [...(await axeFindings(page)), ...(await ibmFindings(page)), ...(await htmlcsFindings(page))];
  return findings.filter((f) => !engineExceptions.some((e) => !e.only && e.engine === f.engine && e.rule === f.rule));
}

/** One line per finding, for an assertion's message. */
export const describeFinding = (url: string, f: Finding) =>
  `${url}: [${f.engine}] ${f.rule} ${f.message} at ${f.where.slice(0, 3).join(', ')}`;
