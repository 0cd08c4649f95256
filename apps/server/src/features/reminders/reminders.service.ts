import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { learnerDay, nextDate, startOfLocalDay } from '../../domain/learner-day';
import { REMINDER_MAX_LATENESS_MS, dueReminder } from '../../domain/reminders';
import { reminderMail } from '../mail/reminder-mail';
import type { Mailer } from '../mail/mailer';
import type { ProgressService } from '../testing/progress.service';
import type { UsersService } from '../users/users.service';
import type { ClaimedReminder, RemindersRepository, ReminderRecipient } from './reminders.repository';

/** The push channel (features/reminders/push*.ts), told of each reminder the job decides to give. */
export interface ReminderPush {
  sendReminder(userId: string, reminder: { dueCount: number; language: string }): Promise<void>;
}

/** Reminders claimed per round trip. */
export const REMINDER_BATCH = 50;
/** How long an instance holds a claimed reminder before another may retry it. */
export const REMINDER_LEASE_MS = 5 * 60 * 1000;
/** Tries of one reminder (a mail server down) before it is given up for the day. */
export const REMINDER_MAX_ATTEMPTS = 3;

/** Where the mail's links point, under `/api` for the one-click target. */
export const UNSUBSCRIBE_API_PATH = '/api/reminders/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/reminders/unsubscribe';

export interface ReminderRunResult {
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * The daily reminder (docs/decisions/0054-reminders.md): at the learner's local time, when
 * words are due and today's goal is not met, at most once per local day, never to guests or
 * unverified addresses. Jobs live in PostgreSQL/PGlite: every instance adds the day's jobs
 * (one per user and day, whoever comes first) and claims due ones with `SKIP LOCKED`, so each
 * reminder goes out once however many instances run.
 */
export class RemindersService {
  constructor(
    private readonly deps: {
      repository: RemindersRepository;
      users: Pick<UsersService, 'reviewsBetween'>;
      progress: Pick<ProgressService, 'dueTotal'>;
      mailer: Mailer;
      appOrigin: string;
      clock: () => Date;
      log: FastifyBaseLogger;
      push?: ReminderPush;
    },
  ) {}

  /** One run of the job: add today's due reminders, then give every due one no one holds. */
  async run(): Promise<ReminderRunResult> {
    const now = this.deps.clock();
    const { repository } = this.deps;
    const jobs = [];
    for (const candidate of await repository.candidates()) {
      const due = dueReminder(candidate, now);
      if (due) jobs.push({ userId: candidate.userId, ...due });
    }
    await repository.enqueue(jobs);
    const result: ReminderRunResult = { sent: 0, skipped: 0, failed: 0 };
    for (;;) {
      const claimed = await repository.claim(now, REMINDER_BATCH, REMINDER_LEASE_MS, REMINDER_MAX_ATTEMPTS);
      if (claimed.length === 0) break;
      for (const job of claimed) {
        try {
          result[await this.give(job, now)] += 1;
        } catch (error) {
          // The lease runs out and a later run (here or on another instance) tries again.
          result.failed += 1;
          this.deps.log.error({ err: error, userId: job.userId }, 'reminder failed; retrying later');
        }
      }
      if (claimed.length < REMINDER_BATCH) break;
    }
    return result;
  }

  /** Decides one claimed reminder and gives it: the rule is checked again, now, not at enqueue. */
  private async give(job: ClaimedReminder, now: Date): Promise<'sent' | 'skipped'> {
    const { repository } = this.deps;
    const user = await repository.recipient(job.userId);
    const byMail = user !== undefined && mailable(user);
    const skip = async () => {
      await repository.finish(job.id, 'skipped', now);
      return 'skipped' as const;
    };
    if (!user || isGuest(user) || (!byMail && !this.deps.push)) return skip();
    // Too late (the server was down): better no reminder than one at night.
    if (now.getTime() - job.runAt.getTime() > REMINDER_MAX_LATENESS_MS) return skip();
    const dueCount = await this.deps.progress.dueTotal(user.id, learnerDay(user, now).endsAt);
    if (dueCount === 0) return skip();
    const reviewed = await this.deps.users.reviewsBetween(
      user.id,
      startOfLocalDay(job.day, user.timeZone),
      startOfLocalDay(nextDate(job.day), user.timeZone),
    );
    if (reviewed >= user.dailyGoal) return skip();

    if (byMail && user.email) {
      const token = await repository.tokenOf(user.id, randomBytes(24).toString('base64url'));
      const origin = this.deps.appOrigin;
      const query = `token=${encodeURIComponent(token)}`;
      await this.deps.mailer.send(
        reminderMail(user.interfaceLanguage, user.email, dueCount, {
          start: `${origin}/menu`,
          settings: `${origin}/user/edit`,
          unsubscribePage: `${origin}${UNSUBSCRIBE_PAGE_PATH}?${query}`,
          oneClick: `${origin}${UNSUBSCRIBE_API_PATH}?${query}`,
        }),
      );
    }
    // The mail went out: a failing push must not make a retry send it again.
    try {
      await this.deps.push?.sendReminder(user.id, { dueCount, language: user.interfaceLanguage });
    } catch (error) {
      this.deps.log.warn({ err: error, userId: user.id }, 'push reminder failed');
    }
    await repository.finish(job.id, 'sent', now);
    return 'sent';
  }

  /** RFC 8058 one-click unsubscribe: turns e-mail reminders off; the same answer for any token. */
  async unsubscribe(token: string): Promise<void> {
    await this.deps.repository.unsubscribe(token);
  }
}

/** A guest, or a guest who signed up and has not verified yet: no reminder by any channel. */
const isGuest = (user: ReminderRecipient) => user.role === 'guest' || user.guestExpiresAt !== null;

/** E-mail goes only to a verified address that asked for it. */
function mailable(user: ReminderRecipient): boolean {
  return (
    user.reminderEmail &&
    user.email !== null &&
    user.emailVerifiedAt !== null &&
    user.role !== 'notVerifiedUser'
  );
}
