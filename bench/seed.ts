import { hashPassword } from '../apps/server/src/features/auth/password';
import type { Database } from '../apps/server/src/db/database';
import { dictionaries, sessions, testSessions, users, words } from '../apps/server/src/db/schema';
import { hashToken, newToken } from '../apps/server/src/features/session/session.service';
import { DEFAULT_SORTING_CONFIGS, SESSION_LIFETIME_MS } from '@wordhoard/shared';

export const BENCH_PASSWORD = 'Bench-password-1';

export interface Seeded {
  cookie: string;
  loginEmail: string;
  smallDictionaryId: string;
  largeDictionaryId: string;
}

const wordsFor = (dictionaryId: string, count: number, start: Date) =>
  Array.from({ length: count }, (_, i) => {
    const term = `word ${String(i).padStart(5, '0')}`;
    const createdAt = new Date(start.getTime() + i);
    return {
      dictionaryId,
      term,
      termKey: term,
      definitions: [`meaning ${i}`, `sense ${i % 97}`],
      createdAt,
      updatedAt: createdAt,
    };
  });

/**
 * Realistic data straight into the database: a developer with dictionaries of 50 and 5,000
 * words, a live session, an active test, a few other users with their own data, and an account
 * with a known password for the login benchmark.
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
    await db.insert(words).values(wordsFor(theirs.id, 200, start));
  }
  const token = newToken();
  await db.insert(sessions).values({
    userId: owner.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  await db.insert(testSessions).values({
    userId: owner.id,
    dictionaryId: large.id,
    swap: false,
    range: { type: 'quantity', from: 'last', count: 100, order: 'asc' },
    items: Array.from({ length: 100 }, (_, i) => ({
      wordId: owner.id,
      term: `word ${i}`,
      definitions: [`meaning ${i}`, `sense ${i}`],
      done: [],
      result: null,
      answers: [],
      mistakes: 0,
    })),
  });
  return {
    cookie: `wordhoard_session=${token}`,
    loginEmail: 'bench@example.com',
    smallDictionaryId: small.id,
    largeDictionaryId: large.id,
  };
}
