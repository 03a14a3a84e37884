// Page scripts (the enhance scripts of src/site/enhance and the features' ui/) stay inline in their
// page: Astro inlines a <script> only when its bundle imports nothing. Several of them use the one
// string mechanism (src/i18n/fill.ts), which rollup would put in a chunk they share, making each
// page fetch two files instead of none. So each page script gets its own copy of the src/i18n
// modules it imports (a few hundred bytes), tagged by the importing module; islands share theirs.
// The copy reaches through the framework-free rules a page script imports (the finder's sentences,
// src/features/finder/rules/text.ts, use fill()): those rules are copied too.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';

const i18nFolder = path.resolve(import.meta.dirname, '../../i18n') + path.sep;
// The React islands' modules are not page scripts: they keep one shared copy.
const pageScriptModule =
  /[/\\]src[/\\](site[/\\]enhance|features[/\\](?!chb-registration|calculator)[^/\\]+[/\\]ui)[/\\][^/\\]+\.ts$/;
const rulesModule = /[/\\]src[/\\](features[/\\][^/\\]+[/\\]rules|site[/\\]rules)[/\\][^/\\]+\.ts$/;
const TAG = 'page-script-copy';

const tagOf = (file: string) => createHash('sha256').update(file).digest('hex').slice(0, 8);

export function pageScriptCopies(): Plugin {
  return {
    name: 'page-script-copies',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const [file = '', query = ''] = importer.split('?');
      const tag = pageScriptModule.test(file) ? tagOf(file) : new URLSearchParams(query).get(TAG);
      if (!tag) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?')) return null;
      if (!resolved.id.startsWith(i18nFolder) && !rulesModule.test(resolved.id)) return null;
      return `${resolved.id}?${TAG}=${tag}`;
    },
  };
}
