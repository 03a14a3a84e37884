// Post-build step: the official-languages report of the release (report.ts) into its deploy
// folder, from the pages the build found owed (src/pages/official-languages-inputs.json.ts, removed
// from the published folder here) and the previous release's report, which keeps each page's
// first owed date. The publisher shows it on the publishing page and counts it in the status.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { DEPLOY_FILES, readDeployJson, writeDeployJson } from '../deploy-files.ts';
import type { PostBuildStep } from '../build/context.ts';
import { officialLanguagesReport, type OwedFinding } from './report.ts';

/** Written by src/pages/official-languages-inputs.json.ts (its file name is its route). */
const OFFICIAL_LANGUAGES_INPUTS = 'official-languages-inputs.json';

export const officialLanguagesStep: PostBuildStep = {
  name: 'official languages',
  async run({ outDir, deployDir, cmsUrl, delta, previousRelease }) {
    const previousDeploy = delta?.previousDeploy ?? (previousRelease ? `${previousRelease}-deploy` : undefined);
    const previous = previousDeploy
      ? await readDeployJson(previousDeploy, DEPLOY_FILES.officialLanguages).catch(() => null)
      : null;
    const inputsFile = path.join(outDir, OFFICIAL_LANGUAGES_INPUTS);
    const text = await readFile(inputsFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    // The report is for editors: without its inputs (a build that did not render the route), the
    // previous release's report stands rather than the publish failing.
    if (text === null) {
      if (previous) await writeDeployJson(deployDir, DEPLOY_FILES.officialLanguages, previous);
      return;
    }
    await rm(inputsFile);
    const found = JSON.parse(text) as OwedFinding[];
    const report = officialLanguagesReport(found, { now: new Date(), previous, cmsUrl });
    await writeDeployJson(deployDir, DEPLOY_FILES.officialLanguages, report);
  },
};
