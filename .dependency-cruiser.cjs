// Layering rules (../shared/DESIGN.md): checked in `npm test` by `npm run check`. .astro files are
// checked by the same rules through ESLint's no-restricted-imports (eslint.config.js), since
// dependency-cruiser does not read Astro components.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make load order matter and modules impossible to test alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'logic-is-framework-free',
      severity: 'error',
      comment: 'src/logic is shared by islands, server and tests: no Astro, React, Node server or CMS code.',
      from: { path: '^src/logic/' },
      to: {
        path: [
          '^astro',
          '^react',
          '^hono',
          '^@hono',
          '^src/(server|components|islands|pages|layouts|enhance|cms|build|stores|preview)/',
          '^node:',
        ],
        pathNot: ['^node:crypto$'],
      },
    },
    {
      name: 'i18n-is-framework-free',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: {
        path: [
          '^astro',
          '^react',
          '^hono',
          '^node:',
          '^src/(server|components|islands|pages|layouts|enhance|cms|build|stores|preview)/',
        ],
      },
    },
    {
      name: 'browser-code-has-no-server',
      severity: 'error',
      comment: 'Islands, stores and page scripts run in the browser.',
      from: { path: '^src/(islands|enhance|stores)/' },
      to: { path: ['^node:', '^src/(server|build|cms|preview|pages|layouts)/', '^hono', '^@hono'] },
    },
    {
      name: 'server-has-no-astro',
      severity: 'error',
      comment:
        'The intake and publishing service is plain Node: it imports src/logic, src/i18n and src/build, never Astro or UI code.',
      from: { path: '^src/server/' },
      to: {
        path: ['^astro', '^@astrojs', '^react', '^src/(components|islands|pages|layouts|enhance|stores|cms|preview)/'],
      },
    },
    {
      name: 'build-has-no-ui',
      severity: 'error',
      from: { path: '^src/build/' },
      to: { path: ['^react', '^src/(components|islands|pages|layouts|enhance|stores|server)/'] },
    },
    {
      name: 'cms-has-no-ui-or-server',
      severity: 'error',
      from: { path: '^src/cms/' },
      to: { path: ['^react', '^src/(components|islands|pages|layouts|enhance|stores|server)/'] },
    },
    {
      name: 'src-never-imports-scripts-or-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(scripts|tests)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dist-[^/]*|releases|data|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
