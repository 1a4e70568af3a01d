import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Browser tests on a shared 2-core machine: generous, since a hang still fails the run.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
