// The file system side of src/site/rules/site-path.ts: a file named from content is written or removed
// only when, after every symlink is resolved, it is still inside the release being built. A site
// path without dot segments cannot leave the folder by itself; a symlink on the way could.
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';

const inside = (root: string, target: string) => target === root || target.startsWith(`${root}${path.sep}`);

/** The nearest existing folder at or above `dir`, resolved through symlinks. */
async function realExisting(dir: string): Promise<string> {
  for (let at = dir; ; at = path.dirname(at)) {
    const real = await realpath(at).catch(() => null);
    if (real !== null) return path.join(real, path.relative(at, dir));
    if (path.dirname(at) === at) return dir;
  }
}

/**
 * The absolute path of `relative` (a release-relative file with `/`) under `root`, its folder
 * created when `create` is set; throws when it (or a symlink on the way) lies
 * outside `root`. The file itself may be a symlink: callers replace or remove it, never follow it.
 */
export async function fileInRelease(root: string, relative: string, { create = false } = {}): Promise<string> {
  const realRoot = await realpath(root);
  const file = path.resolve(realRoot, ...relative.split('/'));
  const folder = path.dirname(file);
  if (path.isAbsolute(relative) || !inside(realRoot, folder) || !inside(realRoot, await realExisting(folder)))
    throw new Error(`${relative} is outside the release`);
  if (create) {
    await mkdir(folder, { recursive: true });
    // mkdir follows a symlinked folder created meanwhile: check again once it exists.
    if (!inside(realRoot, await realpath(folder))) throw new Error(`${relative} is outside the release`);
  }
  return path.join(folder, path.basename(file));
}
