import { defineConfig } from 'vitest/config';

// Unit and integration tests (plain Node; the servers they start are real, on loopback ports).
export default defineConfig({
  test: {
    // Tests live beside their code (src/**); tests/ keeps the suites about the whole site.
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/{security,setup,site}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});
