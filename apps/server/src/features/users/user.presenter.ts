import { PREMIUM_PRICE_PER_MONTH, ROLE_LIMITS, type RoleLimitsTable, type User } from '@wordhoard/shared';
import { reminderTime } from '../../domain/reminders';
import type { PlanSource, UserDtoSource } from './users.repository';

const LIVE_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due']);

/** The `User` of the contract: the row plus what follows from its role and subscription. */
export function toUserDto(
  user: UserDtoSource,
  subscription: PlanSource | null = null,
  limits: RoleLimitsTable = ROLE_LIMITS,
): User {
  const premium =
    subscription !== null && LIVE_SUBSCRIPTION.has(subscription.status) && subscription.endedAt === null;
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    interfaceLanguage: user.interfaceLanguage,
    sortingConfigs: user.sortingConfigs,
    limits: limits[user.role],
    plan: premium
      ? {
          id: 'premium',
          name: 'Premium',
          pricePerMonth: PREMIUM_PRICE_PER_MONTH,
          nextPaymentDate: subscription.cancelAtPeriodEnd
            ? null
            : subscription.currentPeriodEnd.toISOString(),
          expiresAt: subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd.toISOString() : null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : {
          id: 'free',
          name: 'Free',
          pricePerMonth: 0,
          nextPaymentDate: null,
          expiresAt: null,
          cancelAtPeriodEnd: false,
        },
    guestExpiresAt: user.guestExpiresAt ? user.guestExpiresAt.toISOString() : null,
    hasPassword: user.passwordHash !== null,
    googleLinked: user.googleSubject !== null,
    desiredRetention: user.desiredRetention,
    leechThreshold: user.leechThreshold,
    timeZone: user.timeZone,
    dailyGoal: user.dailyGoal,
    emailReminders: user.reminderEmail,
    reminderTime: reminderTime(user.reminderMinute),
  };
}
