import type { Caller } from '../../domain/caller';
import { DEFAULT_SORTING_CONFIGS, type User } from '@wordhoard/shared';
import type { z } from 'zod';
import type { updateMeBodySchema } from '@wordhoard/shared';
import { AppError, notFound } from '../../domain/errors';
import { toUserDto } from './user.presenter';
import type { NewUser, UserRow, UsersRepository } from './users.repository';

export type { UserRow };

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** The caller's own profile, found through their session in one query. */
  async me(caller: Caller): Promise<User> {
    const found = await this.users.findCallerWithSubscription(caller.params);
    await caller.admit(found?.session);
    if (!found) throw new AppError('UNAUTHORIZED');
    return toUserDto(found.user, found.subscription);
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

  /** The user's row and live subscription, for services that act on an account (export). */
  recordOf(userId: string) {
    return this.users.findWithSubscription(userId);
  }

  private async profile(userId: string): Promise<User> {
    const found = await this.users.findWithSubscription(userId);
    if (!found) throw new AppError('UNAUTHORIZED');
    return toUserDto(found.user, found.subscription);
  }

  async update(caller: Caller, changes: z.output<typeof updateMeBodySchema>): Promise<User> {
    const { userId } = await caller.session();
    const current = await this.users.findById(userId);
    if (!current) throw notFound();
    await this.users.update(userId, {
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
