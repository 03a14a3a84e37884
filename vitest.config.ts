import { defineConfig } from 'vitest/config';

// Unit and integration tests (plain Node; the servers they start are real, on loopback ports).
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});
