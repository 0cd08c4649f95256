import type { z } from 'zod';
import {
  ANKI_CONTENT_TYPES,
  ANKI_PACKAGE_MAX_BYTES,
  AUDIO_CONTENT_TYPES,
  AUDIO_MAX_BYTES,
  IMPORT_BODY_LIMIT_BYTES,
  PICTURE_CONTENT_TYPES,
  PICTURE_MAX_BYTES,
  type Role,
} from './constants';
import * as p from './push';
import * as s from './schemas';

/**
 * The HTTP contract of DESIGN §3, one entry per endpoint. The server registers its routes from
 * these entries (request validation, response serialization, OpenAPI) and the web client
 * derives its typed calls from them, so a shape is written once.
 *
 * `access` says who may call: `public` anyone; `session` any signed-in user, whatever the
 * role (sign-up steps included); `member` a user who finished sign-up. `roles` narrows further.
 */
export type Access = 'public' | 'session' | 'member';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: Access;
  roles?: readonly Role[];
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status and the schema of its body (`null` for an empty body). */
  status: 200 | 201 | 202 | 204;
  response: z.ZodType | null;
  /** A larger request body limit than the app's default (imports). */
  bodyLimit?: number;
  /**
   * The body is a file sent as it is (an upload), not JSON: the media types accepted and the
   * largest size. An endpoint has `body` or `upload`, never both.
   */
  upload?: { contentTypes: readonly string[]; maxBytes: number };
}

const endpoint = <const E extends Endpoint>(e: E): E => e;

/** Push reminders are for accounts that finished sign-up, never for guests. */
const PUSH_ROLES = ['user', 'premium', 'developer', 'friend'] as const satisfies readonly Role[];

export const contract = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'system',
    summary: 'Liveness and database reachability',
    status: 200,
    response: s.healthSchema,
  }),

  signup: endpoint({
    method: 'POST',
    path: '/auth/signup',
    access: 'public',
    tag: 'auth',
    summary: 'Create an account; a verification code is mailed',
    body: s.signupBodySchema,
    status: 201,
    response: s.userResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with email and password',
    body: s.loginBodySchema,
    status: 200,
    response: s.userResponseSchema,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/auth/verify',
    access: 'session',
    tag: 'auth',
    summary: 'Confirm the email with the mailed code',
    body: s.verifyBodySchema,
    status: 200,
    response: s.verifiedSchema,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/auth/verify/resend',
    access: 'session',
    tag: 'auth',
    summary: 'Mail a new verification code',
    status: 204,
    response: null,
  }),
  restoreCode: endpoint({
    method: 'POST',
    path: '/auth/restore/code',
    access: 'public',
    tag: 'auth',
    summary: 'Mail a restore code (same answer for unknown addresses)',
    body: s.restoreCodeBodySchema,
    status: 204,
    response: null,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/auth/restore',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with a restore code',
    body: s.restoreBodySchema,
    status: 200,
    response: s.userResponseSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/password',
    access: 'session',
    tag: 'auth',
    summary:
      'Set a new password, confirmed with the current one (or a fresh Google sign-in); ends every other session',
    body: s.passwordBodySchema,
    status: 204,
    response: null,
  }),
  google: endpoint({
    method: 'POST',
    path: '/auth/google',
    access: 'public',
    tag: 'auth',
    summary: 'Sign in with a Google ID token',
    body: s.googleBodySchema,
    status: 200,
    response: s.userResponseSchema,
  }),
  guest: endpoint({
    method: 'POST',
    path: '/auth/guest',
    access: 'public',
    tag: 'auth',
    summary: 'Enter as a guest (deleted after 24 hours)',
    body: s.guestBodySchema,
    status: 201,
    response: s.userResponseSchema,
  }),
  guestSignup: endpoint({
    method: 'POST',
    path: '/auth/guest/signup',
    access: 'member',
    roles: ['guest'],
    tag: 'auth',
    summary: 'A guest signs up with email and password, keeping their data; a code is mailed',
    body: s.guestSignupBodySchema,
    status: 200,
    response: s.userResponseSchema,
  }),
  guestGoogle: endpoint({
    method: 'POST',
    path: '/auth/guest/google',
    access: 'member',
    roles: ['guest'],
    tag: 'auth',
    summary: 'A guest signs up with Google, keeping their data',
    body: s.guestGoogleBodySchema,
    status: 200,
    response: s.userResponseSchema,
  }),
  createInvite: endpoint({
    method: 'POST',
    path: '/invites',
    access: 'member',
    roles: ['developer'],
    tag: 'auth',
    summary: 'Make an invite code for sign-up when SIGNUP_MODE is invite (the code is shown once)',
    body: s.createInviteBodySchema,
    status: 201,
    response: s.inviteSchema,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/auth/account',
    access: 'session',
    tag: 'auth',
    summary:
      'Delete the account and everything it owns, confirmed with the password (or a fresh Google sign-in)',
    body: s.deleteAccountBodySchema,
    status: 204,
    response: null,
  }),

  checkToken: endpoint({
    method: 'GET',
    path: '/cookie/checkToken',
    access: 'public',
    tag: 'session',
    summary: 'Whether the session cookie is valid (never 401)',
    status: 200,
    response: s.isValidSchema,
  }),
  refreshToken: endpoint({
    method: 'POST',
    path: '/cookie/refresh',
    access: 'session',
    tag: 'session',
    summary: 'Rotate the session token (a fresh one is kept; the replaced one works for a minute more)',
    status: 204,
    response: null,
  }),
  deleteToken: endpoint({
    method: 'DELETE',
    path: '/cookie/token',
    access: 'public',
    tag: 'session',
    summary: 'Sign out',
    status: 204,
    response: null,
  }),

  me: endpoint({
    method: 'GET',
    path: '/users/me',
    access: 'session',
    tag: 'users',
    summary: 'The signed-in user',
    status: 200,
    response: s.userSchema,
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/users/me',
    access: 'session',
    tag: 'users',
    summary: 'Change interface language, sorting, desired retention, time zone or daily goal',
    body: s.updateMeBodySchema,
    status: 200,
    response: s.userSchema,
  }),
  unsubscribeReminders: endpoint({
    method: 'POST',
    path: '/reminders/unsubscribe',
    access: 'public',
    tag: 'users',
    summary: 'One-click unsubscribe from e-mail reminders (RFC 8058), by the token of the mail',
    query: s.reminderTokenQuerySchema,
    status: 200,
    response: null,
  }),
  myProgress: endpoint({
    method: 'GET',
    path: '/users/me/progress',
    access: 'session',
    tag: 'users',
    summary: "The daily goal, today's reviews, the streak with its freezes and a year's review heatmap",
    status: 200,
    response: s.accountProgressSchema,
  }),
  exportMe: endpoint({
    method: 'GET',
    path: '/users/me/export',
    access: 'session',
    tag: 'users',
    summary: 'Everything the user owns, as one JSON file (data portability)',
    status: 200,
    response: s.accountExportSchema,
  }),
  acceptPolicy: endpoint({
    method: 'PATCH',
    path: '/users/accept-policy',
    access: 'session',
    tag: 'users',
    summary: 'Accept the policies',
    status: 204,
    response: null,
  }),

  listDictionaries: endpoint({
    method: 'GET',
    path: '/dictionaries',
    access: 'member',
    tag: 'dictionaries',
    summary: 'The user\u2019s dictionaries',
    query: s.dictionariesQuerySchema,
    status: 200,
    response: s.dictionaryListSchema,
  }),
  createDictionary: endpoint({
    method: 'POST',
    path: '/dictionaries',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Create a dictionary',
    body: s.createDictionaryBodySchema,
    status: 201,
    response: s.dictionarySchema,
  }),
  getDictionary: endpoint({
    method: 'GET',
    path: '/dictionaries/:id',
    access: 'member',
    tag: 'dictionaries',
    summary: 'A dictionary with one page of words',
    params: s.idParamsSchema,
    query: s.dictionaryQuerySchema,
    status: 200,
    response: s.dictionaryWithWordsSchema,
  }),
  updateDictionary: endpoint({
    method: 'PATCH',
    path: '/dictionaries/:id',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Change info and create, update or delete words in one transaction',
    params: s.idParamsSchema,
    body: s.updateDictionaryBodySchema,
    status: 200,
    response: s.dictionarySchema,
  }),
  deleteDictionary: endpoint({
    method: 'DELETE',
    path: '/dictionaries/:id',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Delete a dictionary and its words',
    params: s.idParamsSchema,
    status: 204,
    response: null,
  }),
  importDictionary: endpoint({
    method: 'POST',
    path: '/dictionaries/import',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Create a dictionary with its words in one transaction',
    body: s.importDictionaryBodySchema,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    status: 201,
    response: s.importResultSchema,
  }),
  importWords: endpoint({
    method: 'POST',
    path: '/dictionaries/:id/import',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Add words in one transaction; duplicate terms are skipped and reported',
    params: s.idParamsSchema,
    body: s.importWordsBodySchema,
    bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    status: 200,
    response: s.importResultSchema,
  }),
  previewAnkiImport: endpoint({
    method: 'POST',
    path: '/dictionaries/:id/import/anki/preview',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Read an Anki package (.apkg) and tell what importing it would do; nothing is saved',
    params: s.idParamsSchema,
    upload: { contentTypes: ANKI_CONTENT_TYPES, maxBytes: ANKI_PACKAGE_MAX_BYTES },
    status: 200,
    response: s.ankiPreviewSchema,
  }),
  importAnki: endpoint({
    method: 'POST',
    path: '/dictionaries/:id/import/anki',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Add the notes of an Anki package (.apkg) as words; duplicates and broken notes are skipped',
    params: s.idParamsSchema,
    upload: { contentTypes: ANKI_CONTENT_TYPES, maxBytes: ANKI_PACKAGE_MAX_BYTES },
    status: 200,
    response: s.importResultSchema,
  }),
  exportDictionary: endpoint({
    method: 'GET',
    path: '/dictionaries/:id/export',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Download a dictionary as CSV, JSON or an Anki package (an attachment)',
    params: s.idParamsSchema,
    query: s.exportQuerySchema,
    status: 200,
    response: s.dictionaryExportResponseSchema,
  }),
  dictionaryProgress: endpoint({
    method: 'GET',
    path: '/dictionaries/:id/progress',
    access: 'member',
    tag: 'testing',
    summary: 'Words new, learning and mastered, due words, tests per day and the streak',
    params: s.idParamsSchema,
    status: 200,
    response: s.dictionaryProgressSchema,
  }),
  getWord: endpoint({
    method: 'GET',
    path: '/dictionaries/:id/words/:wordId',
    access: 'member',
    tag: 'dictionaries',
    summary: 'One word',
    params: s.wordParamsSchema,
    status: 200,
    response: s.wordSchema,
  }),
  suspendWord: endpoint({
    method: 'PATCH',
    path: '/dictionaries/:id/words/:wordId/suspension',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Suspend a word (left out of every test and of the due counts) or resume it',
    params: s.wordParamsSchema,
    body: s.suspendWordBodySchema,
    status: 200,
    response: s.wordSchema,
  }),
  putWordPicture: endpoint({
    method: 'PUT',
    path: '/dictionaries/:id/words/:wordId/picture',
    access: 'member',
    tag: 'dictionaries',
    summary: "Set a word's picture (JPEG, PNG, WebP or AVIF up to 5 MB; re-encoded, EXIF removed)",
    params: s.wordParamsSchema,
    upload: { contentTypes: PICTURE_CONTENT_TYPES, maxBytes: PICTURE_MAX_BYTES },
    status: 200,
    response: s.wordSchema,
  }),
  deleteWordPicture: endpoint({
    method: 'DELETE',
    path: '/dictionaries/:id/words/:wordId/picture',
    access: 'member',
    tag: 'dictionaries',
    summary: "Remove a word's picture",
    params: s.wordParamsSchema,
    status: 200,
    response: s.wordSchema,
  }),
  putWordAudio: endpoint({
    method: 'PUT',
    path: '/dictionaries/:id/words/:wordId/audio',
    access: 'member',
    tag: 'dictionaries',
    summary: "Set a word's recorded pronunciation (up to 10 s and 1 MB)",
    params: s.wordParamsSchema,
    upload: { contentTypes: AUDIO_CONTENT_TYPES, maxBytes: AUDIO_MAX_BYTES },
    status: 200,
    response: s.wordSchema,
  }),
  deleteWordAudio: endpoint({
    method: 'DELETE',
    path: '/dictionaries/:id/words/:wordId/audio',
    access: 'member',
    tag: 'dictionaries',
    summary: "Remove a word's recorded pronunciation",
    params: s.wordParamsSchema,
    status: 200,
    response: s.wordSchema,
  }),
  getMedia: endpoint({
    method: 'GET',
    path: '/media/:mediaId',
    access: 'member',
    tag: 'media',
    summary:
      "A word's picture or recording, to its owner only (anyone else: 404); immutable, with ETag and Range",
    params: s.mediaParamsSchema,
    status: 200,
    response: s.mediaFileSchema,
  }),
  mediaUsage: endpoint({
    method: 'GET',
    path: '/users/me/media',
    access: 'member',
    tag: 'media',
    summary: 'Bytes of pictures and recordings the account stores, and its quota',
    status: 200,
    response: s.mediaUsageSchema,
  }),
  weakSpots: endpoint({
    method: 'GET',
    path: '/dictionaries/:id/weak-spots',
    access: 'member',
    tag: 'testing',
    summary: 'Definitions missed most, leeches, confusion pairs and suspended words of a dictionary',
    params: s.idParamsSchema,
    status: 200,
    response: s.weakSpotsSchema,
  }),

  translate: endpoint({
    method: 'GET',
    path: '/translate/:word',
    access: 'member',
    tag: 'dictionaries',
    summary: 'Suggest translations of a word',
    params: s.translateParamsSchema,
    query: s.translateQuerySchema,
    status: 200,
    response: s.translationSchema,
  }),
  translationLanguages: endpoint({
    method: 'GET',
    path: '/translation-languages',
    access: 'member',
    tag: 'dictionaries',
    summary: 'The language pairs translation suggestions are offered for',
    status: 200,
    response: s.translationLanguagesSchema,
  }),

  createTester: endpoint({
    method: 'POST',
    path: '/tester',
    access: 'member',
    tag: 'testing',
    summary:
      'Start a test of one dictionary, or of the due words of all of them (uses one of today\u2019s attempts)',
    body: s.testerOptionsSchema,
    status: 201,
    response: s.testerCreatedSchema,
  }),
  getTesting: endpoint({
    method: 'GET',
    path: '/testing',
    access: 'member',
    tag: 'testing',
    summary: 'The current word, attempts left and the report',
    status: 200,
    response: s.testStateSchema,
  }),
  answer: endpoint({
    method: 'POST',
    path: '/testing',
    access: 'member',
    tag: 'testing',
    summary: 'Check one typed definition',
    body: s.answerBodySchema,
    status: 200,
    response: s.answerResultSchema,
  }),
  skip: endpoint({
    method: 'POST',
    path: '/testing/skip',
    access: 'member',
    tag: 'testing',
    summary: 'Skip the current word and reveal it',
    body: s.skipBodySchema,
    status: 200,
    response: s.skipResultSchema,
  }),

  overrideAnswer: endpoint({
    method: 'POST',
    path: '/testing/override',
    access: 'member',
    tag: 'testing',
    summary: 'Accept an answer graded wrong ("I was right"): once per answer, logged and scheduled',
    body: s.overrideBodySchema,
    status: 200,
    response: s.answerResultSchema,
  }),

  offlinePack: endpoint({
    method: 'GET',
    path: '/testing/pack',
    access: 'member',
    tag: 'testing',
    summary: 'Every word of the active test with its answers, to go on offline',
    status: 200,
    response: s.offlinePackResponseSchema,
  }),
  lateReviews: endpoint({
    method: 'POST',
    path: '/testing/late-reviews',
    access: 'member',
    tag: 'testing',
    summary: 'Answers typed offline in a test replaced since: they count for the schedule',
    body: s.lateReviewsBodySchema,
    bodyLimit: s.LATE_REVIEWS_BODY_LIMIT_BYTES,
    status: 200,
    response: s.lateReviewsResultSchema,
  }),
  dueCounts: endpoint({
    method: 'GET',
    path: '/testing/due',
    access: 'member',
    tag: 'testing',
    summary: 'Words due for review by the end of today, per dictionary (with its name) and direction',
    status: 200,
    response: s.dueCountsSchema,
  }),

  exportReviewLog: endpoint({
    method: 'GET',
    path: '/users/me/reviews',
    access: 'session',
    tag: 'testing',
    summary:
      "Every review, as the FSRS optimizer's CSV (card_id, review_time, review_rating, review_state, review_duration)",
    status: 200,
    response: s.reviewLogCsvSchema,
  }),

  schedulerStatus: endpoint({
    method: 'GET',
    path: '/users/me/scheduler',
    access: 'member',
    tag: 'learning',
    summary: 'Desired retention, reviews so far and the last fit of personal FSRS parameters',
    status: 200,
    response: s.schedulerStatusSchema,
  }),
  fitScheduler: endpoint({
    method: 'POST',
    path: '/users/me/scheduler/fit',
    access: 'member',
    tag: 'learning',
    summary:
      'Fit personal FSRS parameters from the review log, in the background (202; at most one fit per learner at a time)',
    status: 202,
    response: s.schedulerStatusSchema,
  }),
  workloadForecast: endpoint({
    method: 'GET',
    path: '/users/me/scheduler/forecast',
    access: 'member',
    tag: 'learning',
    summary: 'Expected reviews per day for the next 30 days at a desired retention',
    query: s.workloadForecastQuerySchema,
    status: 200,
    response: s.workloadForecastSchema,
  }),

  plans: endpoint({
    method: 'GET',
    path: '/stripe/plans',
    access: 'public',
    tag: 'payments',
    summary: 'The plans and their limits',
    status: 200,
    response: s.plansSchema,
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/stripe/session',
    // Roles are checked by the service: premium answers 409 ALREADY_PREMIUM, not 403.
    access: 'member',
    tag: 'payments',
    summary: 'A Stripe Checkout session for Premium (role user)',
    body: s.checkoutBodySchema,
    status: 200,
    response: s.urlSchema,
  }),
  checkoutSession: endpoint({
    method: 'GET',
    path: '/stripe/session/:id',
    access: 'member',
    tag: 'payments',
    summary: "One of the caller's Checkout Sessions: open, complete or expired, and whether it is paid",
    params: s.checkoutSessionParamsSchema,
    status: 200,
    response: s.checkoutSessionSchema,
  }),
  customerPortal: endpoint({
    method: 'GET',
    path: '/stripe/customerPortal',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'A billing portal session',
    status: 200,
    response: s.urlSchema,
  }),
  cancelSubscription: endpoint({
    method: 'PATCH',
    path: '/stripe/subscription/cancel',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'Cancel at the end of the period',
    status: 200,
    response: s.subscriptionSchema,
  }),
  renewSubscription: endpoint({
    method: 'PATCH',
    path: '/stripe/subscription/renew',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'Undo a cancellation at period end',
    status: 200,
    response: s.subscriptionSchema,
  }),
  refundSubscription: endpoint({
    method: 'POST',
    path: '/stripe/subscription/refund',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'End now and refund the unused part',
    status: 200,
    response: s.refundedSubscriptionSchema,
  }),

  pushKey: endpoint({
    method: 'GET',
    path: '/push/key',
    access: 'public',
    tag: 'push',
    summary: "The server's VAPID public key for Web Push, or null when push is not configured",
    status: 200,
    response: p.pushKeySchema,
  }),
  subscribePush: endpoint({
    method: 'POST',
    path: '/push/subscriptions',
    access: 'member',
    roles: PUSH_ROLES,
    tag: 'push',
    summary:
      "Keep this browser's push subscription for reminders (the same endpoint from another account moves to the caller)",
    body: p.pushSubscriptionBodySchema,
    status: 204,
    response: null,
  }),
  unsubscribePush: endpoint({
    method: 'DELETE',
    path: '/push/subscriptions',
    access: 'member',
    roles: PUSH_ROLES,
    tag: 'push',
    summary:
      "Forget one of the caller's push subscriptions by its endpoint (204 whether or not it was there)",
    body: p.pushUnsubscribeBodySchema,
    status: 204,
    response: null,
  }),
} as const satisfies Record<string, Endpoint>;

export type Contract = typeof contract;
export type EndpointName = keyof Contract;

type Infer<T> = T extends z.ZodType ? z.input<T> : undefined;
type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a caller sends to endpoint `N`. */
export type RequestOf<N extends EndpointName> = {
  params: Infer<Contract[N] extends { params: infer P } ? P : undefined>;
  query: Infer<Contract[N] extends { query: infer Q } ? Q : undefined>;
  body: Infer<Contract[N] extends { body: infer B } ? B : undefined>;
};

/** What endpoint `N` answers with on success. */
export type ResponseOf<N extends EndpointName> = Contract[N]['response'] extends z.ZodType
  ? Output<Contract[N]['response']>
  : null;
