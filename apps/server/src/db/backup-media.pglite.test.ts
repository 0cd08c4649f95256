import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Word } from '@wordhoard/shared';
import { createUser } from '../../test/fixtures';
import { testConfig, uniqueClientAddress } from '../../test/harness';
import { pictureFile, wavFile } from '../../test/media/media-files';
import { testingDriver } from '../../test/testing-driver';
import { buildApp } from '../app';
import type { JobRun } from '../domain/jobs';
import { backupPglite, restorePglite, type BackupMedia } from './backup';
import { openPglite, type Database } from './database';
import { nextBackupAt, SCHEDULED_BACKUP_NAME, startScheduledBackups } from './scheduled-backups';

/**
 * A learner's whole state — dictionary, words, reviews, a picture and a recording on the
 * filesystem — backed up and restored into a new data directory, as an operator would.
 */
let dir: string;
let sourceDir: string;
let user: { id: string; email: string; cookie: string };
let dictionaryId: string;
let reviews: number;
let picture: { url: string; bytes: Buffer };
let recording: { url: string; bytes: Buffer };

interface Running {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

async function serve(dataDir: string): Promise<Running> {
  const database = await openPglite({ dataDir });
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir }),
    database,
    serveWeb: false,
    logger: false,
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const mediaOf = (dataDir: string): BackupMedia => ({ driver: 'fs', dir: path.join(dataDir, 'media') });

const fetchMedia = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { cookie: user.cookie },
    remoteAddress: uniqueClientAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};

const reviewCount = async (database: Database) =>
  (
    await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from review_log where user_id = ${user.id}`,
    )
  ).rows[0]?.n;

/** What a restored data directory must give back: the words, the reviews, the media bytes. */
async function expectEverythingIn(dataDir: string): Promise<void> {
  const restored = await serve(dataDir);
  try {
    const page = await testingDriver(restored.app)
      .as(user)
      .call('getDictionary', {
        params: { id: dictionaryId },
        query: { page: 1, limit: 40, sort: 'create', direction: 1 },
      });
    const words = page.data().words;
    expect(words.map((word) => word.term).sort()).toEqual(['der Hund', 'die Katze']);
    const hund = words.find((word) => word.term === 'der Hund')!;
    expect(hund.picture?.url).toBe(picture.url);
    expect(hund.audio?.url).toBe(recording.url);
    expect(await reviewCount(restored.database)).toBe(reviews);
    expect(Buffer.compare(await fetchMedia(restored.app, picture.url), picture.bytes)).toBe(0);
    expect(Buffer.compare(await fetchMedia(restored.app, recording.url), recording.bytes)).toBe(0);
  } finally {
    await restored.close();
  }
}

let source: Running;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-backup-media-'));
  sourceDir = path.join(dir, 'source');
  source = await serve(sourceDir);
  user = await createUser(source.app);
  const drive = testingDriver(source.app);
  dictionaryId = await drive.testOf(user, [
    { term: 'der Hund', definitions: ['dog'] },
    { term: 'die Katze', definitions: ['cat'] },
  ]);
  for (const typed of ['dog', 'cat']) (await drive.answer(user, await drive.current(user), typed)).data();
  reviews = (await reviewCount(source.database)) ?? 0;
  expect(reviews).toBeGreaterThanOrEqual(2);

  const words = (
    await drive.as(user).call('getDictionary', {
      params: { id: dictionaryId },
      query: { page: 1, limit: 40, sort: 'create', direction: 1 },
    })
  ).data().words;
  const hund = words.find((word) => word.term === 'der Hund')!;
  const put = async (kind: 'picture' | 'audio', body: Buffer, contentType: string) => {
    const response = await source.app.inject({
      method: 'PUT',
      url: `/api/dictionaries/${dictionaryId}/words/${hund.id}/${kind}`,
      headers: { cookie: user.cookie, 'content-type': contentType },
      payload: body,
      remoteAddress: uniqueClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Word>();
  };
  await put('picture', await pictureFile('png'), 'image/png');
  const saved = await put('audio', wavFile(1), 'audio/wav');
  picture = { url: saved.picture!.url, bytes: await fetchMedia(source.app, saved.picture!.url) };
  recording = { url: saved.audio!.url, bytes: await fetchMedia(source.app, saved.audio!.url) };
  expect(picture.bytes.length).toBeGreaterThan(100);
  expect(recording.bytes.length).toBeGreaterThan(1000);
});
afterAll(async () => {
  await source.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('backups with media (embedded database, media on the filesystem)', () => {
  it('a scheduled run inside the running server writes a backup named by its time, on its timer', async () => {
    let now = new Date(2026, 10, 28, 23, 30); // local time: the next 03:00 is tomorrow's
    const runs: JobRun[] = [];
    const fired: { run: () => Promise<void>; ms: number }[] = [];
    const backups = path.join(dir, 'scheduled');
    const errors: unknown[] = [];
    const scheduled = startScheduledBackups({
      database: source.database,
      settings: { dir: backups, keep: 3, hour: 3 },
      media: mediaOf(sourceDir),
      log: { info: () => undefined, error: (details) => errors.push(details) },
      clock: () => now,
      timers: { set: (run, ms) => fired.push({ run, ms }), clear: () => undefined },
      observe: (run) => runs.push(run),
    });
    try {
      expect(fired).toHaveLength(1);
      expect(fired[0]!.ms).toBe(nextBackupAt(now, 3).getTime() - now.getTime());
      expect(fired[0]!.ms).toBe(3.5 * 60 * 60 * 1000);
      await fired[0]!.run();
      expect(errors).toEqual([]);
      const names = await readdir(backups);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(SCHEDULED_BACKUP_NAME);
      // Every account's email and password hash is in it: the owner's alone.
      expect((await stat(path.join(backups, names[0]!))).mode & 0o777).toBe(0o600);
      expect(runs.map((run) => [run.job, run.ok])).toEqual([['scheduled_backup', true]]);
      // The next one is armed for the day after.
      expect(fired).toHaveLength(2);

      // Two at once (the timer and a slow previous run): the second is skipped, not overlapped.
      now = new Date(2026, 10, 29, 3, 0);
      const both = await Promise.all([scheduled.runNow(), scheduled.runNow()]);
      expect(both.filter((result) => result === undefined)).toHaveLength(1);
      expect(await readdir(backups)).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      scheduled.stop();
    }
  });

  it('the admin backup holds the database and both media files, and restores into a new data directory', async () => {
    await source.close();
    const file = path.join(dir, 'admin.tar.gz');
    const result = await backupPglite(sourceDir, file, mediaOf(sourceDir));
    expect(result.mediaFiles).toBe(2);
    expect(result.mediaBytes).toBe(picture.bytes.length + recording.bytes.length);

    const target = path.join(dir, 'restored');
    const restored = await restorePglite(target, file);
    expect(restored).toMatchObject({ format: 2, media: 'fs', mediaFiles: 2, mediaAside: undefined });
    await expectEverythingIn(target);
  });

  it('the scheduled backup restores too, and the media it replaces are kept aside', async () => {
    const [name] = (await readdir(path.join(dir, 'scheduled'))).sort();
    const target = path.join(dir, 'restored');
    const before = await readdir(path.join(target, 'media'), { recursive: true });
    const restored = await restorePglite(target, path.join(dir, 'scheduled', name!));
    expect(restored.mediaFiles).toBe(2);
    expect(restored.mediaAside).toBeDefined();
    expect(existsSync(restored.databaseAside)).toBe(true);
    expect(await readdir(restored.mediaAside!, { recursive: true })).toEqual(before);
    await expectEverythingIn(target);
  });

  it('an old database-only backup still restores, and leaves the media alone', async () => {
    const database = await openPglite({ dataDir: sourceDir });
    const file = path.join(dir, 'old.tar.gz');
    try {
      // What backups were before: the PGlite data directory alone, gzipped.
      await writeFile(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    } finally {
      await database.close();
    }
    const target = path.join(dir, 'restored');
    const mediaBefore = await readdir(path.join(target, 'media'), { recursive: true });
    const restored = await restorePglite(target, file);
    expect(restored).toMatchObject({ format: 1, media: 'none', mediaAside: undefined });
    expect(await readdir(path.join(target, 'media'), { recursive: true })).toEqual(mediaBefore);
    await expectEverythingIn(target);
  });
});
