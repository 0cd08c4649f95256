import type { User } from '@wordhoard/shared';

/** A signed-in user as GET /users/me returns it; override what a test is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '7b0d6a3e-8c1a-4f5e-9a77-0d2f0c6b9e11',
    email: 'ada@example.com',
    role: 'user',
    interfaceLanguage: 'en',
    sortingConfigs: {
      dictionariesSort: 'update',
      dictionariesSortDirection: -1,
      dictionaryWordsSort: 'create',
      dictionaryWordsSortDirection: -1,
    },
    limits: { dictionaries: 2, wordsPerDictionary: 300, testsPerDay: 5 },
    plan: {
      id: 'free',
      name: 'Free',
      pricePerMonth: 0,
      nextPaymentDate: null,
      expiresAt: null,
      cancelAtPeriodEnd: false,
    },
    guestExpiresAt: null,
    hasPassword: true,
    googleLinked: false,
    desiredRetention: 0.9,
    leechThreshold: 8,
    timeZone: 'UTC',
    dailyGoal: 20,
    emailReminders: false,
    reminderTime: '18:00',
    ...overrides,
  };
}
