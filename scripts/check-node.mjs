// Runs first in every npm script: stops with the cause and the fix, not a stack trace from Astro,
// when the project's own Node 24 (the `node` devDependency) is not what npm scripts run on.
// npm puts node_modules/.bin first on PATH, so `node` here is the pinned binary once `npm ci` ran.
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pinned = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
const fail = (lines) => {
  console.error(`\n${lines.join('\n')}\n`);
  process.exit(1);
};

if (!existsSync(path.join(root, 'node_modules'))) {
  fail(['Dependencies are not installed.', 'Fix: run `npm ci` in the project folder, then run the command again.']);
}
// existsSync follows the symlink: false when the link is there but the binary is not.
if (!existsSync(pinned)) {
  fail([
    "The project's Node 24 is missing: node_modules/.bin/node does not exist.",
    'Cause: the install script of the `node` package (its preinstall downloads nothing; it links the',
    'platform binary from the registry package) did not run. npm skips dependency install scripts',
    'that package.json\'s "allowScripts" does not approve, and all of them with --ignore-scripts.',
    'Fix: keep "allowScripts" in package.json as committed (node and esbuild), then run `npm ci` again',
    '(without --ignore-scripts). `npm install-scripts ls` lists what npm would skip.',
  ]);
}
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  fail([
    `This project needs Node >= 22.12 (it pins Node 24 as the "node" devDependency), but npm scripts are running on Node ${process.versions.node}.`,
    'Fix: run the project through npm scripts (`npm start`, `npm test`), which put node_modules/.bin first on PATH.',
  ]);
}
