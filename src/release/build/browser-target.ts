// The browsers the site's scripts are written for (docs/browser-support.md): the oldest browser of
// each family that an old phone still runs. Vite lowers every shipped script to them (Firefox 78
// has no `??=`, Safari 14 no private methods: ES2020 syntax, which the service worker's esbuild
// build targets, src/release/build/service-worker.ts).
export const browserTarget = ['chrome87', 'edge88', 'firefox78', 'safari14', 'ios14'];

/** The ECMAScript edition the shipped scripts may use (tests/site/browser-target.test.ts parses them at it). */
export const browserEcmaVersion = 2020;
