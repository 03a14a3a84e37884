// Which Chromium the browser tests drive: CHROMIUM_PATH when set, else Debian's
// `chromium-headless-shell` (the same Chromium, version for version, built without the browser's
// window and profile layers: the headless mode Playwright itself uses by default), else Debian's
// `chromium`. Measured over the whole browser suite, alternated on the idle 2-core machine: 205 s
// with `chromium`, 148 s twice with the headless shell, the same 379 tests passing
// (docs/testing.md). `.ci/run` installs the package.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(env: Record<string, string | undefined>): { path: string; note?: string } {
  if (env.CHROMIUM_PATH) return { path: env.CHROMIUM_PATH };
  if (existsSync(HEADLESS_SHELL)) return { path: HEADLESS_SHELL };
  return {
    path: CHROMIUM,
    note: `${HEADLESS_SHELL} is not installed (apt-get install chromium-headless-shell): the browser tests drive ${CHROMIUM}, the same engine, about 1.4 times slower.`,
  };
}
