import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Node 25+ has a localStorage of its own on globalThis (inert without --localstorage-file),
    // and Vitest 4 then leaves jsdom's Storage out of the test globals: tests and the code that
    // reads localStorage find no getItem. Turned off in the workers, jsdom's Storage is used as
    // on older Node. Only where Node has it: older Node refuses the flag.
    execArgv: 'localStorage' in globalThis ? ['--no-experimental-webstorage'] : [],
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A worker's files share one jsdom and one module cache: each file's own jsdom, React, i18n
    // and in-process server imports cost more than its tests (the web suite took 811 s isolated,
    // 354 s shared, same busy machine). src/test/setup.ts resets the page before every file.
    isolate: false,
    globalSetup: ['../server/test/global-setup.ts'],
    env: { TEST_DB_DRIVER: 'pglite' },
    // A screen suite starts its own API server (PGlite, migrations) in beforeAll: seconds on a
    // quiet machine, more than vitest's 10 s default on a busy one, which skipped whole files
    // (and over 60 s under `npm run test:stress`, two busy loops beside the suites).
    hookTimeout: 300_000,
    // A limit for a hung test, not a speed goal: tests wait on conditions (src/test/setup.ts).
    testTimeout: 300_000,
  },
});
