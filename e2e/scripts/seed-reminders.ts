// Seeds a data directory with a verified learner who has two words due, for the browser walk
// through the daily reminder (e2e/tests/reminders.spec.ts). Run before that test's server starts,
// on the same fake clock (node --import fake-clock.mjs --import tsx):
//   seed-reminders.ts <dataDir>   → prints the learner's sign-in as JSON.
import { DEFAULT_SORTING_CONFIGS, SESSION_COOKIE_NAME } from '@wordhoard/shared';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import { openPglite } from '../../apps/server/src/db/database';
import { wordCards } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/features/auth/password';
import { apiClient } from '../../apps/server/test/api-client';

const DAY_MS = 24 * 60 * 60 * 1000;
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-reminders.ts <dataDir>');

const LEARNER = { email: 'reminded@example.com', password: 'Correct-horse-42' };

const database = await openPglite({ dataDir });
const app = await buildApp({
  serveWeb: false,
  logger: false,
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
  database,
});
const now = new Date();
const user = await app.services.users.insert({
  email: LEARNER.email,
  passwordHash: await hashPassword(LEARNER.password),
  role: 'user',
  sortingConfigs: DEFAULT_SORTING_CONFIGS,
  emailVerifiedAt: now,
  policyAcceptedAt: now,
});
const { token } = await app.services.sessions.create(user.id);
const api = apiClient(app).as(`${SESSION_COOKIE_NAME}=${token}`);
const words = [
  { term: 'cat', definitions: ['Katze'] },
  { term: 'mouse', definitions: ['Maus'] },
];
const { dictionary } = (
  await api.call('importDictionary', {
    body: { name: 'Animals', fromLanguage: 'en', toLanguage: 'de', words },
  })
).data();
const { words: saved } = (
  await api.call('getDictionary', { params: { id: dictionary.id }, query: { limit: 100 } })
).data();
// Both words due since yesterday.
await database.db.insert(wordCards).values(
  saved.map((word) => ({
    wordId: word.id,
    dictionaryId: dictionary.id,
    reversed: false,
    due: new Date(now.getTime() - DAY_MS),
    stability: 6,
    difficulty: 6,
    scheduledDays: 6,
    learningSteps: 0,
    reps: 5,
    lapses: 0,
    state: 2,
    lastReview: new Date(now.getTime() - 7 * DAY_MS),
  })),
);

await app.close();
await database.close();
process.stdout.write(`${JSON.stringify(LEARNER)}\n`);
