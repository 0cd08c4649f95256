import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite } from './database';
import { DataDirLockedError } from './lock';

describe('PGlite on disk', () => {
  it('migrates a new data directory and refuses a second opener', { timeout: 90_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-db-'));
    try {
      const first = await openPglite({ dataDir: dir });
      await expect(openPglite({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      expect(await first.ping()).toBe(true);
      await first.close();
      // Reopening applies no migration twice and keeps the data.
      const second = await openPglite({ dataDir: dir });
      const result = await second.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      expect(result.rows[0]?.n).toBe(0);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
