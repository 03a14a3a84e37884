// docs/configuration.md is what the schemas generate (every setting with its description and
// default), so the document and the code cannot drift apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOC, configDoc } from './config-doc.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('the configuration document', () => {
  it('is what the schemas generate (npm run docs:config)', async () => {
    expect(readFileSync(path.join(root, CONFIG_DOC), 'utf8')).toBe(await configDoc());
  });

  it('lists the settings read but once undocumented, and PUBLISH_ALLOW_DROP', async () => {
    const doc = await configDoc();
    for (const name of ['RELEASES_DIR', 'PUBLISH_COMMAND', 'RATE_LIMIT_PER_MINUTE', 'HOST', 'PUBLISH_ALLOW_DROP'])
      expect(doc).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });
});
