// Lint: JavaScript and TypeScript recommended rules, Astro components (with their accessibility
// rules), React hooks in islands, and the layering rules for .astro files (dependency-cruiser
// checks the .ts files: .dependency-cruiser.cjs).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['src/features/*/ui/**/*.tsx', 'src/site/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  // Tests probe untyped JSON documents (JSON:API answers) field by field.
  {
    files: ['tests/**/*.ts', 'src/**/*.test.ts', 'src/**/tests/**/*.ts', 'scripts/**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/pages/**/*.astro', 'src/site/**/*.astro', 'src/features/*/ui/**/*.astro'],
    rules: { 'no-restricted-imports': ['error', noServerInUi] },
  },
);
