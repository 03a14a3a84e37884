// The browsers the site's scripts are written for (docs/browser-support.md): the oldest browser of
// each family that an old phone (or a long-lived desktop) still runs. Vite lowers every shipped
// script to them: ES2021 syntax (Safari 14 has logical assignment but not all class fields or
// private methods). The service worker's esbuild build targets ES2020
// (src/release/build/service-worker.ts).
export const browserTarget = ['chrome91', 'edge91', 'firefox91', 'safari14', 'ios14'];

/** The ECMAScript edition the shipped scripts may use (tests/site/browser-target.test.ts parses them at it). */
export const browserEcmaVersion = 2021;
