import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SORTING_CONFIGS } from '@wordhoard/shared';
import { openPostgres } from '../../db/database';
import { dictionaries, users, wordCards, words } from '../../db/schema';
import { startPgCluster, type PgCluster } from '../../../test/pg-cluster';
import type { ServerProcess } from '../../../test/server-process';
import type { SmtpSink } from '../../../test/smtp-sink';

/**
 * Two server processes on one PostgreSQL run the reminder job at the same moment (both run it
 * as they start) over learners whose reminder is due: each learner gets exactly one mail.
 */
const METRICS_TOKEN = 'reminders-metrics-token-0123456789';
const LEARNERS = 40;
let sink: SmtpSink;
let servers: ServerProcess[] = [];
const emails: string[] = [];

/** Learners in UTC whose reminder time is this minute, each with one word due. */
async function seed(url: string): Promise<void> {
  const database = await openPostgres(url, { migrate: true });
  try {
    const now = new Date();
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    for (let i = 0; i < LEARNERS; i += 1) {
      const email = `remind.${i}.${Date.now()}@example.com`;
      emails.push(email);
      const [user] = await database.db
        .insert(users)
        .values({
          email,
          role: 'user',
          sortingConfigs: DEFAULT_SORTING_CONFIGS,
          emailVerifiedAt: now,
          reminderEmail: true,
          reminderMinute: minute,
        })
        .returning();
      const [dictionary] = await database.db
        .insert(dictionaries)
        .values({ userId: user!.id, name: 'Due', fromLanguage: 'en', toLanguage: 'de' })
        .returning();
      const [word] = await database.db
        .insert(words)
        .values({ dictionaryId: dictionary!.id, term: 'house', termKey: 'house', definitions: ['Haus'] })
        .returning();
      await database.db.insert(wordCards).values({
        wordId: word!.id,
        dictionaryId: dictionary!.id,
        reversed: false,
        due: new Date(now.getTime() - 3600_000),
        stability: 3,
        difficulty: 5,
        scheduledDays: 3,
        learningSteps: 0,
        reps: 1,
        lapses: 0,
        state: 2,
        lastReview: new Date(now.getTime() - 3 * 24 * 3600_000),
      });
    }
  } finally {
    await database.close();
  }
}

let cluster: PgCluster;

beforeAll(async () => {
  cluster = await startPgCluster({ label: 'remind', instances: 2, env: { METRICS_TOKEN }, seed });
  ({ sink, servers } = cluster);
});

afterAll(() => cluster.close());

/** Finished runs of the reminder job on `server`, from its metrics. */
async function reminderRuns(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.url}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text
    .split('\n')
    .find((row) => row.startsWith('wordhoard_job_runs_total{job="reminders",outcome="success"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('reminders with two instances on one PostgreSQL', () => {
  it('mail each learner exactly once', async () => {
    // Both instances ran the job as they started, at the same time.
    await expect
      .poll(async () => Math.min(...(await Promise.all(servers.map(reminderRuns)))), { timeout: 240_000 })
      .toBeGreaterThanOrEqual(1);
    for (const email of emails) expect(sink.mailsTo(email), email).toHaveLength(1);
    expect(sink.mails).toHaveLength(LEARNERS);
  });
});
