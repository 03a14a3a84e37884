// `npm run check` (the first part of `npm test`): formatting, lint, types, layering, unused code
// and the generated configuration document.
// Every tool runs even when one before it failed, so one run lists everything to fix. `astro check`
// reads the content collections, so it gets the local CMS when CMS_URL is unset, as the build does.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const tools: Array<{ name: string; command: string; args: string[] }> = [
  { name: 'format (Prettier)', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  // Before the type-aware tools (ESLint's type-checked rules, tsc): `astro check` syncs the content
  // collections' types into .astro/, which they read (a fresh clone has none).
  { name: 'Astro components (astro check)', command: bin('astro'), args: ['check', '--minimumSeverity', 'warning'] },
  { name: 'lint (ESLint)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { name: 'types (tsc)', command: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  {
    name: 'layers (dependency-cruiser)',
    command: bin('depcruise'),
    args: ['src', 'scripts', 'tests', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  },
  { name: 'unused code (knip)', command: bin('knip'), args: ['--no-progress'] },
  {
    name: 'configuration document (docs/configuration.md, npm run docs:config)',
    command: process.execPath,
    args: ['scripts/config-doc.ts', '--check'],
  },
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
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
  for (const tool of tools) {
    const started = performance.now();
    const code = await run(tool.command, tool.args, env);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${tool.name} (${seconds} s)`);
    if (code !== 0) failed.push(tool.name);
  }
} finally {
  await closeCms?.();
}
if (failed.length) {
  console.error(
    `\nnpm run check failed: ${failed.join(', ')}. \`npm run format\` fixes formatting; \`npx eslint --fix .\` fixes what lint can.`,
  );
  process.exitCode = 1;
}
