import { asc, eq } from 'drizzle-orm';
import type { AccountExport } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { dailyAttempts, subscriptions, testItems, testSessions } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { DictionariesRepository } from '../dictionaries/dictionaries.repository';
import { toDictionaryDto, toWordDto } from '../dictionaries/dictionary.presenter';
import { toUserDto } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything a user owns, as one JSON document: the data-portability right of the privacy
 * policy. No secrets: no password hash, session tokens, codes, Google subject or Stripe ids.
 */
export class AccountExportService {
  constructor(
    private readonly deps: {
      db: Db;
      users: UsersRepository;
      dictionaries: DictionariesRepository;
      clock: () => Date;
    },
  ) {}

  async export(userId: string): Promise<AccountExport> {
    const { db, users, dictionaries, clock } = this.deps;
    const found = await users.findWithSubscription(userId);
    if (!found) throw new AppError(401, 'UNAUTHORIZED');
    const { user, subscription } = found;

    const [ownDictionaries, ownSubscriptions, [test], attempts] = await Promise.all([
      dictionaries.allForUser(userId),
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.createdAt)),
      db.select().from(testSessions).where(eq(testSessions.userId, userId)).limit(1),
      db
        .select({ day: dailyAttempts.day, count: dailyAttempts.count })
        .from(dailyAttempts)
        .where(eq(dailyAttempts.userId, userId))
        .orderBy(asc(dailyAttempts.day)),
    ]);
    const [words, testWords] = await Promise.all([
      dictionaries.allWords(ownDictionaries.map((dictionary) => dictionary.id)),
      test
        ? db
            .select({ item: testItems.item })
            .from(testItems)
            .where(eq(testItems.testId, test.id))
            .orderBy(asc(testItems.position))
        : [],
    ]);

    return {
      format: 'wordhoard.account',
      version: 1,
      exportedAt: iso(clock()),
      user: {
        id: user.id,
        email: user.email,
        role: user.role,
        interfaceLanguage: user.interfaceLanguage,
        sortingConfigs: user.sortingConfigs,
        googleLinked: user.googleSubject !== null,
        emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
        policyAcceptedAt: isoOrNull(user.policyAcceptedAt),
        guestExpiresAt: isoOrNull(user.guestExpiresAt),
        createdAt: iso(user.createdAt),
        updatedAt: iso(user.updatedAt),
      },
      plan: toUserDto(user, subscription).plan,
      subscriptions: ownSubscriptions.map((row) => ({
        status: row.status,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        currentPeriodEnd: iso(row.currentPeriodEnd),
        endedAt: isoOrNull(row.endedAt),
        createdAt: iso(row.createdAt),
      })),
      dictionaries: ownDictionaries.map((dictionary) => ({
        ...toDictionaryDto(dictionary),
        words: words.filter((word) => word.dictionaryId === dictionary.id).map(toWordDto),
      })),
      test: test
        ? {
            dictionaryId: test.dictionaryId,
            swap: test.swap,
            range: test.range,
            position: test.position,
            items: testWords.map((row) => row.item),
            createdAt: iso(test.createdAt),
            updatedAt: iso(test.updatedAt),
          }
        : null,
      testAttempts: attempts,
    };
  }
}
