import type { User } from '@wordhoard/shared';
import { reviewLog } from '../../../../../server/src/db/schema';
import { seedReviewHistory } from '../../../../../server/test/review-history';
import type { ApiServer, TestBrowser } from '../../../test/apiServer';

let accounts = 0;
/** An address no other account on the server has. */
const freshEmail = (label: string) => `${label}.${++accounts}.${Date.now()}@example.com`;

/** POSTs JSON from the browser itself, so the session cookie it answers lands in its jar. */
async function postFromBrowser(server: ApiServer, browser: TestBrowser, path: string, body: object) {
  const response = await browser.fetch(`${server.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

/**
 * The browser signs up with an email and `password`, confirms the code mailed to the server's
 * SMTP sink and accepts the policies (as the auth suites' `activeUser`): a `user` who has a
 * password. Needs a server started with `mail: true`.
 */
export async function signUpWithPassword(
  server: ApiServer,
  browser: TestBrowser,
  password: string,
): Promise<User> {
  if (!server.sink) throw new Error('start the API server with { mail: true }');
  const email = freshEmail('password');
  await postFromBrowser(server, browser, '/auth/signup', { email, password, interfaceLanguage: 'en' });
  const api = server.api.as(browser.cookie());
  (await api.call('verify', { body: { code: await server.sink.codeFor(email) } })).data();
  (await api.call('acceptPolicy')).data();
  return (await api.call('me')).data();
}

/**
 * The browser signs in with Google for the first time and accepts the policies: a `user`
 * without a password, linked to Google. `freshSignIn()` is the ID token Google hands over when
 * the same person signs in again now (what confirms a password or a deletion). Needs a server
 * started with `google: true`.
 */
export async function signUpWithGoogle(
  server: ApiServer,
  browser: TestBrowser,
): Promise<{ user: User; freshSignIn: () => Promise<string> }> {
  const { jwks } = server;
  if (!jwks) throw new Error('start the API server with { google: true }');
  const email = freshEmail('google');
  // Google's subject stays with the person; its tokens are issued at the server's time.
  const freshSignIn = () =>
    jwks.token({ sub: `google-${email}`, email, email_verified: true, at: server.clock.now() });
  await postFromBrowser(server, browser, '/auth/google', {
    credential: await freshSignIn(),
    interfaceLanguage: 'en',
  });
  const api = server.api.as(browser.cookie());
  (await api.call('acceptPolicy')).data();
  return { user: (await api.call('me')).data(), freshSignIn };
}

/** Signs the browser's session out from another tab: this page still holds the dead cookie. */
export async function signOutInAnotherTab(server: ApiServer, browser: TestBrowser): Promise<void> {
  (await server.api.as(browser.cookie()).call('deleteToken')).data();
}

/** Whether the account still exists on the server (read directly: a deleted one has no session). */
export async function accountExists(server: ApiServer, user: User): Promise<boolean> {
  return (await server.t.app.services.users.findById(user.id)) !== undefined;
}

/** The JSON bodies the browser sent to `route` ("METHOD /api/path"), oldest first. */
export const bodiesSent = (browser: TestBrowser, route: string): unknown[] =>
  browser.requests
    .filter((request) => `${request.method} ${request.url}` === route)
    .map((request) => (request.body ? JSON.parse(request.body) : undefined));

/**
 * Gives the browser's signed-in user a review history (apps/server/test/review-history.ts):
 * a dictionary of `words` words, the review log their tests would have written over `days`
 * days ending at the server's now, and the cards they would hold.
 */
export async function reviewHistoryFor(
  server: ApiServer,
  browser: TestBrowser,
  user: User,
  history: { words: number; days: number; newPerDay: number },
): Promise<number> {
  const seeded = await seedReviewHistory(
    server.t.app,
    server.t.database.db,
    { id: user.id, cookie: browser.cookie() },
    { ...history, end: server.clock.now() },
  );
  return seeded.reviews.length;
}

/**
 * Writes finished reviews of one word of the browser's user straight into the review log (as
 * their tests would have), one at each of `times`; the word's dictionary is made here.
 */
export async function reviewsAt(server: ApiServer, browser: TestBrowser, times: Date[]): Promise<void> {
  const api = server.api.as(browser.cookie());
  const me = (await api.call('me')).data();
  const { id } = (
    await api.call('createDictionary', { body: { name: 'Reviewed', fromLanguage: 'en', toLanguage: 'de' } })
  ).data();
  (
    await api.call('updateDictionary', {
      params: { id },
      body: { words: { create: [{ term: 'cat', definitions: ['Katze'] }] } },
    })
  ).data();
  const dictionary = (
    await api.call('getDictionary', { params: { id }, query: { page: 1, limit: 10 } })
  ).data();
  const wordId = dictionary.words[0]?.id;
  if (!wordId) throw new Error('the word was not made');
  if (times.length === 0) return;
  await server.t.database.db.insert(reviewLog).values(
    times.map((reviewedAt) => ({
      userId: me.id,
      wordId,
      reversed: false,
      definition: 'Katze',
      typed: 'Katze',
      result: 'correct' as const,
      rating: 3,
      state: 2,
      durationMs: 2000,
      reviewedAt,
    })),
  );
}
