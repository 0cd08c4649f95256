import type { Language, Role, User } from '@wordhoard/shared';
import { PASSWORD } from '../../../../../server/test/auth-bed';
import { sessionCookie } from '../../../../../server/test/harness';
import type { SmtpSink } from '../../../../../server/test/smtp-sink';
import type { ApiServer, TestBrowser } from '../../../test/apiServer';

export { PASSWORD };

/**
 * Where accounts are made from: another network than the browser's 127.0.0.1, so arranging
 * spends none of the browser's per-client budgets (sign-ups, code mails, login tries).
 */
const ANOTHER_NETWORK = '192.0.2.10';

let sequence = 0;

/** A new address per call, so no two tests share an account, a code or a per-address budget. */
export function freshEmail(label = 'ada'): string {
  sequence += 1;
  return `${label}.${sequence}@example.com`;
}

/** The sink that receives the server's mail (the server must be started with `mail: true`). */
export function mailOf(server: ApiServer): SmtpSink {
  if (!server.sink) throw new Error('start the API server with { mail: true }');
  return server.sink;
}

/**
 * An account made as a visitor makes one, earlier and on another network: signed up with
 * PASSWORD, then, unless `role` stops earlier, its mailed code entered and the policies accepted.
 */
export async function signedUpAccount(
  server: ApiServer,
  {
    email = freshEmail(),
    interfaceLanguage = 'en',
    role = 'user',
  }: {
    email?: string;
    interfaceLanguage?: Language;
    role?: Extract<Role, 'notVerifiedUser' | 'notAcceptedPolicyUser' | 'user'>;
  } = {},
): Promise<{ email: string; user: User }> {
  const remoteAddress = ANOTHER_NETWORK;
  const signup = await server.api.call('signup', {
    body: { email, password: PASSWORD, interfaceLanguage },
    remoteAddress,
  });
  signup.data();
  const account = server.api.as(sessionCookie(signup));
  if (role !== 'notVerifiedUser') {
    const code = await mailOf(server).codeFor(email);
    (await account.call('verify', { body: { code }, remoteAddress })).data();
  }
  if (role === 'user') (await account.call('acceptPolicy')).data();
  return { email, user: (await account.call('me')).data() };
}

/** Waits for the code of the next mail to `email` after the ones it has now, once `send` sent it. */
export async function codeMailedBy(server: ApiServer, email: string, send: () => Promise<unknown>) {
  const sink = mailOf(server);
  const before = sink.mailsTo(email).length;
  await send();
  return sink.codeFor(email, before);
}

/** A restore code for `email`, asked for from this machine (127.0.0.1) as another tab would. */
export function mailedRestoreCode(server: ApiServer, email: string): Promise<string> {
  return codeMailedBy(server, email, async () =>
    (await server.api.call('restoreCode', { body: { email } })).data(),
  );
}

/** A new verification code for the browser's signed-in user, asked for from another tab. */
export function mailedVerificationCode(server: ApiServer, browser: TestBrowser, email: string) {
  return codeMailedBy(server, email, async () =>
    (await server.api.as(browser.cookie()).call('resendVerification')).data(),
  );
}

/** A six-digit code that is certainly not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** "METHOD /api/path" of every request the browser sent, oldest first. */
export function requestLog(browser: TestBrowser): string[] {
  return browser.requests.map((request) => `${request.method} ${request.url}`);
}

/**
 * The browser's requests from the first to `route` on, with `count` in all: what a step sent,
 * without what the next screen loads once it opens.
 */
export function requestsFrom(browser: TestBrowser, route: string, count: number): string[] {
  const log = requestLog(browser);
  const first = log.indexOf(route);
  return first < 0 ? [] : log.slice(first, first + count);
}

/** The parsed JSON bodies the browser sent to one route ("POST /api/auth/login"). */
export function bodiesOf(browser: TestBrowser, route: string): unknown[] {
  return browser.requests
    .filter((request) => `${request.method} ${request.url}` === route)
    .map((request) => (request.body ? JSON.parse(request.body) : undefined));
}

/**
 * The browser's fetch, except that the JSON body of `route` is rewritten on its way out. It
 * stands in for a page whose checks lag the server's (loaded before a deploy made a rule
 * stricter): the real server's own validation then answers what the form's check let through.
 */
export function rewritingFetch(
  browser: TestBrowser,
  route: string,
  rewrite: (body: Record<string, unknown>) => Record<string, unknown>,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (`${request.method} ${new URL(request.url).pathname}` !== route) return browser.fetch(request);
    const body = rewrite((await request.json()) as Record<string, unknown>);
    return browser.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: JSON.stringify(body),
      signal: request.signal,
    });
  };
}
