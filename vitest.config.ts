import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';

// One `vitest run` at the root runs every project. The API suite runs on PGlite always and
// again on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const projects: TestProjectConfiguration[] = ['packages/shared', 'apps/web', serverProject('pglite')];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('postgres'));

export default defineConfig({ test: { projects } });
