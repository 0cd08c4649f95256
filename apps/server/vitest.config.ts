import { defineProject } from 'vitest/config';

/**
 * API and unit tests of the server. The root config runs this project twice when
 * TEST_DATABASE_URL is set: once on PGlite and once on PostgreSQL (TEST_DB_DRIVER).
 */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { TEST_DB_DRIVER: 'pglite' },
  },
});
