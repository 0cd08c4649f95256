import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const serverProject = (name: string, driver: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  extends: './apps/server/vitest.config.ts',
  root: './apps/server',
  test: {
    name,
    env: { TEST_DB_DRIVER: driver },
    // On PostgreSQL only the suites that touch the database run again (*.api / *.db tests).
    ...(driver === 'postgres'
      ? { include: ['src/**/*.{api,db}.test.ts', 'test/**/*.{api,db}.test.ts'] }
      : {}),
  },
});

// One `vitest run` at the root runs every project. The API suite runs on PGlite always and
// again on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const projects: TestProjectConfiguration[] = [
  'packages/shared',
  'apps/web',
  serverProject('server', 'pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('server-pg', 'postgres'));

export default defineConfig({ test: { projects } });
