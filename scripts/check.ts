// `npm run check` (the first part of `npm test`): formatting, lint, types, layering, unused code
// and the generated configuration document.
// Every tool runs even when one before it failed, so one run lists everything to fix. The content
// collections are read from the local CMS when CMS_URL is unset, as the build does.
// The tools are single-threaded: two lanes keep both cores busy. `astro sync` writes the
// collections' types into .astro/ first, beside Prettier (which ignores .astro/); every tool after
// it only reads them (`astro check --noSync`), so the type-aware tools need not wait for
// `astro check`. Then each lane takes the next tool of one queue when its own ends, so neither
// idles while tools are left. A tool's output is printed whole when it ends, not interleaved.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

interface Tool {
  name: string;
  command: string;
  args: string[];
}

const astroSync: Tool = {
  name: "content collections' types (astro sync)",
  command: bin('astro'),
  args: ['sync'],
};
const prettier: Tool = {
  name: 'format (Prettier)',
  command: bin('prettier'),
  args: ['--check', '--log-level', 'warn', '.'],
};
// Once .astro/ is written, longest first: ESLint takes the lane `astro sync` frees, the rest fill
// whichever lane ends first. `astro check` checks the .astro files only (tsconfig.astro-check.json):
// tsc checks every other file with the same options, and more (the tsconfig itself, type libraries).
const afterSync: Tool[] = [
  { name: 'lint (ESLint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  {
    name: 'Astro components (astro check)',
    command: bin('astro'),
    args: ['check', '--noSync', '--tsconfig', 'tsconfig.astro-check.json', '--minimumSeverity', 'warning'],
  },
  { name: 'types (tsc)', command: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  { name: 'unused code (knip)', command: bin('knip'), args: ['--no-progress'] },
  {
    name: 'layers (dependency-cruiser)',
    command: bin('depcruise'),
    args: ['src', 'scripts', 'tests', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  },
  {
    name: 'configuration document (docs/configuration.md, npm run docs:config)',
    command: process.execPath,
    args: ['scripts/config-doc.ts', '--check'],
  },
];

function run(tool: Tool, env: NodeJS.ProcessEnv): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(tool.command, tool.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (code: number | null) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${tool.name} (${seconds} s)`);
      if (code !== 0) failed.push(tool.name);
      resolve(code === 0);
    };
    child.on('close', done);
    child.on('error', () => done(1));
  });
}

// One lane: the next tool of the shared queue, until it is empty.
async function lane(queue: Tool[], env: NodeJS.ProcessEnv) {
  for (let tool = queue.shift(); tool; tool = queue.shift()) await run(tool, env);
}

const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
let closeCms: (() => Promise<void>) | undefined;
if (!env.CMS_URL) {
  const { startLocalCms } = await import('./local-cms/server.ts');
  const cms = await startLocalCms({ port: 0, log: () => {} });
  env.CMS_URL = cms.url;
  closeCms = cms.close;
}
const failed: string[] = [];
try {
  const queue = [...afterSync];
  const synced = run(astroSync, env);
  await Promise.all([
    synced.then(() => lane(queue, env)),
    run(prettier, env)
      .then(() => synced)
      .then(() => lane(queue, env)),
  ]);
} finally {
  await closeCms?.();
}
if (failed.length) {
  console.error(
    `\nnpm run check failed: ${failed.join(', ')}. \`npm run format\` fixes formatting; \`npx eslint --fix .\` fixes what lint can.`,
  );
  process.exitCode = 1;
}
