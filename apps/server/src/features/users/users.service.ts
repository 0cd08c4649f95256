import type { Caller } from '../session/caller';
import { DEFAULT_SORTING_CONFIGS, type User } from '@wordhoard/shared';
import type { z } from 'zod';
import type { updateMeBodySchema } from '@wordhoard/shared';
import { AppError, notFound } from '../../http/errors';
import { toUserDto } from './user.presenter';
import type { UsersRepository } from './users.repository';

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** The caller's own profile, found through their session in one query. */
  async caller(caller: Caller): Promise<User> {
    const found = await this.users.findCallerWithSubscription(caller.params);
    await caller.admit(found?.session);
    if (!found) throw new AppError(401, 'UNAUTHORIZED');
    return toUserDto(found.user, found.subscription);
  }

  async me(userId: string): Promise<User> {
    const found = await this.users.findWithSubscription(userId);
    if (!found) throw new AppError(401, 'UNAUTHORIZED');
    return toUserDto(found.user, found.subscription);
  }

  async update(userId: string, changes: z.output<typeof updateMeBodySchema>): Promise<User> {
    const current = await this.users.findById(userId);
    if (!current) throw notFound();
    await this.users.update(userId, {
      ...(changes.interfaceLanguage ? { interfaceLanguage: changes.interfaceLanguage } : {}),
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
    return this.me(userId);
  }

  /** notAcceptedPolicyUser → user. Anyone past that step is already done: a no-op. */
  async acceptPolicy(userId: string, now: Date): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound();
    if (user.role === 'notVerifiedUser') throw new AppError(403, 'ROLE_NOT_ALLOWED');
    if (user.role !== 'notAcceptedPolicyUser') return;
    await this.users.update(userId, { role: 'user', policyAcceptedAt: now });
  }
}
