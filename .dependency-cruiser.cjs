// Layering rules (docs/architecture.md): checked in `npm test` by `npm run check`. .astro files are
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
      name: 'features-are-independent',
      severity: 'error',
      comment: 'A feature never imports another feature: what two share lives in src/site, src/i18n or src/content.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'rules-are-framework-free',
      severity: 'error',
      comment:
        "Rules (a feature's rules/, src/site/rules, the form kit's markup) and src/i18n are shared by islands, page scripts, the service and tests: no Astro, React, Node or CMS code.",
      from: {
        path: '^src/(features/[^/]+/rules/|site/rules/|site/form/[^/]+\\.ts$|i18n/)',
        pathNot: '(\\.test\\.ts$|/tests/)',
      },
      to: {
        path: [
          '^astro',
          '^@astrojs',
          '^react',
          '^hono',
          '^@hono',
          '^node:',
          '^src/(service|release|content|pages)/',
          '^src/features/[^/]+/(ui|server)/',
        ],
        pathNot: ['^node:crypto$'],
      },
    },
    {
      name: 'browser-code-has-no-server',
      severity: 'error',
      comment:
        "A feature's UI, the site's page scripts, stores and island helpers run in the browser (or render at build time).",
      from: {
        path: '^src/(features/[^/]+/ui/|site/(enhance|stores|islands|form)/)',
        pathNot: '(\\.test\\.ts$|/tests/)',
      },
      to: { path: ['^node:', '^hono', '^@hono', '^src/(service|release|pages)/', '^src/features/[^/]+/server/'] },
    },
    {
      name: 'service-has-no-ui',
      severity: 'error',
      comment:
        'The intake service is plain Node: it knows a feature through its server/ routes (and their rules), never Astro, React or UI code.',
      from: { path: '^src/(service|features/[^/]+/server)/', pathNot: '(\\.test\\.ts$|/tests/)' },
      // The publishing page shows the build's warnings: their type, not the CMS client.
      to: {
        path: [
          '^astro',
          '^@astrojs',
          '^react',
          '^src/(pages|content|site/(components|layouts|enhance|stores|islands|preview))/',
          '^src/features/[^/]+/ui/',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'platform-knows-features-by-their-seam',
      severity: 'error',
      comment:
        "The intake service and its configuration know the features only through their list (src/service/features.ts), never a feature's insides: a feature's routes, workers and settings are its own.",
      from: { path: '^src/(service|config)/', pathNot: ['(\\.test\\.ts$|/tests/)', '^src/service/features\\.ts$'] },
      to: { path: '^src/features/' },
    },
    {
      name: 'storage-knows-no-feature',
      severity: 'error',
      comment:
        "The platform's storage holds the platform's tables; a feature's tables, migrations and repositories are the feature's own (its server/storage/), added through the platform API.",
      from: { path: '^src/service/storage/', pathNot: '(\\.test\\.ts$|/tests/)' },
      to: { path: '^src/features/' },
    },
    {
      name: 'feature-storage-on-the-platform-storage-api',
      severity: 'error',
      comment:
        "A feature's storage (its server/storage/: tables, migrations, repositories) is written on the platform's query layer as src/service/platform/storage.ts exposes it, and on nothing else of the service or of the feature.",
      from: { path: '^src/features/([^/]+)/server/storage/', pathNot: '(\\.test\\.ts$|/tests/)' },
      to: { path: '^src/', pathNot: ['^src/service/platform/storage\\.ts$', '^src/features/$1/server/storage/'] },
    },
    {
      name: 'storage-is-the-lowest-service-layer',
      severity: 'error',
      comment:
        'Storage is opened by the service, the scripts and the features alike: it imports nothing else of the service (the HTTP answers, the log), so opening a database loads no server.',
      from: { path: '^src/service/storage/', pathNot: '(\\.test\\.ts$|/tests/)' },
      to: { path: '^src/', pathNot: '^src/service/storage/' },
    },
    {
      name: 'feature-list-holds-seams-only',
      severity: 'error',
      comment:
        "The service's list of features imports each feature's one seam module (server/feature.ts), nothing else.",
      from: { path: '^src/service/features\\.ts$' },
      to: { path: '^src/features/', pathNot: '^src/features/[^/]+/server/feature\\.ts$' },
    },
    {
      name: 'features-use-the-platform-api',
      severity: 'error',
      comment:
        "A feature's server code uses the intake service through its public platform API (src/service/platform/): the service's insides (storage engines, routes, start-up) may change without touching a feature.",
      from: { path: '^src/features/[^/]+/server/', pathNot: '(\\.test\\.ts$|/tests/)' },
      to: { path: '^src/(service|config)/', pathNot: '^src/service/platform/' },
    },
    {
      name: 'release-never-imports-service',
      severity: 'error',
      comment:
        'The release pipeline runs without the intake service (npm run build); the publisher is its own process (scripts/publisher.ts), which the service only talks to.',
      from: { path: '^src/release/', pathNot: '(\\.test\\.ts$|/tests/)' },
      to: {
        path: [
          '^src/service/',
          '^src/features/[^/]+/server/',
          '^react',
          '^src/(pages|site/(components|layouts|enhance|stores|islands))/',
          '^src/features/[^/]+/ui/',
        ],
      },
    },
    {
      name: 'intake-reaches-publisher-through-its-client',
      severity: 'error',
      comment:
        'The publisher is its own process (scripts/publisher.ts): an intake node never loads the release pipeline (its builds, the resident renderer), so its memory does not grow with the site. It talks to the publisher only through src/service/publishing/publisher-client.ts (types only from there).',
      from: {
        path: '^src/(service|features/[^/]+/server)/',
        pathNot: ['(\\.test\\.ts$|/tests/)', '^src/service/publishing/publisher-client\\.ts$'],
      },
      to: { path: '^src/release/(publisher|resident)/' },
    },
    {
      name: 'content-has-no-ui-or-server',
      severity: 'error',
      from: { path: '^src/content/', pathNot: '(\\.test\\.ts$|/tests/)' },
      to: {
        path: [
          '^react',
          '^src/(service|release|pages|site/(components|layouts|enhance|stores|islands))/',
          '^src/features/[^/]+/(ui|server)/',
        ],
      },
    },
    {
      name: 'src-never-imports-scripts-or-tests',
      severity: 'error',
      comment: 'Tests beside the code may start the local CMS (scripts/local-cms); the code itself never does.',
      from: { path: '^src/', pathNot: '(\\.test\\.ts$|/tests/)' },
      to: { path: '^(scripts|tests)/' },
    },
    {
      name: 'astro-internals-behind-one-seam',
      severity: 'error',
      comment:
        "Astro's dist/ files are not its public API: only src/release/resident/astro-internals.ts reaches them, each assumption checked (src/release/resident/astro-seam.test.ts also finds paths built at run time).",
      from: { pathNot: '^src/release/resident/astro-internals\\.ts$' },
      to: { path: '(^|/)astro/dist/' },
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
