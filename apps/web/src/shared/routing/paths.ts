import type { Role } from '@wordhoard/shared';

/** Every screen's path (SPEC §2), so a feature can link to another without importing it. */
export const PATHS = {
  landing: '/',
  about: '/about',
  support: '/support',
  auth: '/auth',
  signup: '/auth/signup',
  login: '/auth/login',
  guest: '/auth/guest',
  forgotPassword: '/auth/forgetPassword',
  restoreCode: '/auth/forgetPassword/code',
  newPassword: '/auth/forgetPassword/password',
  verify: '/verify',
  /** A guest signs up and keeps their words. */
  keepWords: '/account/create',
  acceptPolicy: '/accept-policy',
  menu: '/menu',
  userEdit: '/user/edit',
  /** The account's daily goal, streak and year of reviews (docs/decisions/0053-learners-day.md). */
  progress: '/progress',
  /** Where a reminder mail's unsubscribe link leads: asks, then unsubscribes (decision 0054). */
  unsubscribeReminders: '/reminders/unsubscribe',
  dictionaries: '/dictionaries',
  createDictionary: '/dictionaries/create',
  dictionary: '/dictionaries/:dictionaryId',
  editWords: '/dictionaries/:dictionaryId/words/edit',
  editDictionaryInfo: '/dictionaries/:dictionaryId/info/edit',
  /** Import into a new dictionary / into this one (docs/decisions/0012-data-portability.md). */
  importDictionary: '/dictionaries/import',
  importWords: '/dictionaries/:dictionaryId/import',
  importAnki: '/dictionaries/:dictionaryId/import/anki',
  editWord: '/dictionaries/:dictionaryId/words/:wordId/edit',
  dictionaryProgress: '/dictionaries/:dictionaryId/progress',
  createTester: '/createTester',
  testing: '/testing',
  testingSkip: '/testing/skip',
  testingCheck: '/testing/check',
  testingFinish: '/testing/finish',
  plans: '/plans',
  subscription: '/subscription',
  stripeSuccess: '/stripe/success',
  stripeCancel: '/stripe/cancel',
  policies: '/policy',
  cookiePolicy: '/policy/cookie',
  privacyPolicy: '/policy/privacy',
  termsOfUse: '/policy/terms-of-use',
} as const;

/** Who may open the role-restricted screens (DESIGN §4); the header hides what is not allowed. */
export const USER_EDIT_ROLES = ['user', 'premium', 'developer', 'friend'] as const satisfies readonly Role[];
export const PLANS_ROLES = ['user'] as const satisfies readonly Role[];
export const SUBSCRIPTION_ROLES = ['premium'] as const satisfies readonly Role[];
export const KEEP_WORDS_ROLES = ['guest'] as const satisfies readonly Role[];
