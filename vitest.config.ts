import { defineConfig } from 'vitest/config';

// Tiers, by what a test needs (the file name says which): `*.browser.test.ts` start Chromium,
// `*.e2e.test.ts` run the built `offprint` binary (dist/), the desktop app or the novu fixture, and every
// other test is a unit test (in-process, a real SQLite file and HTTP server; page renders use the built
// sandbox child). Run one tier with `vitest run --project NAME` (npm run test:unit|test:browser|test:e2e).
// Files run one at a time (vitest's default on CI's two cores). Two at a time was measured there and
// gained nothing: the files are CPU-bound (Chromium, render sandboxes, servers), so two browser files at
// once took 557 s against 499 one at a time, and two unit files 186 s against 197.
const BROWSER = 'test/**/*.browser.test.ts';
const E2E = 'test/**/*.e2e.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every test process and program it starts writes its temporary files under one folder, removed at the end.
    globalSetup: ['test/globalSetup.ts'],
    // A worker runs file after file without restarting or loading its modules again: starting a process and
    // loading the server's modules for each of the 170 files was 420 of the run's 2,280 s on CI's two cores.
    // What a file leaves behind (temporary folders, environment variables) is undone after it (the setup file).
    isolate: false,
    setupFiles: ['test/setupEachFile.ts'],
    // CI asks for a JSON report too, to print one plain 'N passed, N failed' line (one file, all tiers).
    reporters: process.env['VITEST_JSON'] ? ['default', 'json'] : ['default'],
    ...(process.env['VITEST_JSON'] ? { outputFile: { json: process.env['VITEST_JSON'] } } : {}),
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [BROWSER, E2E] } },
      { extends: true, test: { name: 'browser', include: [BROWSER] } },
      { extends: true, test: { name: 'e2e', include: [E2E] } },
    ],
  },
});
