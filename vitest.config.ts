import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // CI asks for a JSON report too, to print one plain 'N passed, N failed' line.
    reporters: process.env['VITEST_JSON'] ? ['default', 'json'] : ['default'],
    ...(process.env['VITEST_JSON'] ? { outputFile: { json: process.env['VITEST_JSON'] } } : {}),
  },
});
