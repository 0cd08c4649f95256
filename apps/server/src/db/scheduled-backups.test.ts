import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextBackupAt, pruneBackups, SCHEDULED_BACKUP_NAME, scheduledBackupName } from './scheduled-backups';

const HOUR = 60 * 60 * 1000;

describe('when the scheduled backup runs (local time)', () => {
  // A zone with summer time, whatever the machine's own: the hour is the operator's local hour.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('is the next BACKUP_HOUR:00 strictly after now, tomorrow once it has passed', () => {
    expect(new Date('2026-06-10T00:00:00Z').getHours()).toBe(2); // the zone took effect (CEST)
    expect(nextBackupAt(new Date(2026, 5, 10, 1, 0), 3)).toEqual(new Date(2026, 5, 10, 3, 0));
    expect(nextBackupAt(new Date(2026, 5, 10, 3, 0), 3)).toEqual(new Date(2026, 5, 11, 3, 0));
    expect(nextBackupAt(new Date(2026, 5, 10, 3, 0, 0, 1), 3)).toEqual(new Date(2026, 5, 11, 3, 0));
    expect(nextBackupAt(new Date(2026, 5, 10, 23, 30), 0)).toEqual(new Date(2026, 5, 11, 0, 0));
    // Across the end of a month and of a year.
    expect(nextBackupAt(new Date(2026, 11, 31, 22, 0), 3)).toEqual(new Date(2027, 0, 1, 3, 0));
  });

  it('keeps the local hour across the DST changes, and a missing hour becomes the next one', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST; the night is 23 hours long.
    const beforeSpring = new Date(2026, 2, 28, 12, 0);
    const spring = nextBackupAt(beforeSpring, 4);
    expect(spring.toISOString()).toBe('2026-03-29T02:00:00.000Z'); // 04:00 CEST
    expect(spring.getTime() - beforeSpring.getTime()).toBe(15 * HOUR);
    // 02:30 does not exist that night: the backup runs at 03:00 CEST, once.
    const missing = nextBackupAt(new Date(2026, 2, 28, 12, 0), 2);
    expect(missing.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(nextBackupAt(missing, 2).toISOString()).toBe('2026-03-30T00:00:00.000Z'); // 02:00 CEST

    // 2026-10-25: 03:00 CEST falls back to 02:00 CET; the night is 25 hours long.
    const beforeAutumn = new Date(2026, 9, 24, 12, 0);
    const autumn = nextBackupAt(beforeAutumn, 4);
    expect(autumn.toISOString()).toBe('2026-10-25T03:00:00.000Z'); // 04:00 CET
    expect(autumn.getTime() - beforeAutumn.getTime()).toBe(17 * HOUR);
    // 02:00 happens twice: the first is taken, and after it the next is the day after.
    const twice = nextBackupAt(beforeAutumn, 2);
    expect(twice.toISOString()).toBe('2026-10-25T00:00:00.000Z'); // 02:00 CEST
    expect(nextBackupAt(twice, 2).toISOString()).toBe('2026-10-26T01:00:00.000Z'); // 02:00 CET
    expect(nextBackupAt(new Date(twice.getTime() + HOUR), 2).toISOString()).toBe('2026-10-26T01:00:00.000Z');
  });
});

describe('which scheduled backups are kept', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-prune-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names a backup by its UTC time so that names sort as times', () => {
    const name = scheduledBackupName(new Date('2026-11-29T03:00:07.123Z'));
    expect(name).toBe('wordhoard-2026-11-29T03-00-07Z.tar.gz');
    expect(name).toMatch(SCHEDULED_BACKUP_NAME);
    expect(scheduledBackupName(new Date('2026-12-01T00:00:00Z')) > name).toBe(true);
  });

  it('keeps the newest N, deletes the older ones, and leaves every other file alone', async () => {
    const days = [5, 1, 3, 2, 4].map((day) => scheduledBackupName(new Date(Date.UTC(2026, 10, day, 3))));
    const others = [
      'wordhoard-2026-11-06T03-00-00Z.tar.gz.partial', // being written
      'wordhoard-2026-10-01.tar.gz', // made by hand with `npm run admin -- backup`
      'notes.txt',
    ];
    for (const name of [...days, ...others]) await writeFile(path.join(dir, name), name);
    await mkdir(path.join(dir, 'wordhoard-2026-10-31T03-00-00Z.tar.gz')); // a folder, not a backup

    const removed = await pruneBackups(dir, 2);

    expect(removed).toEqual([
      'wordhoard-2026-11-01T03-00-00Z.tar.gz',
      'wordhoard-2026-11-02T03-00-00Z.tar.gz',
      'wordhoard-2026-11-03T03-00-00Z.tar.gz',
    ]);
    expect((await readdir(dir)).sort()).toEqual(
      [
        ...others,
        'wordhoard-2026-10-31T03-00-00Z.tar.gz',
        'wordhoard-2026-11-04T03-00-00Z.tar.gz',
        'wordhoard-2026-11-05T03-00-00Z.tar.gz',
      ].sort(),
    );
    expect(await pruneBackups(dir, 2)).toEqual([]);
    expect(await pruneBackups(dir, 14)).toEqual([]);
  });
});
