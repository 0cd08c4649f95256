import type { Contract, EndpointName } from './contract';

/**
 * Method and path of every endpoint, without the zod schemas: the web client sends requests
 * from this table, so its start-up code does not load zod (docs/performance.md, "Front end").
 * The type below makes it an exact copy of the contract's method and path per endpoint: a
 * missing, extra or different entry is a type error, so the two cannot drift apart.
 */
type EndpointRoutes = { readonly [N in EndpointName]: Pick<Contract[N], 'method' | 'path'> };

export const ENDPOINT_ROUTES = {
  health: { method: 'GET', path: '/health' },
  signup: { method: 'POST', path: '/auth/signup' },
  login: { method: 'POST', path: '/auth/login' },
  verify: { method: 'POST', path: '/auth/verify' },
  resendVerification: { method: 'POST', path: '/auth/verify/resend' },
  restoreCode: { method: 'POST', path: '/auth/restore/code' },
  restore: { method: 'POST', path: '/auth/restore' },
  changePassword: { method: 'POST', path: '/auth/password' },
  google: { method: 'POST', path: '/auth/google' },
  guest: { method: 'POST', path: '/auth/guest' },
  guestSignup: { method: 'POST', path: '/auth/guest/signup' },
  guestGoogle: { method: 'POST', path: '/auth/guest/google' },
  createInvite: { method: 'POST', path: '/invites' },
  deleteAccount: { method: 'DELETE', path: '/auth/account' },
  checkToken: { method: 'GET', path: '/cookie/checkToken' },
  refreshToken: { method: 'POST', path: '/cookie/refresh' },
  deleteToken: { method: 'DELETE', path: '/cookie/token' },
  me: { method: 'GET', path: '/users/me' },
  updateMe: { method: 'PATCH', path: '/users/me' },
  acceptPolicy: { method: 'PATCH', path: '/users/accept-policy' },
  unsubscribeReminders: { method: 'POST', path: '/reminders/unsubscribe' },
  myProgress: { method: 'GET', path: '/users/me/progress' },
  exportMe: { method: 'GET', path: '/users/me/export' },
  listDictionaries: { method: 'GET', path: '/dictionaries' },
  createDictionary: { method: 'POST', path: '/dictionaries' },
  getDictionary: { method: 'GET', path: '/dictionaries/:id' },
  updateDictionary: { method: 'PATCH', path: '/dictionaries/:id' },
  deleteDictionary: { method: 'DELETE', path: '/dictionaries/:id' },
  getWord: { method: 'GET', path: '/dictionaries/:id/words/:wordId' },
  suspendWord: { method: 'PATCH', path: '/dictionaries/:id/words/:wordId/suspension' },
  putWordPicture: { method: 'PUT', path: '/dictionaries/:id/words/:wordId/picture' },
  deleteWordPicture: { method: 'DELETE', path: '/dictionaries/:id/words/:wordId/picture' },
  putWordAudio: { method: 'PUT', path: '/dictionaries/:id/words/:wordId/audio' },
  deleteWordAudio: { method: 'DELETE', path: '/dictionaries/:id/words/:wordId/audio' },
  getMedia: { method: 'GET', path: '/media/:mediaId' },
  mediaUsage: { method: 'GET', path: '/users/me/media' },
  weakSpots: { method: 'GET', path: '/dictionaries/:id/weak-spots' },
  importDictionary: { method: 'POST', path: '/dictionaries/import' },
  importWords: { method: 'POST', path: '/dictionaries/:id/import' },
  previewAnkiImport: { method: 'POST', path: '/dictionaries/:id/import/anki/preview' },
  importAnki: { method: 'POST', path: '/dictionaries/:id/import/anki' },
  exportDictionary: { method: 'GET', path: '/dictionaries/:id/export' },
  dictionaryProgress: { method: 'GET', path: '/dictionaries/:id/progress' },
  translate: { method: 'GET', path: '/translate/:word' },
  translationLanguages: { method: 'GET', path: '/translation-languages' },
  createTester: { method: 'POST', path: '/tester' },
  getTesting: { method: 'GET', path: '/testing' },
  answer: { method: 'POST', path: '/testing' },
  skip: { method: 'POST', path: '/testing/skip' },
  overrideAnswer: { method: 'POST', path: '/testing/override' },
  offlinePack: { method: 'GET', path: '/testing/pack' },
  lateReviews: { method: 'POST', path: '/testing/late-reviews' },
  dueCounts: { method: 'GET', path: '/testing/due' },
  exportReviewLog: { method: 'GET', path: '/users/me/reviews' },
  schedulerStatus: { method: 'GET', path: '/users/me/scheduler' },
  fitScheduler: { method: 'POST', path: '/users/me/scheduler/fit' },
  workloadForecast: { method: 'GET', path: '/users/me/scheduler/forecast' },
  plans: { method: 'GET', path: '/stripe/plans' },
  checkout: { method: 'POST', path: '/stripe/session' },
  checkoutSession: { method: 'GET', path: '/stripe/session/:id' },
  customerPortal: { method: 'GET', path: '/stripe/customerPortal' },
  cancelSubscription: { method: 'PATCH', path: '/stripe/subscription/cancel' },
  renewSubscription: { method: 'PATCH', path: '/stripe/subscription/renew' },
  refundSubscription: { method: 'POST', path: '/stripe/subscription/refund' },
  pushKey: { method: 'GET', path: '/push/key' },
  subscribePush: { method: 'POST', path: '/push/subscriptions' },
  unsubscribePush: { method: 'DELETE', path: '/push/subscriptions' },
} as const satisfies EndpointRoutes;

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
