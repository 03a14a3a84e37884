// One build: start the local CMS when needed, run Astro, then the post-build steps.
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { SiteEnv } from '../../src/config/site-env.ts';
import { securityHeadersStep } from './security-headers.ts';
import { postBuildSteps } from './steps.ts';

export interface BuildOptions {
  root: string;
  /** The folder being built (a staging folder that becomes `finalDir`). */
  outDir: string;
  /** Where the published files will live once the build succeeded (what servers point at). */
  finalDir?: string;
  /** Server configuration written beside outDir, never published (nginx include, release manifest). */
  deployDir: string;
  env: SiteEnv;
  logLevel?: 'info' | 'warn' | 'error';
}
export interface BuildContext extends BuildOptions { cmsUrl: string }

async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}

export async function runBuild(options: BuildOptions): Promise<{ pages: number; cmsUrl: string }> {
  let closeCms: (() => Promise<void>) | undefined;
  let cmsUrl = process.env.CMS_URL;
  if (!cmsUrl) {
    const { startLocalCms } = await import('../local-cms/server.ts');
    const cms = await startLocalCms({
      port: 0,
      snapshotDir: path.join(options.root, 'scripts/local-cms/snapshot'),
      scale: Number(process.env.LOCAL_CMS_SCALE || 0) || undefined,
      faults: process.env.LOCAL_CMS_FAULTS || undefined,
    } as Parameters<typeof startLocalCms>[0]);
    cmsUrl = cms.url;
    closeCms = cms.close;
    process.env.CMS_URL = cmsUrl;
  }
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.OUT_DIR = options.outDir;
  try {
    const { build } = await import('astro');
    await build({ root: options.root, outDir: options.outDir, logLevel: options.logLevel ?? 'warn' } as Parameters<typeof build>[0]);
    await mkdir(options.deployDir, { recursive: true });
    const context: BuildContext = { ...options, cmsUrl };
    for (const step of [...postBuildSteps, securityHeadersStep]) {
      const started = performance.now();
      await step.run(context);
      console.log(`  ${step.name}: ${Math.round(performance.now() - started)} ms`);
    }
    return { pages: await countPages(options.outDir), cmsUrl };
  } finally {
    await closeCms?.();
  }
}
