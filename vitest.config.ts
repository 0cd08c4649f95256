import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';

// One `vitest run` at the root runs every project. The API suite runs on PGlite always and
// again on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const projects: TestProjectConfiguration[] = ['packages/shared', 'apps/web', serverProject('pglite')];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('postgres'));

// Three workers at least: vitest's default (cores - 1) is one on a 2-core machine, which left a
// core idle while a worker waited on PostgreSQL, a server process or its in-process server
// (docs/decisions/0065-test-workers.md).
const maxWorkers = Math.max(3, availableParallelism() - 1);

export default defineConfig({ test: { projects, maxWorkers } });
