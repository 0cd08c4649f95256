import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

function adminUrl(databaseUrl: string, database = 'postgres'): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on PostgreSQL), which is far faster
 * than migrating per file and keeps files isolated.
 */
export default async function setup(project: TestProject) {
  const driver = process.env.TEST_DB_DRIVER ?? project.config.env.TEST_DB_DRIVER ?? 'pglite';
  if (driver === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
    const template = `wordhoard_tpl_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const database = await openPostgres(adminUrl(url, template));
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${template} with (force)`);
      await client.end();
    };
  }

  const database = await openPglite();
  if (!database.dump) throw new Error('PGlite database cannot be dumped');
  // Uncompressed (~40 MB in the temp dir): every PGlite test file opens a copy, and gunzip was a
  // third of that.
  const dump = await database.dump('none');
  await database.close();
  const file = path.join(os.tmpdir(), `wordhoard-template-${randomUUID()}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await rm(file, { force: true });
  };
}
