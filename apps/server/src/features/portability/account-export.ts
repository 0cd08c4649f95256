import type { AccountExport } from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import type { Streamable } from '../../domain/streamed';
import { AppError } from '../../domain/errors';
import type { DictionariesService } from '../dictionaries/dictionaries.service';
import type { LearningService } from '../learning/learning.service';
import type { ReviewLogService } from '../testing/review-log.service';
import { toUserDto } from '../users/user.presenter';
import type { UsersService } from '../users/users.service';
import type { AccountExportRepository } from './account-export.repository';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The account export with its long lists (words, the review log) read while it is written. */
export type AccountExportStream = Streamable<AccountExport>;

/**
 * Everything a user owns, as one JSON document: the data-portability right of the privacy
 * policy. No secrets: no password hash, session tokens, codes, Google subject or Stripe ids.
 * The words and the review log are read a page at a time while the answer is written, so that
 * an account with a million reviews exports in bounded memory
 * (docs/decisions/0076-bounded-exports-and-late-reviews.md).
 */
export class AccountExportService {
  constructor(
    private readonly deps: {
      repository: AccountExportRepository;
      users: UsersService;
      dictionaries: DictionariesService;
      reviewLog: ReviewLogService;
      learning: LearningService;
      clock: () => Date;
    },
  ) {}

  async export(caller: Caller): Promise<AccountExportStream> {
    const { userId } = await caller.session();
    const { repository, users, dictionaries, reviewLog, learning, clock } = this.deps;
    const found = await users.recordOf(userId);
    if (!found) throw new AppError('UNAUTHORIZED');
    const { user, subscription } = found;
    const [ownDictionaries, ownSubscriptions, test, attempts, scheduler] = await Promise.all([
      dictionaries.allWithWords(userId),
      repository.subscriptionHistory(userId),
      repository.test(userId),
      repository.attempts(userId),
      learning.status(caller),
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
      dictionaries: ownDictionaries,
      test: test
        ? {
            dictionaryId: test.dictionaryId,
            swap: test.swap,
            range: test.range,
            position: test.position,
            items: test.items,
            createdAt: iso(test.createdAt),
            updatedAt: iso(test.updatedAt),
          }
        : null,
      testAttempts: attempts,
      reviewLog: reviewLog.reviewLogOf(userId),
      scheduler,
    };
  }
}
