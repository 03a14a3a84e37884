// Lint: JavaScript rules, typescript-eslint's type-checked rules for .ts/.tsx (they read the types,
// so they see a floating or misused promise), Astro components (with their accessibility rules),
// React hooks in islands, the function length (80 lines) and the layering rules for .astro files
// (dependency-cruiser checks the .ts files: .dependency-cruiser.cjs).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typed = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
// The <script> blocks of .astro files, linted as virtual `X.astro/1_1.ts` files, without the typed
// rules: each only imports a module (linted with types where it lives), and each, outside the
// tsconfig's program, cost the typed rules a program of its own (10 of the lint's 41 CPU s).
// `astro check` types them.
const astroScripts = ['**/*.astro/*'];
const tests = ['tests/**/*.ts', 'src/**/*.test.ts', 'src/**/tests/**/*.ts', 'scripts/**/*.test.ts'];

// A function longer than this is split into named steps; the exceptions below say why they are not.
const maxLines = ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }];

const noServerInUi = {
  patterns: [
    {
      group: ['**/server/*', '**/server/**', '**/service/**', '**/release/**', 'node:*', 'hono', 'hono/*'],
      message: 'Pages and components render at build time or in the browser: no server code (DESIGN.md layering).',
    },
    { group: ['**/scripts/**', '**/tests/**'], message: 'src never imports the Node tools or tests.' },
  ],
};

// Settings are read in src/config/ only (one schema per process, docs/configuration.md generated
// from them); elsewhere process.env is neither read nor written.
const noProcessEnv = {
  'no-restricted-properties': [
    'error',
    {
      object: 'process',
      property: 'env',
      message: 'Settings come from src/config/ (one schema per process): add the setting there, with a description.',
    },
  ],
};
const processEnvExceptions = [
  'src/config/**',
  // Test and bench tools: they set up the environment of the processes they start.
  'tests/**',
  'src/**/*.test.ts',
  'src/**/tests/**',
  'scripts/**/*.test.ts',
  'scripts/bench/**',
  'scripts/test-repeat*.ts',
  'scripts/test-run.ts',
  'scripts/e2e-server.ts',
  'scripts/check*.{ts,mjs}',
  'playwright.config.ts',
  'vitest.config.ts',
  // The build's entry point hands its settings to Astro and Vite, which read them from the
  // environment (NODE_ENV, PUBLIC_*, the publisher's build settings).
  'scripts/build.ts',
  // The processes the publisher starts inherit the service's environment (read by their own schema).
  'src/release/publisher/publisher.ts',
  'src/release/publisher/publish-command.ts',
  // The publisher's process, and the child an intake node starts of it (one command): the builds'
  // settings are the node's environment, as when the node built itself.
  'scripts/publisher.ts',
  'src/service/publishing/publisher-child.ts',
  // pg_dump and pg_restore inherit it, with PGPASSWORD added (never the password on their argv).
  'src/service/storage/backup.ts',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'dist-*.cache/**',
      'node_modules/**',
      'releases/**',
      'data/**',
      '.astro/**',
      'test-results/**',
      'bench/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: typed, ignores: astroScripts })),
  {
    files: typed,
    ignores: astroScripts,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Event listeners, request handlers and signal handlers are async functions that catch their
      // own failures; the DOM and Node APIs that take them want a void callback. (JSX attributes
      // stay checked.)
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      // Async functions that implement a Promise-returning interface (tus hooks, fetch stubs) need no await.
      '@typescript-eslint/require-await': 'off',
      // Values decoded from JSON or form data (unknown, narrowed to {}) are stringified on purpose.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `typeof import('./x.ts')` types a module loaded on demand without a static import.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,astro}'],
    ignores: processEnvExceptions,
    rules: noProcessEnv,
  },
  {
    files: ['src/features/*/ui/**/*.tsx', 'src/features/*/ui/**/use-*.ts', 'src/site/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  {
    files: ['src/**', 'scripts/**'],
    rules: { 'max-lines-per-function': maxLines },
  },
  // Tests probe untyped JSON documents (JSON:API answers) field by field; a describe block is as long
  // as its cases.
  {
    files: tests,
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // htmlparser2's node types are an enum, compared with their string values.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      'max-lines-per-function': 'off',
    },
  },
  // JavaScript files have no types to read.
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.astro'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/pages/**/*.astro', 'src/site/**/*.astro', 'src/features/*/ui/**/*.astro'],
    rules: { 'no-restricted-imports': ['error', noServerInUi] },
  },
);
