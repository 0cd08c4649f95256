import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { backupPglite, restorePglite } from './backup';
import { openPglite } from './database';
import { DataDirLockedError } from './lock';
import { users } from './schema';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-backup-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const emails = async (dataDir: string) => {
  const database = await openPglite({ dataDir });
  try {
    return (await database.db.select({ email: users.email }).from(users)).map((row) => row.email);
  } finally {
    await database.close();
  }
};

describe('backup and restore of the embedded database', () => {
  it('round-trips: what was backed up comes back, and the replaced data is kept aside', async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'wordhoard.tar.gz');
    const database = await openPglite({ dataDir });
    await database.db
      .insert(users)
      .values({ email: 'kept@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS });
    await database.close();

    const media = { driver: 'fs', dir: path.join(dataDir, 'media') } as const;
    expect((await backupPglite(dataDir, file, media)).bytes).toBeGreaterThan(1000);

    const later = await openPglite({ dataDir });
    await later.db.delete(users).where(eq(users.email, 'kept@example.com'));
    await later.db
      .insert(users)
      .values({ email: 'later@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS });
    await later.close();
    expect(await emails(dataDir)).toEqual(['later@example.com']);

    const { databaseAside: aside } = await restorePglite(dataDir, file);
    expect(await emails(dataDir)).toEqual(['kept@example.com']);
    expect(existsSync(aside)).toBe(true);
  });

  it('refuses while the server holds the data directory', async () => {
    const dataDir = path.join(dir, 'busy');
    const running = await openPglite({ dataDir });
    try {
      await expect(
        backupPglite(dataDir, path.join(dir, 'x.tar.gz'), { driver: 's3', bucket: 'b' }),
      ).rejects.toThrow(DataDirLockedError);
    } finally {
      await running.close();
    }
  });

  it('refuses a file that is not a backup and leaves the data alone', async () => {
    const dataDir = path.join(dir, 'data');
    const database = await openPglite({ dataDir });
    await database.db
      .insert(users)
      .values({ email: 'safe@example.com', role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS });
    await database.close();
    const bogus = path.join(dir, 'bogus.tar.gz');
    await writeFile(bogus, 'not a tarball');
    await expect(restorePglite(dataDir, bogus)).rejects.toThrow();
    expect(await emails(dataDir)).toEqual(['safe@example.com']);
  });
});
