// Drupal Redirect module entries (src/content/redirect-source.ts) as site redirects: the source path
// gets the redirect's language prefix (both languages when it has none, "und"), and the target
// (internal:/node/<nid>, entity:node/<nid>, internal:/alias or an absolute URL) becomes the
// node's alias in that language. Pure: no I/O.
import type { Lang } from '../../i18n/languages.ts';

export interface CmsRedirectInput {
  source: string;
  hasQuery: boolean;
  uri: string;
  status: number;
  language: string;
}
export interface NodeAlias {
  nid: number | null;
  lang: Lang;
  alias: string;
}
export interface ResolvedRedirect {
  from: string;
  to: string;
  external: boolean;
  status: number;
}
export interface SkippedRedirect {
  from: string;
  uri: string;
  reason: string;
}

const NODE = /^(?:internal:\/node\/|entity:node\/)(\d+)\/?$/;

export function cmsRedirectList(
  redirects: CmsRedirectInput[],
  nodes: NodeAlias[],
): { list: ResolvedRedirect[]; skipped: SkippedRedirect[] } {
  const aliases = new Map(nodes.filter((n) => n.nid !== null).map((n) => [`${n.lang}:${n.nid}`, n.alias]));
  const list: ResolvedRedirect[] = [];
  const skipped: SkippedRedirect[] = [];
  for (const r of redirects) {
    const langs: Lang[] = r.language === 'en' || r.language === 'fr' ? [r.language] : ['en', 'fr'];
    for (const lang of langs) {
      // Only from the first slash of the last run: `/+$` alone retried every slash (quadratic).
      const from = `/${lang}${r.source}`.replace(/(?<!\/)\/+$/, '');
      // nginx `location =` and static files cannot match a query string.
      if (r.hasQuery) {
        skipped.push({ from, uri: r.uri, reason: 'it only applies with a query string' });
        continue;
      }
      let to: string | undefined;
      let external = false;
      const node = NODE.exec(r.uri);
      if (node) {
        const alias = aliases.get(`${lang}:${node[1]}`);
        if (alias) to = `/${lang}${alias}`;
        // A language-neutral redirect to a node not translated into this language: nothing to do.
        else if (langs.length === 1)
          skipped.push({ from, uri: r.uri, reason: `node ${node[1]} is not published in ${lang}` });
      } else if (r.uri.startsWith('internal:/')) {
        const path = r.uri.slice('internal:'.length);
        to =
          path === '/' || path === '/<front>'
            ? `/${lang}/home`
            : /^\/(en|fr)(\/|$)/.test(path)
              ? path
              : `/${lang}${path}`;
      } else if (/^https?:\/\//.test(r.uri)) {
        to = r.uri;
        external = true;
      } else {
        skipped.push({ from, uri: r.uri, reason: 'the target is not a node, a path or a web address' });
      }
      if (to && to !== from) list.push({ from, to, external, status: r.status });
    }
  }
  return { list, skipped };
}
