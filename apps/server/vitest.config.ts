import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * API and unit tests of the server. The root config runs this project on PGlite always and,
 * when TEST_DATABASE_URL is set, once more on PostgreSQL with only the suites that touch the
 * database (*.api.test.ts, *.db.test.ts) and those that need a real server (*.pg.test.ts).
 * Process-level tests of the embedded database are *.pglite.test.ts (PGlite project only).
 */
export function serverProject(driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    root: import.meta.dirname,
    test: {
      name: driver === 'pglite' ? 'server' : 'server-pg',
      environment: 'node',
      include:
        driver === 'pglite'
          ? ['src/**/*.test.ts', 'test/**/*.test.ts']
          : ['src/**/*.{api,db,pg}.test.ts', 'test/**/*.{api,db,pg}.test.ts'],
      // *.pg.test.ts need a real PostgreSQL server (faults through a proxy).
      exclude: driver === 'pglite' ? ['**/*.pg.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
      globalSetup: ['./test/global-setup.ts'],
      // A worker's files share one module cache (PGlite's WASM, fastify, drizzle load once per
      // worker, not per file). Every file opens its own database and server, so nothing a test
      // writes is shared.
      isolate: false,
      // Limits for a hang, not speed goals (tests wait on conditions): under `npm run test:stress`
      // (three workers, the browser suite and two busy loops on two cores) a 5,000-word import
      // through the WASM database took 59 s, a backup round trip 123 s and a beforeAll starting
      // three servers over 60 s of wall time. One limit for all; no test sets a smaller one.
      testTimeout: 300_000,
      hookTimeout: 300_000,
      env: { TEST_DB_DRIVER: driver },
    },
  };
}

export default defineProject(serverProject('pglite'));
