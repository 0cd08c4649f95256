import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig, testDriver } from '../../test/harness';
import type { Database } from './database';
import { startConfiguredBackups } from './scheduled-backups';

let dir: string;
let database: Database;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-scheduled-'));
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`scheduled backups as the server starts them (${testDriver})`, () => {
  it('run on the embedded database; on PostgreSQL one warning says to use pg_dump instead', async () => {
    const lines: { level: string; message: string }[] = [];
    const log = {
      info: (_details: object, message: string) => lines.push({ level: 'info', message }),
      warn: (_details: object, message: string) => lines.push({ level: 'warn', message }),
      error: (_details: object, message: string) => lines.push({ level: 'error', message }),
    };
    const backups = path.join(dir, 'backups');
    const config = testConfig({
      BACKUP_DIR: backups,
      ...(testDriver === 'postgres' ? { DATABASE_URL: 'postgres://127.0.0.1:5432/wordhoard' } : {}),
    });
    const stop = startConfiguredBackups(config, database, log, () => new Date(), undefined);
    stop();
    if (testDriver === 'postgres') {
      expect(lines).toHaveLength(1);
      expect(lines[0]!.level).toBe('warn');
      expect(lines[0]!.message).toMatch(/BACKUP_DIR is set .* embedded database: on PostgreSQL use pg_dump/);
    } else {
      expect(lines).toEqual([{ level: 'info', message: 'scheduled backups on (the database and media)' }]);
    }
    // Starting them writes nothing: the first backup waits for BACKUP_HOUR.
    await expect(readdir(backups)).rejects.toThrow(/ENOENT/);
  });
});
