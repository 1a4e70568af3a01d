import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Browser tests on a shared 2-core machine: generous, since a hang still fails the run.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time. Vitest's default on this 2-core machine is one (cores - 1), yet the
    // slowest files mostly wait: on the real clock (the timers, leases, watchdog), on server
    // processes starting, on Chromium. Every file is independent of the others (its own temp
    // DATA_DIR, free ports, its own server and browser), so any two may run together. `--maxWorkers=1`
    // on the command line runs them one at a time again.
    maxWorkers: 2,
  },
});
