// Fails loudly when npm scripts are not running on the pinned Node 24 (the `node` devDependency).
// npm puts node_modules/.bin first on PATH, so `node` here is the pinned binary once `npm ci` ran.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `\nThis project needs Node >= 22.12 (it pins Node 24 as the "node" devDependency), ` +
      `but npm scripts are running on Node ${process.versions.node}.\n` +
      `Run \`npm ci\` first so node_modules/.bin/node exists, and run the project through npm scripts.\n`,
  );
  process.exit(1);
}
