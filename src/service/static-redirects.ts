// The build's redirect list (`<dist>-deploy/redirects.json`: vanity and short paths), answered
// with real 301s as nginx does.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEPLOY_FILES } from '../release/deploy-files.ts';

/** Reads the list of a site folder, once per folder (read again after a release switch). */
export function redirectReader() {
  let redirects: { root: string; value: Map<string, string> } | undefined;
  return async function redirectList(dir: string): Promise<Map<string, string>> {
    if (redirects?.root !== dir) {
      const file = path.join(`${dir}-deploy`, DEPLOY_FILES.redirects.name);
      const list = await readFile(file, 'utf8').then(
        (t) => JSON.parse(t) as Array<{ from: string; to: string }>,
        () => [],
      );
      redirects = { root: dir, value: new Map(list.map((r) => [r.from, r.to])) };
    }
    return redirects.value;
  };
}

/** Where a path moved, with or without its trailing slash; undefined when it did not. */
export const redirectTarget = (moved: Map<string, string>, pathname: string): string | undefined =>
  moved.get(pathname) ?? (pathname.length > 1 && pathname.endsWith('/') ? moved.get(pathname.slice(0, -1)) : undefined);
