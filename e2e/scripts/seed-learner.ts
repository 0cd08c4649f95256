// Seeds a data directory with a learner who has two months of history, for the browser walk
// through the learning engine (e2e/tests/learning-engine.spec.ts). Run before that test's
// server starts, on the same fake clock (node --import fake-clock.mjs --import tsx):
//   seed-learner.ts <dataDir>   → prints the learner's sign-in and dictionary ids as JSON.
// The history is the simulated learner the server's own tests fit parameters to
// (apps/server/test/review-history.ts), written straight into the tables.
import { DEFAULT_SORTING_CONFIGS, SESSION_COOKIE_NAME } from '@wordhoard/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import { openPglite } from '../../apps/server/src/db/database';
import { reviewLog, wordCards } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/features/auth/password';
import { apiClient } from '../../apps/server/test/api-client';
import { seedReviewHistory } from '../../apps/server/test/review-history';

const DAY_MS = 24 * 60 * 60 * 1000;
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-learner.ts <dataDir>');

const LEARNER = { email: 'learner@example.com', password: 'Correct-horse-42' };

const database = await openPglite({ dataDir });
const app = await buildApp({
  serveWeb: false,
  logger: false,
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
  database,
});
const { db } = database;
const now = new Date();

const user = await app.services.users.insert({
  email: LEARNER.email,
  passwordHash: await hashPassword(LEARNER.password),
  role: 'premium',
  sortingConfigs: DEFAULT_SORTING_CONFIGS,
  emailVerifiedAt: now,
  policyAcceptedAt: now,
});
const { token } = await app.services.sessions.create(user.id);
const cookie = `${SESSION_COOKIE_NAME}=${token}`;
const api = apiClient(app).as(cookie);

// Two months of reviews of 200 words: enough to fit (400 reviews), and a memory the defaults
// underrate, so the fit predicts better. Those words are not due today: the walk studies a few.
const history = await seedReviewHistory(
  app,
  db,
  { id: user.id, cookie },
  {
    words: 200,
    days: 60,
    newPerDay: 6,
    end: now,
  },
);
await db.execute(
  sql`update word_cards set due = ${new Date(now.getTime() + 3 * DAY_MS)} where dictionary_id = ${history.dictionaryId}`,
);

async function dictionary(name: string, words: { term: string; definitions: string[] }[]) {
  const { dictionary: created } = (
    await api.call('importDictionary', { body: { name, fromLanguage: 'en', toLanguage: 'de', words } })
  ).data();
  const { words: saved } = (
    await api.call('getDictionary', { params: { id: created.id }, query: { limit: 100 } })
  ).data();
  const ids = new Map(saved.map((word) => [word.term, word.id]));
  return { id: created.id, idOf: (term: string) => ids.get(term)! };
}

const animals = await dictionary('Animals', [
  { term: 'cat', definitions: ['Katze'] },
  { term: 'mouse', definitions: ['Maus'] },
  { term: 'paw', definitions: ['Tatze', 'Pfote'] },
]);
const verbs = await dictionary('Verbs', [{ term: 'to go', definitions: ['gehen'] }]);

// Due today across both dictionaries, most overdue first: cat, to go, mouse, paw.
const due = [
  { dictionary: animals, term: 'cat', overdueDays: 4 },
  { dictionary: verbs, term: 'to go', overdueDays: 3 },
  { dictionary: animals, term: 'mouse', overdueDays: 2 },
  { dictionary: animals, term: 'paw', overdueDays: 1 },
];
await db.insert(wordCards).values(
  due.map(({ dictionary: { id, idOf }, term, overdueDays }) => ({
    wordId: idOf(term),
    dictionaryId: id,
    reversed: false,
    due: new Date(now.getTime() - overdueDays * DAY_MS),
    stability: 6,
    difficulty: 6,
    scheduledDays: 6,
    learningSteps: 0,
    reps: 5,
    lapses: 1,
    state: 2,
    lastReview: new Date(now.getTime() - (overdueDays + 6) * DAY_MS),
  })),
);

// "paw": its "Tatze" known, then forgotten, eight times over — a leech at the default 8.
const paw = animals.idOf('paw');
await db.insert(reviewLog).values(
  Array.from({ length: 17 }, (_, index) => {
    const recalled = index % 2 === 0;
    return {
      userId: user.id,
      wordId: paw,
      reversed: false,
      definition: null,
      typed: recalled ? 'Tatze' : null,
      result: recalled ? ('correct' as const) : ('skipped' as const),
      rating: recalled ? 3 : 1,
      state: 2,
      durationMs: 4000,
      reviewedAt: new Date(now.getTime() - (40 - index * 2) * DAY_MS),
      recalled: recalled ? ['Tatze', 'Pfote'] : ['Pfote'],
      missed: recalled ? [] : ['Tatze'],
    };
  }),
);

await app.close();
await database.close();
process.stdout.write(
  `${JSON.stringify({ ...LEARNER, reviews: history.reviews.length, animals: animals.id, verbs: verbs.id })}\n`,
);
