// `npm run bench`: builds the site at several LOCAL_CMS_SCALE values and reports build time,
// pages per second, peak memory (of the build process), first-view page weight per page type and
// the bytes of a first search per language, edit-to-live time of one edited node (webhook, release
// switch), intake throughput and latency with concurrent clients, and Lighthouse mobile figures.
// Cold builds are compared with a bare fixture measured in the same run (bare.ts); edit to live is
// measured at 1,000 and 5,000 programs per language with the phases of the rebuild.
// Writes bench/results.json and bench/figures.json (committed; the tables of docs/performance.md come from it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEPLOY_FILES, deployPath } from '../../src/release/deploy-files.ts';
import { firstViewWeight, loadedWeight } from './page-weight.ts';
import { benchIntake } from './intake.ts';
import { benchIntakeNodes } from './intake-nodes.ts';
import { bareAstro, barePagefind } from './bare.ts';
import { lighthouseRuns } from './lighthouse.ts';
import { rebuildTiming } from './rebuild.ts';
import { coldRatios, searchBytes, stage } from './cold.ts';
import { benchEditToLive } from './edit-to-live.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Scale 0 is the snapshot as it is: page weights and search bytes are measured on it.
const scales = (process.env.BENCH_SCALES ?? '0,100,1000,5000,10000').split(',').map(Number);
// Edit to live is measured at each of these (programs per language).
const rebuildScales = (process.env.BENCH_REBUILD_SCALES ?? process.env.BENCH_REBUILD_SCALE ?? '1000,5000')
  .split(',')
  .map(Number);
const work = path.join(os.tmpdir(), `bench-${process.pid}`);

function build(scale: number) {
  const outDir = path.join(work, `dist-${scale}`);
  const started = performance.now();
  // GNU time reports the build's peak resident memory; without it the figure is left out.
  const timed = existsSync('/usr/bin/time');
  const command = [process.execPath, '--max-old-space-size=8192', 'scripts/build.ts'];
  // The build's output (its progress lines) goes to the terminal; GNU time writes to a file.
  const timeFile = path.join(work, `time-${scale}`);
  stage(`cold build at ${scale} programs per language`);
  const result = spawnSync(
    timed ? '/usr/bin/time' : command[0]!,
    timed ? ['-o', timeFile, '-f', '%M', ...command] : command.slice(1),
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'inherit', 'pipe'],
      env: {
        ...process.env,
        OUT_DIR: outDir,
        ASTRO_CACHE_DIR: path.join(work, `cache-${scale}`),
        LOCAL_CMS_SCALE: String(scale),
      },
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`build at scale ${scale} failed:\n${result.stderr.slice(-2000)}`);
  const peakKb = timed ? Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) : NaN;
  const pages = readdirSync(outDir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
  // Pages Astro rendered: all but the redirect stubs (one file per redirect source).
  const redirectsFile = deployPath(`${outDir}-deploy`, DEPLOY_FILES.redirects);
  const redirects = JSON.parse(readFileSync(redirectsFile, 'utf8')) as Array<{ from: string }>;
  const astroPages = pages - new Set(redirects.map((r) => r.from.replace(/\/+$/, ''))).size;
  const figures = {
    scale,
    outDir,
    seconds: Math.round(seconds * 10) / 10,
    pages,
    astroPages,
    pagesPerSecond: Math.round(pages / seconds),
    peakMemoryMb: Number.isNaN(peakKb) ? null : Math.round(peakKb / 1024),
  };
  if (scale === 0) return { ...figures, bare: null };
  // Like for like, in the same run: plain Astro over as many pages, plain Pagefind over this output.
  stage(`bare Astro (${astroPages} pages) and bare Pagefind at ${scale}`);
  const astro = bareAstro(astroPages, path.join(work, `bare-${scale}`));
  const pagefind = barePagefind(outDir);
  return {
    ...figures,
    bare: {
      astroSeconds: astro.seconds,
      pagefindSeconds: pagefind.seconds,
      ratio: Math.round((figures.seconds / (astro.seconds + pagefind.seconds)) * 100) / 100,
    },
  };
}

// Figures describe one commit on one machine in one sitting: record which, and how busy it was.
const dirty =
  spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim() !==
  '';
const commit = `${spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim()}${dirty ? ' (with uncommitted changes)' : ''}`;
const loadStart = Math.round(os.loadavg()[0]! * 100) / 100;
mkdirSync(work, { recursive: true });
const builds = scales.map(build);
const pageTypes: Record<string, string> = {
  landing: 'home',
  program: 'program/home-support-services',
  category: 'category/seniors',
  simple_page: 'simple_page/intimate-partner-violence',
  page: 'page/about',
  calculator: 'calculator',
  correction: 'correction',
  search: 'search',
};
const frenchPaths: Record<string, string> = {
  program: 'program/services-de-soutien-a-domicile',
  simple_page: 'simple_page/violence-entre-partenaires-intimes',
  page: 'page/propos',
};
const weights = Object.entries(pageTypes).flatMap(([type, p]) =>
  (['en', 'fr'] as const).map((lang) => {
    const w = firstViewWeight(builds[0]!.outDir, `/${lang}/${lang === 'fr' ? (frenchPaths[type] ?? p) : p}`);
    return {
      type,
      lang,
      htmlGzip: w.html,
      cssGzip: w.css,
      jsGzip: w.js,
      totalGzip: w.total,
      totalBrotli: w.brotliTotal,
    };
  }),
);
// Once loaded: every island, on-demand module (chat, uploads, Leaflet) and stylesheet a page can
// fetch, followed through the build's static and dynamic imports.
const loadedPages: Record<string, Record<'en' | 'fr', string>> = {
  program: { en: 'program/home-support-services', fr: 'program/services-de-soutien-a-domicile' },
  calculator: { en: 'calculator', fr: 'calculator' },
  registration: { en: 'chb-registration', fr: 'chb-registration' },
  map: { en: 'map/nursing-homes', fr: 'map/nursing-homes' },
  correction: { en: 'correction', fr: 'correction' },
};
const loaded = Object.entries(loadedPages).flatMap(([type, paths]) =>
  (['en', 'fr'] as const).map((lang) => {
    const w = loadedWeight(builds[0]!.outDir, `/${lang}/${paths[lang]}`);
    return { type, lang, jsGzip: w.js, cssGzip: w.css, totalGzip: w.total, totalBrotli: w.brotliTotal };
  }),
);
// First-search bytes per language, measured in the browser by the search-bytes spec on the
// smallest build, and at 5,000 programs per language (issue 31's target: at most 100 KB).
stage('first-search bytes in Chromium');
const search = searchBytes(root, builds[0]!.outDir, work, 'snapshot');
const at5000 = builds.find((b) => b.scale === 5000);
const searchAt5000 = at5000 ? searchBytes(root, at5000.outDir, work, '5000') : null;

// Each of these can be skipped (BENCH_SKIP=rebuild,intake,lighthouse); a failure is reported, not fatal.
const skip = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
async function attempt<T>(name: string, run: () => Promise<T>): Promise<T | { error: string } | null> {
  if (skip.has(name)) return null;
  try {
    return await run();
  } catch (error) {
    return { error: (error as Error).message.slice(0, 2000) };
  }
}
stage('edit to live, intake, Lighthouse');
const rebuild = await attempt('rebuild', async () => {
  const runs = [];
  for (const scale of rebuildScales) runs.push(await rebuildTiming({ scale, root }));
  return runs;
});
const editToLive = await attempt('edit-to-live', () => benchEditToLive(root));
const intake = await attempt('intake', () =>
  benchIntake({
    requests: Number(process.env.BENCH_INTAKE_TOTAL || 2000),
    clients: Number(process.env.BENCH_INTAKE_CLIENTS || 20),
  }),
);
// Submissions per second and p95 per deployment: SQLite, PostgreSQL with one node, with two.
const intakeNodes = await attempt('intake', () => benchIntakeNodes({ clients: 20, requests: 2000 }));
const lighthouse = await attempt('lighthouse', () => lighthouseRuns(builds[0]!.outDir));

const results = {
  date: new Date().toISOString(),
  commit,
  loadAverage: { start: loadStart, end: Math.round(os.loadavg()[0]! * 100) / 100 },
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
  builds: builds.map(({ outDir: _o, ...b }) => b),
  cold: coldRatios(builds),
  searchAt5000,
  weights,
  loaded,
  search,
  rebuild,
  editToLive,
  intake,
  intakeNodes,
  lighthouse,
};
mkdirSync(path.join(root, 'bench'), { recursive: true });
writeFileSync(path.join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
// The committed copy the tables of docs/performance.md are generated from (npm run bench:docs).
writeFileSync(path.join(root, 'bench/figures.json'), `${JSON.stringify(results, null, 2)}\n`);
console.table(
  results.builds.map(({ bare, ...b }) => ({
    ...b,
    bareAstroSeconds: bare?.astroSeconds,
    barePagefindSeconds: bare?.pagefindSeconds,
    ratio: bare?.ratio,
  })),
);
console.table(weights);
console.table(loaded);
console.table(search);
console.log('cold build over the bare fixture (target at most 1.2), with peak memory:');
console.table(results.cold);
console.log('first search at 5,000 programs per language (target at most 100 KB gzip):', JSON.stringify(searchAt5000));
if (Array.isArray(rebuild))
  for (const run of rebuild) {
    console.log(
      `edit to live at ${run.scale} programs per language: ${run.editToLiveSeconds} s (search ${run.search?.when === 'before' ? `with it, ${run.search.kind ?? ''}` : run.search?.liveAfterMs != null ? `${(run.search.liveAfterMs / 1000).toFixed(1)} s later` : run.search?.state}); phases:`,
    );
    console.table(run.phases);
  }
else console.log({ rebuild });
console.log({ intake });
if (Array.isArray(intakeNodes)) console.table(intakeNodes);
if (Array.isArray(lighthouse)) console.table(lighthouse);
else console.log({ lighthouse });
console.log(JSON.stringify(results));
rmSync(work, { recursive: true, force: true });
