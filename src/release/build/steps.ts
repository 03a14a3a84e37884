// Post-build steps, run after Astro wrote the pages. Each phase runs after the one before; the
// steps of a phase run at the same time (Pagefind works in its own process, so the headers step
// and the compression overlap it). The redirect stubs come first: the headers step hashes the
// inline scripts of the final HTML, stubs included, and every page is compressed. The search
// index compresses its own files (precompress.ts leaves them to it). Each step gets the build
// context; a thrown error fails the build.
import type { PostBuildStep } from './context.ts';
import { redirectsStep } from '../redirects/write-redirects.ts';
import { searchIndexStep } from '../search/search-index.ts';
import { searchPagesStep } from '../search/search-pages.ts';
import { securityHeadersStep } from '../headers/write-headers.ts';
import { precompressStep } from './precompress.ts';
import { officialLanguagesStep } from '../official-languages/official-languages-step.ts';
import { serviceWorkerStep } from './service-worker.ts';

export const postBuildPhases: PostBuildStep[][] = [
  [redirectsStep, officialLanguagesStep, serviceWorkerStep],
  [searchIndexStep, securityHeadersStep, searchPagesStep, precompressStep],
];
