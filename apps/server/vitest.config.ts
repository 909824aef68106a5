import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    isolate: false,
    // As the browser tests: one retry keeps a timing hiccup on a loaded CI machine from failing the build; the
    // summary of `npm test` (scripts/test.mjs) still names each test that needed it as flaky.
    retry: process.env.CI ? 1 : 0,
  },
});
