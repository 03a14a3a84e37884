// Post-build steps, run in order after Astro wrote the pages (search index, redirect outputs,
// headers, checks). Each step gets the build context; a thrown error fails the build.
import type { BuildContext } from './run.ts';

export interface PostBuildStep { name: string; run: (context: BuildContext) => Promise<void> }

export const postBuildSteps: PostBuildStep[] = [];
