import { expect, request } from '@playwright/test';
import { SmtpSink } from '../../apps/server/test/smtp-sink';
import { testWithClockServer } from './support/clock-server';

/**
 * The daily e-mail reminder end to end (docs/decisions/0054-reminders.md): the learner turns it
 * on for 18:00 on the profile, the server's fake clock moves past 18:00, the reminder job (every
 * minute) mails the real SMTP sink, and the mail's unsubscribe address works: a GET only asks,
 * the one-click POST of RFC 8058 turns reminders off.
 */
interface Seeded {
  email: string;
  password: string;
}

// Port 4314: beside the main test server's (E2E_PORT, +1 mailbox, +2 Stripe) when E2E_PORT=4311.
const SMTP_PORT = Number(process.env.E2E_REMINDER_SMTP_PORT ?? 4314);
const sink = new SmtpSink();

const test = testWithClockServer({
  fakeNow: '2030-03-05T17:40:00Z',
  stepMs: 30 * 60 * 1000,
  seed: 'seed-reminders.ts',
  // The minute's reminder job runs as soon as the clock passes 18:00, not up to a minute later.
  env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, E2E_CLOCK_RUNS_JOBS: '1' },
});

test.beforeAll(async () => {
  await sink.start(SMTP_PORT);
});
test.afterAll(async () => {
  await sink.stop();
});

test('a reminder at the learner’s time, and its one-click unsubscribe @desktop', async ({
  page,
  clockServer,
}) => {
  test.setTimeout(150_000);
  const seeded = clockServer.seeded as Seeded;
  const signedIn = await page.request.post('/api/auth/login', {
    data: { email: seeded.email, password: seeded.password },
  });
  expect(signedIn.status()).toBe(200);
  const account = async () =>
    ((await (await page.request.get('/api/users/me')).json()) as { emailReminders: boolean }).emailReminders;

  // 17:40 UTC: reminders on, at 18:00 in the learner's zone (UTC).
  await page.goto('/user/edit');
  const section = page.getByRole('region', { name: 'Reminders' });
  await section.getByRole('checkbox', { name: 'Email me a daily reminder' }).check();
  await section.getByLabel('Reminder time').fill('18:00');
  await section.getByRole('button', { name: 'Save reminders' }).click();
  await expect(section.getByText('Reminders saved.')).toBeVisible();
  expect(await account()).toBe(true);

  // 18:10: the job, run as the clock passes 18:00, mails the two due words.
  await clockServer.advance();
  const mail = await sink.waitFor(seeded.email, 0, 90_000);
  expect(mail.subject).toBe('2 words are waiting for you');
  expect(mail.text).toContain(`${clockServer.url}/menu`);
  expect(mail.text).toContain(`${clockServer.url}/user/edit`);
  expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = /<(http[^>]+)>/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
  expect(oneClick.startsWith(`${clockServer.url}/api/reminders/unsubscribe?token=`)).toBe(true);

  // A mail scanner (or a person) opening the address: a page that asks, and nothing changed.
  await page.goto(oneClick);
  await expect(page).toHaveURL(/\/reminders\/unsubscribe\?token=/);
  await expect(page.getByText('Stop the daily reminder emails for this account?')).toBeVisible();
  expect(await account()).toBe(true);

  // The mail provider's one-click POST, without cookies.
  const provider = await request.newContext();
  const posted = await provider.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(posted.status()).toBe(200);
  await provider.dispose();
  expect(await account()).toBe(false);

  // The page's own button says so too; the profile shows reminders off.
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(/You will get no more reminders/)).toBeVisible();
  await page.goto('/user/edit');
  await expect(
    page
      .getByRole('region', { name: 'Reminders' })
      .getByRole('checkbox', { name: 'Email me a daily reminder' }),
  ).not.toBeChecked();
});
