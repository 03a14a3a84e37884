// Post-build steps, run in order after Astro wrote the pages (search index, redirect outputs,
// checks). Each step gets the build context; a thrown error fails the build. The security
// headers step always runs after these (it hashes the final HTML's inline scripts).
import type { BuildContext } from './run.ts';
import { redirectsStep } from './redirects.ts';
import { searchIndexStep } from './search-index.ts';

export interface PostBuildStep { name: string; run: (context: BuildContext) => Promise<void> }

export const postBuildSteps: PostBuildStep[] = [searchIndexStep, redirectsStep];
