import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { AuthService } from './features/auth/auth.service';
import { DictionariesRepository } from './features/dictionaries/dictionaries.repository';
import { WordPagesRepository } from './features/dictionaries/word-pages.repository';
import { WordsRepository } from './features/dictionaries/words.repository';
import { AccountExportService } from './features/portability/account-export';
import { AccountExportRepository } from './features/portability/account-export.repository';
import { DictionariesService } from './features/dictionaries/dictionaries.service';
import { AnkiService } from './features/dictionaries/anki.service';
import { AnkiReader, type AnkiReadLimits } from './features/dictionaries/anki/anki-reader';
import { EmailCodeService } from './features/auth/email-codes';
import { EmailCodesRepository } from './features/auth/email-codes.repository';
import { GoogleVerifier } from './features/auth/google';
import { InvitesRepository } from './features/invites/invites.repository';
import { InvitesService } from './features/invites/invites.service';
import { WorkerFitter } from './features/learning/fitter';
import { LearningRepository } from './features/learning/learning.repository';
import { LearningService } from './features/learning/learning.service';
import { LogMailer, SmtpMailer, type Mailer } from './features/mail/mailer';
import { PaymentsService } from './features/payments/payments.service';
import { RefundsService } from './features/payments/refunds.service';
import { createStripeClient } from './features/payments/stripe-client';
import { SubscriptionSync } from './features/payments/subscription-sync';
import { StripeWebhooksService } from './features/payments/webhooks.service';
import { RemindersRepository } from './features/reminders/reminders.repository';
import { RemindersService, type ReminderPush } from './features/reminders/reminders.service';
import { SubscriptionsRepository } from './features/payments/subscriptions.repository';
import { DatabaseRateLimitStore } from './features/rate-limit/rate-limit.repository';
import { RateLimiter, RedisRateLimitStore, type RateLimitStore } from './features/rate-limit/rate-limiter';
import { PushRepository } from './features/reminders/push.repository';
import { PushService, type PushTransport } from './features/reminders/push.service';
import { createBlobStore, type BlobStore } from './features/media/blob-store';
import { MediaRepository } from './features/media/media.repository';
import { MediaService } from './features/media/media.service';
import { PictureProcessor, type PictureLimits } from './features/media/picture';
import { SessionRepository } from './features/session/session.repository';
import { SessionService } from './features/session/session.service';
import { AnswersRepository } from './features/testing/answers.repository';
import { CardsRepository } from './features/testing/cards.repository';
import { ProgressRepository } from './features/testing/progress.repository';
import { ReviewLogRepository } from './features/testing/review-log.repository';
import { TestingRepository } from './features/testing/testing.repository';
import { TestingService } from './features/testing/testing.service';
import { ProgressService } from './features/testing/progress.service';
import { ReviewLogService } from './features/testing/review-log.service';
import { OfflineTestingRepository } from './features/testing/offline.repository';
import { OfflineTestingService } from './features/testing/offline.service';
import { WeakSpotsRepository } from './features/testing/weak-spots.repository';
import { WeakSpotsService } from './features/testing/weak-spots.service';
import { TranslateService } from './features/translate/translate.service';
import { UsersRepository } from './features/users/users.repository';
import { UsersService } from './features/users/users.service';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type Services = ReturnType<typeof createServices>;

/** The budgets of work that one request could make heavy (decision 0077); defaults where unset. */
export interface HeavyWorkLimits {
  ankiRead?: AnkiReadLimits;
  pictures?: PictureLimits;
}

/**
 * The composition root: every service wired to its repository and adapters, once. It hands out
 * services only: a repository is its service's own (ARCHITECTURE.md).
 */
export function createServices(deps: {
  config: Config;
  database: Database;
  clock: () => Date;
  log: FastifyBaseLogger;
  mailer?: Mailer;
  /** The push channel of reminders (features/reminders/push*.ts), when configured. */
  reminderPush?: ReminderPush;
  /** Where media bytes go; by default the one the configuration names (decision 0063). */
  blobStore?: BlobStore;
  heavyWork?: HeavyWorkLimits;
  /** How pushes resolve names and how long one may take (tests: a DNS server of theirs). */
  pushTransport?: Partial<PushTransport>;
}) {
  const { config, database, clock, log } = deps;
  const db = database.db;

  const redisTimeout = config.timeouts.redisMs;
  // Every wait on Redis ends within the timeout (decision 0073). A command waits for a
  // connection only that long (the offline queue is also emptied at each failed attempt), a
  // connection whose server goes silent is dropped and made again, and a command whose answer
  // was lost is not sent again later: its request was refused already.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        commandTimeout: redisTimeout,
        connectTimeout: redisTimeout,
        socketTimeout: redisTimeout,
        maxRetriesPerRequest: 0,
        autoResendUnfulfilledCommands: false,
        retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
        enableOfflineQueue: true,
        lazyConnect: false,
      })
    : undefined;
  redis?.on('error', (error) => log.error({ err: error }, 'redis error'));
  const rateLimitStore: RateLimitStore = redis
    ? new RedisRateLimitStore(redis)
    : new DatabaseRateLimitStore(db, clock);

  const smtpMailer = config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from, config.timeouts.smtpMs)
    : undefined;
  const mailer: Mailer = deps.mailer ?? smtpMailer ?? new LogMailer(log);

  const usersRepository = new UsersRepository(db);
  const sessions = new SessionService(new SessionRepository(db), clock);
  const users = new UsersService(usersRepository, clock, config.limits);
  const rateLimiter = new RateLimiter(rateLimitStore);
  const invites = new InvitesService(new InvitesRepository(db), config.access.signupMode, clock);
  const subscriptionSync = new SubscriptionSync({
    stripe: createStripeClient(config.stripe, config.timeouts.stripeMs),
    config,
    subscriptions: new SubscriptionsRepository(db),
    users,
    clock,
  });
  const payments = new PaymentsService(subscriptionSync);
  const refunds = new RefundsService(subscriptionSync);
  const stripeWebhooks = new StripeWebhooksService(subscriptionSync, refunds);
  const auth = new AuthService({
    users,
    sessions,
    codes: new EmailCodeService(new EmailCodesRepository(db), clock),
    mailer,
    rateLimiter,
    google: config.google.clientId
      ? new GoogleVerifier(config.google.clientId, config.google.jwksUrl, config.timeouts.googleJwksMs, clock)
      : undefined,
    clock,
    beforeAccountDeletion: [(userId) => payments.cancelForDeletedAccount(userId)],
    invites,
    guests: config.access.guests,
  });

  const dictionariesRepository = new DictionariesRepository(db);
  const wordsRepository = new WordsRepository(db);
  const dictionaries = new DictionariesService(
    dictionariesRepository,
    wordsRepository,
    new WordPagesRepository(db),
    clock,
    config.limits,
  );
  const configuredBlobs = deps.blobStore ? undefined : createBlobStore(config.media, config.timeouts.s3Ms);
  const blobStore = deps.blobStore ?? configuredBlobs;
  if (!blobStore) throw new Error('no blob store');
  // Word pictures and recordings (docs/decisions/0063-word-media.md).
  const media = new MediaService(
    new MediaRepository(db),
    blobStore,
    clock,
    log,
    new PictureProcessor(deps.heavyWork?.pictures),
    rateLimiter,
  );
  const anki = new AnkiService(
    dictionaries,
    dictionariesRepository,
    wordsRepository,
    clock,
    media,
    new AnkiReader(deps.heavyWork?.ankiRead),
    config.limits,
  );
  const learning = new LearningService({
    repository: new LearningRepository(db),
    users,
    rateLimiter,
    fitter: new WorkerFitter(),
    clock,
    log,
  });
  // A test keeps the learner's scheduler from its start (decision 0046).
  const cardsRepository = new CardsRepository(db);
  const progressRepository = new ProgressRepository(db);
  const weakSpotsRepository = new WeakSpotsRepository(db);
  const testing = new TestingService(
    new TestingRepository(db),
    new AnswersRepository(db),
    cardsRepository,
    clock,
    (userId) => learning.settingsFor(userId),
    weakSpotsRepository,
    config.limits,
  );
  const progress = new ProgressService(progressRepository, clock, (userId) => users.streak(userId));
  const reviewLog = new ReviewLogService(new ReviewLogRepository(db));
  const weakSpots = new WeakSpotsService(weakSpotsRepository, progressRepository);
  const offlineTesting = new OfflineTestingService(
    new OfflineTestingRepository(db),
    cardsRepository,
    clock,
    (userId) => learning.settingsFor(userId),
    rateLimiter,
  );
  const accountExport = new AccountExportService({
    repository: new AccountExportRepository(db),
    users,
    dictionaries,
    reviewLog,
    learning,
    clock,
  });
  const translate = new TranslateService(
    { ...config.translate, timeoutMs: config.timeouts.translateMs },
    clock,
  );
  // Web Push reminders (decision 0055); the reminder job sends through it.
  const push = new PushService({
    repository: new PushRepository(db),
    config,
    clock,
    log,
    ...(deps.pushTransport ? { transport: deps.pushTransport } : {}),
  });
  const reminders = new RemindersService({
    repository: new RemindersRepository(db),
    users,
    progress,
    mailer,
    appOrigin: config.appOrigin,
    clock,
    log,
    push: deps.reminderPush ?? (push.available ? push : undefined),
  });

  return {
    dictionaries,
    media,
    anki,
    accountExport,
    translate,
    push,
    testing,
    offlineTesting,
    weakSpots,
    progress,
    reviewLog,
    learning,
    payments,
    refunds,
    stripeWebhooks,
    sessions,
    users,
    auth,
    invites,
    rateLimiter,
    reminders,
    async close() {
      await learning.close();
      configuredBlobs?.close?.();
      smtpMailer?.close();
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
