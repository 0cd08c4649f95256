import { hashPassword } from '../apps/server/src/features/auth/password';
import { answerFormsOf, termFormsOf } from '../apps/server/src/features/dictionaries/answer-forms';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/database';
import { dictionaries, sessions, testItems, testSessions, users, words } from '../apps/server/src/db/schema';
import { hashToken, newToken } from '../apps/server/src/features/session/session.service';
import { DEFAULT_SORTING_CONFIGS, SESSION_LIFETIME_MS } from '@wordhoard/shared';

export const BENCH_PASSWORD = 'Bench-password-1';

export interface Seeded {
  cookie: string;
  /** The developer who owns the dictionaries (the one-query ceiling reads this user). */
  ownerId: string;
  testerCookies: string[];
  /** The testers' emails; each logs in with BENCH_PASSWORD (the login benchmark). */
  testerEmails: string[];
  /** The id of each learner's first word, as their answers name it (it is the learner's id). */
  testerWordIds: string[];
  smallDictionaryId: string;
  largeDictionaryId: string;
}

const SYLLABLES =
  'ba be bi bo bu da de di do du fa fe fi fo fu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu'.split(
    ' ',
  );

/** A made-up word of three syllables; distinct for distinct n below 60³ (n·7919 permutes them). */
function pseudoWord(n: number): string {
  const size = SYLLABLES.length;
  let code = (n * 7919) % size ** 3;
  let word = '';
  for (let i = 0; i < 3; i += 1) {
    word += SYLLABLES[code % size] ?? '';
    code = Math.floor(code / size);
  }
  return word;
}

/**
 * Words that look like a real vocabulary (varied letters, two definitions), rather than
 * "word 1, word 2", which would flatter or punish a text index unrealistically.
 */
const wordsFor = (dictionaryId: string, count: number, start: Date, offset = 0) =>
  Array.from({ length: count }, (_, i) => {
    const term = pseudoWord(offset + i);
    const createdAt = new Date(start.getTime() + i);
    const definitions = [pseudoWord(offset + i + 100_000), pseudoWord(offset + i + 150_000)];
    return {
      dictionaryId,
      term,
      termKey: term,
      definitions,
      // As the repository writes them, so the server's answer-forms job has nothing to catch up.
      answerForms: answerFormsOf(definitions),
      termForms: termFormsOf(term),
      createdAt,
      updatedAt: createdAt,
    };
  });

/** The benchmark's search: part of one definition in the middle of the large dictionary. */
export const BENCH_SEARCH = pseudoWord(2500 + 100_000).slice(1, 5);

const TESTERS = 50;

/**
 * The rest of a small service's people: signed in, each with a dictionary of their own. With
 * only the bench's own 71 users and 51 sessions, PostgreSQL reads those tables whole (a sequential
 * scan and a hash join are cheaper on paper for a page or two) and every session-checking
 * statement cost 1.5–2× the PostgreSQL CPU it costs once the tables hold real numbers of rows,
 * where the same statements use their indexes (docs/performance.md, 2026-11-28, fourth session).
 * Their dictionaries stay empty: the words table already holds other people's words above, and
 * copies of the same few words in every dictionary would bloat the text indexes unrealistically.
 */
const OTHER_LEARNERS = 10_000;

/** OTHER_LEARNERS users with a live session and an empty dictionary each, in bulk. */
async function seedOtherLearners({ db }: Database): Promise<void> {
  await db.execute(sql`
    insert into users (email, role, sorting_configs)
    select 'learner' || n || '@example.com', 'user', ${JSON.stringify(DEFAULT_SORTING_CONFIGS)}::jsonb
    from generate_series(1, ${OTHER_LEARNERS}::int) n`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, md5(id::text) || md5(email), ${new Date(Date.now() + SESSION_LIFETIME_MS).toISOString()}::timestamptz
    from users where email like 'learner%@example.com'`);
  await db.execute(sql`
    insert into dictionaries (user_id, name, from_language, to_language)
    select id, 'Mine', 'en', 'es' from users where email like 'learner%@example.com'`);
}

async function signIn({ db }: Database, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  return `wordhoard_session=${token}`;
}

/** An active 100-word test (answers to it never finish a word: the bench types wrong ones). */
async function startTest({ db }: Database, userId: string, dictionaryId: string): Promise<void> {
  const items = Array.from({ length: 100 }, (_, i) => ({
    wordId: userId,
    term: pseudoWord(i),
    definitions: [pseudoWord(i + 100_000), pseudoWord(i + 150_000)],
    done: [],
    result: null,
    answers: [],
    mistakes: 0,
  }));
  const [test] = await db
    .insert(testSessions)
    .values({
      userId,
      dictionaryId,
      swap: false,
      range: { type: 'quantity', from: 'last', count: 100, order: 'asc' },
      total: items.length,
    })
    .returning({ id: testSessions.id });
  if (!test) throw new Error('no test');
  await db.insert(testItems).values(items.map((item, position) => ({ testId: test.id, position, item })));
}

/**
 * Realistic data straight into the database: a developer with dictionaries of 50 and 5,000
 * words, a live session, an active test, a few other users with their own data, 10,000 other
 * signed-in learners with a dictionary each, and 50 learners with a running test and a
 * known password each (the answer and login benchmarks).
 */
export async function seed(database: Database): Promise<Seeded> {
  const { db } = database;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const start = new Date(Date.now() - 60 * 60 * 1000);
  const [owner] = await db
    .insert(users)
    .values({
      email: 'bench@example.com',
      role: 'developer',
      passwordHash,
      sortingConfigs: DEFAULT_SORTING_CONFIGS,
    })
    .returning();
  if (!owner) throw new Error('seed failed');
  const [small, large] = await db
    .insert(dictionaries)
    .values([
      { userId: owner.id, name: 'Small', fromLanguage: 'en', toLanguage: 'de', wordsCount: 50 },
      { userId: owner.id, name: 'Large', fromLanguage: 'en', toLanguage: 'uk', wordsCount: 5000 },
    ])
    .returning();
  if (!small || !large) throw new Error('seed failed');
  for (const [dictionary, count] of [
    [small, 50],
    [large, 5000],
  ] as const) {
    const rows = wordsFor(dictionary.id, count, start);
    for (let offset = 0; offset < rows.length; offset += 1000)
      await db.insert(words).values(rows.slice(offset, offset + 1000));
  }
  // Other people's data, so every query really has to filter by owner.
  for (let i = 0; i < 20; i += 1) {
    const [other] = await db
      .insert(users)
      .values({ email: `other${i}@example.com`, role: 'user', sortingConfigs: DEFAULT_SORTING_CONFIGS })
      .returning();
    if (!other) throw new Error('seed failed');
    const [theirs] = await db
      .insert(dictionaries)
      .values({
        userId: other.id,
        name: `Theirs ${i}`,
        fromLanguage: 'en',
        toLanguage: 'fr',
        wordsCount: 200,
      })
      .returning();
    if (!theirs) throw new Error('seed failed');
    await db.insert(words).values(wordsFor(theirs.id, 200, start, 10_000 + i * 200));
  }
  await seedOtherLearners(database);
  const cookie = await signIn(database, owner.id);
  await startTest(database, owner.id, large.id);
  // Learners who each run their own test, for the answer benchmark: one person never sends
  // 50 answers at once, 50 people do.
  const testerCookies: string[] = [];
  const testerWordIds: string[] = [];
  const testerEmails: string[] = [];
  for (let i = 0; i < TESTERS; i += 1) {
    const [tester] = await db
      .insert(users)
      .values({
        email: `tester${i}@example.com`,
        passwordHash,
        role: 'premium',
        sortingConfigs: DEFAULT_SORTING_CONFIGS,
      })
      .returning();
    if (!tester) throw new Error('seed failed');
    testerCookies.push(await signIn(database, tester.id));
    testerEmails.push(`tester${i}@example.com`);
    testerWordIds.push(tester.id);
    await startTest(database, tester.id, large.id);
  }
  return {
    cookie,
    ownerId: owner.id,
    testerCookies,
    testerEmails,
    testerWordIds,
    smallDictionaryId: small.id,
    largeDictionaryId: large.id,
  };
}
