import type { Caller } from '../../domain/caller';
import {
  DEFAULT_SORTING_CONFIGS,
  HEATMAP_DAYS,
  ROLE_LIMITS,
  type AccountProgress,
  type RoleLimitsTable,
  type Streak,
  type User,
} from '@wordhoard/shared';
import { changeZone, localDate, nextDate, startOfLocalDay } from '../../domain/learner-day';
import { reminderMinute } from '../../domain/reminders';
import { streakOf, type StreakDay } from './streak';
import type { z } from 'zod';
import type { updateMeBodySchema } from '@wordhoard/shared';
import { AppError, notFound } from '../../domain/errors';
import { toUserDto } from './user.presenter';
import type { NewUser, UserRow, UsersRepository } from './users.repository';

export type { UserRow };

/** Local days the streak is counted over: two years, the heatmap's and the one before. */
const STREAK_DAYS = 2 * HEATMAP_DAYS;
const DAY_MS = 24 * 60 * 60 * 1000;

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: () => Date = () => new Date(),
    /** Each role's limits on this instance (the free plan's may be raised: config.limits). */
    readonly limits: RoleLimitsTable = ROLE_LIMITS,
  ) {}

  /** The caller's own profile, found through their session in one query. */
  async me(caller: Caller): Promise<User> {
    const found = await this.users.findCallerWithSubscription(caller.params);
    await caller.admit(found?.session);
    if (!found) throw new AppError('UNAUTHORIZED');
    return toUserDto(found.user, found.subscription, this.limits);
  }

  /*
   * The account operations other features build on (sign-in, payments, the guest sweeper):
   * they reach the users table through this service, never through its repository.
   */
  findById(id: string) {
    return this.users.findById(id);
  }
  findByEmail(email: string) {
    return this.users.findByEmail(email);
  }
  findByGoogleSubject(subject: string) {
    return this.users.findByGoogleSubject(subject);
  }
  insert(values: NewUser) {
    return this.users.insert(values);
  }
  updateAccount(id: string, values: Partial<NewUser>) {
    return this.users.update(id, values);
  }
  deleteAccount(id: string) {
    return this.users.delete(id);
  }
  /** Deletes the guests whose 24 hours are over; how many went. */
  deleteExpiredGuests(now: Date) {
    return this.users.deleteExpiredGuests(now);
  }

  /** The user's reviews from `from` to `to` (the daily goal of the reminder, decision 0054). */
  async reviewsBetween(userId: string, from: Date, to: Date): Promise<number> {
    const rows = await this.users.reviewsPerDay(userId, [from, to]);
    return rows.reduce((sum, row) => sum + row.reviews, 0);
  }

  /** The user's row and live subscription, for services that act on an account (export). */
  recordOf(userId: string) {
    return this.users.findWithSubscription(userId);
  }

  private async profile(userId: string): Promise<User> {
    const found = await this.users.findWithSubscription(userId);
    if (!found) throw new AppError('UNAUTHORIZED');
    return toUserDto(found.user, found.subscription, this.limits);
  }

  async update(caller: Caller, changes: z.output<typeof updateMeBodySchema>): Promise<User> {
    const { userId } = await caller.session();
    const current = await this.users.findById(userId);
    if (!current) throw notFound();
    // A new zone counts from the learner's next day on (decision 0053); the same zone changes nothing.
    const zone =
      changes.timeZone !== undefined && changes.timeZone !== current.timeZone
        ? changeZone(current, changes.timeZone, this.clock())
        : undefined;
    await this.users.update(userId, {
      ...(zone ?? {}),
      ...(changes.dailyGoal !== undefined ? { dailyGoal: changes.dailyGoal } : {}),
      // Reminders (decision 0054): the next run after the new time gives today's, if not given yet.
      ...(changes.emailReminders !== undefined ? { reminderEmail: changes.emailReminders } : {}),
      ...(changes.reminderTime !== undefined ? { reminderMinute: reminderMinute(changes.reminderTime) } : {}),
      ...(changes.interfaceLanguage ? { interfaceLanguage: changes.interfaceLanguage } : {}),
      // The schema has kept it within 0.70–0.97 (decision 0046).
      ...(changes.desiredRetention !== undefined ? { desiredRetention: changes.desiredRetention } : {}),
      ...(changes.leechThreshold !== undefined ? { leechThreshold: changes.leechThreshold } : {}),
      ...(changes.sortingConfigs
        ? {
            // A partial change keeps the other sorting choices.
            sortingConfigs: {
              ...DEFAULT_SORTING_CONFIGS,
              ...current.sortingConfigs,
              ...changes.sortingConfigs,
            },
          }
        : {}),
    });
    return this.profile(userId);
  }

  /**
   * The account's day by day (GET /users/me/progress): the daily goal and today's reviews, the
   * streak with its freezes, and the reviews of the last `HEATMAP_DAYS` local days, all in the
   * learner's time zone (decision 0053), from one grouped query of the review log.
   */
  async progress(caller: Caller): Promise<AccountProgress> {
    const { userId } = await caller.session();
    const { user, days } = await this.reviewDays(userId);
    return {
      goal: user.dailyGoal,
      todayReviewed: days.at(-1)?.reviews ?? 0,
      streak: streakOf(days),
      heatmap: days.slice(-HEATMAP_DAYS).map(({ date, reviews }) => ({ date, reviews })),
    };
  }

  /**
   * The learner's streak, the one every screen shows (decision 0086): the dictionary progress
   * takes it from here, so the two can never disagree.
   */
  async streak(userId: string): Promise<Streak> {
    return streakOf((await this.reviewDays(userId)).days);
  }

  /** Reviews per local day over the last `STREAK_DAYS` days, today last. */
  private async reviewDays(userId: string): Promise<{ user: UserRow; days: StreakDay[] }> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const zone = user.timeZone;
    const today = localDate(this.clock(), zone);
    const dates = localDays(today, STREAK_DAYS);
    const bounds = [...dates.map((date) => startOfLocalDay(date, zone)), learnerDayEnd(today, zone)];
    const counts = new Map<number, number>();
    for (const row of await this.users.reviewsPerDay(userId, bounds)) counts.set(row.day, row.reviews);
    return { user, days: dates.map((date, index) => ({ date, reviews: counts.get(index + 1) ?? 0 })) };
  }

  /** notAcceptedPolicyUser → user. Anyone past that step is already done: a no-op. */
  async acceptPolicy(caller: Caller, now: Date): Promise<void> {
    const { userId } = await caller.session();
    const user = await this.users.findById(userId);
    if (!user) throw notFound();
    if (user.role === 'notVerifiedUser') throw new AppError('ROLE_NOT_ALLOWED');
    if (user.role !== 'notAcceptedPolicyUser') return;
    await this.users.update(userId, { role: 'user', policyAcceptedAt: now });
  }
}

/** `count` consecutive local dates ending `today`, oldest first. */
function localDays(today: string, count: number): string[] {
  const last = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** The end of the local date `day` in `zone`: the start of the next. */
function learnerDayEnd(day: string, zone: string): Date {
  return startOfLocalDay(nextDate(day), zone);
}
