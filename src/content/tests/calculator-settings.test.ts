// The calculator's settings node from the local CMS over real HTTP: the snapshot validates in
// both languages with the documented sample figures; a malformed node is reported with its type,
// id, language and field; no node (or two) fails with a clear message.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectSource, ContentValidationError } from '../collect.ts';
import { settleProblems } from '../loader.ts';
import type { DrupalSource } from '../sources.ts';
import { createJsonApiClient } from '../jsonapi-client.ts';
import { calculatorSettingsSource } from '../types/calculator-settings.ts';
import { pickCalculatorSettings, sampleSettings } from '../../features/calculator/rules/settings.ts';
import { startLocalCms } from '../../../scripts/local-cms/server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const snapshot = path.join(root, 'scripts/local-cms/snapshot');
const file = 'node--calculator_settings.json';
const started: Array<{ close: () => Promise<void> }> = [];
const temp: string[] = [];
async function collect(snapshotDir: string) {
  const server = await startLocalCms({ port: 0, snapshotDir });
  started.push(server);
  return collectSource(createJsonApiClient({ baseUrl: server.url, retries: 0 }), calculatorSettingsSource, server.url);
}
function snapshotWith(
  edit: (nodes: Array<{ id: string; attributes: Record<string, unknown> }>, lang: string) => unknown[],
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-calculator-'));
  temp.push(dir);
  for (const lang of ['en', 'fr']) {
    const nodes = JSON.parse(readFileSync(path.join(snapshot, lang, file), 'utf8'));
    mkdirSync(path.join(dir, lang), { recursive: true });
    writeFileSync(path.join(dir, lang, file), JSON.stringify(edit(nodes, lang)));
  }
  return dir;
}
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('calculator settings source', () => {
  it('reads the settings node in both languages: the sample figures, decimals given as strings', async () => {
    const { entries, problems } = await collect(snapshot);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.lang).sort()).toEqual(['en', 'fr']);
    for (const entry of entries) {
      const data = entry.data;
      // The summary statement is SNB's page in the entry's own language.
      const summaryStatementUrl =
        entry.lang === 'fr' ? 'https://www.pxw1.snb.ca/snb7001/f/2000/2500f.asp' : sampleSettings.summaryStatementUrl;
      expect(data.settings).toEqual({ ...sampleSettings, summaryStatementUrl });
      expect(data.sampleNote).toMatch(/sample|exemple/);
    }
  });

  it('fails a malformed node naming the node, language and each bad field', async () => {
    const bad = '66666666-6666-4666-8666-666666666666';
    const dir = snapshotWith((nodes, lang) => {
      const node = structuredClone(nodes[0]!);
      node.id = bad;
      if (lang === 'en') {
        node.attributes.field_hourly_rate = 'eighteen';
        node.attributes.field_hours_moderate = 25;
        node.attributes.field_contribution_rate = '1.5';
      } else {
        delete node.attributes.field_allowance_couple_one;
        node.attributes.field_summary_statement_link = { uri: 'http://example.ca/' };
      }
      return [node];
    });
    const { entries, problems } = await collect(dir);
    expect(entries).toEqual([]);
    const message = new ContentValidationError(problems).message;
    const node = `node--calculator_settings ${bad}`;
    expect(message).toContain(`${node} (en): field_hourly_rate: must be a number`);
    expect(message).toContain(
      `${node} (en): field_hours_moderate: must be 20 or less (moderate help: 11 to 20 hours a week)`,
    );
    expect(message).toContain(`${node} (en): field_contribution_rate: must be between 0 and 1`);
    expect(message).toContain(`${node} (fr): field_allowance_couple_one: is required`);
    expect(message).toContain(`${node} (fr): field_summary_statement_link.uri: must be an https:// URL`);
    expect(problems).toHaveLength(5);
    // Required content: an invalid settings node still fails the build.
    expect(() => settleProblems(calculatorSettingsSource as DrupalSource, problems, [], () => false)).toThrow(
      ContentValidationError,
    );
  });

  it('uses the other language’s node when one language has none, and fails clearly with none or two', async () => {
    const onlyEnglish = (await collect(snapshotWith((nodes, lang) => (lang === 'en' ? nodes : [])))).entries.map(
      (e) => e.data,
    );
    expect(onlyEnglish).toHaveLength(1);
    expect(pickCalculatorSettings(onlyEnglish, 'fr').lang).toBe('en');

    // Only unpublished nodes: none reaches the build.
    const none = (
      await collect(
        snapshotWith((nodes) => nodes.map((n) => ({ ...n, attributes: { ...n.attributes, status: false } }))),
      )
    ).entries.map((e) => e.data);
    expect(none).toEqual([]);
    expect(() => pickCalculatorSettings(none, 'en')).toThrow(
      'The CMS has no published node--calculator_settings node: the calculator page needs one',
    );

    const two = (
      await collect(snapshotWith((nodes) => [nodes[0], { ...nodes[0]!, id: '77777777-7777-4777-8777-777777777777' }]))
    ).entries.map((e) => e.data);
    expect(() => pickCalculatorSettings(two, 'en')).toThrow(
      /has 2 published node--calculator_settings nodes in en .*publish exactly one/,
    );
  });
});
