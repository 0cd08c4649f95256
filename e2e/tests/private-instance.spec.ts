import { expect } from '@playwright/test';
import { testWithClockServer } from './support/clock-server';

/**
 * A private instance end to end (docs/decisions/0081-private-instance.md): the built server with
 * SIGNUP_MODE=invite and GUEST_ACCESS=off, and an invite code made before it started. The
 * invite link opens sign-up with the code filled in; the code lets one person in, once.
 */
interface Seeded {
  code: string;
}

const test = testWithClockServer({
  fakeNow: '2030-03-05T09:00:00Z',
  stepMs: 60_000,
  seed: 'seed-invite.ts',
  env: { SIGNUP_MODE: 'invite', GUEST_ACCESS: 'off' },
});

test('sign up with an invite link; the used link lets nobody else in', async ({ page, clockServer }) => {
  const { code } = clockServer.seeded as Seeded;
  const link = `${clockServer.url}/auth/signup?invite=${code}`;

  // Guests are off: the ways in are logging in and signing up.
  await page.goto(`${clockServer.url}/auth`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Enter as a guest/ })).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await expect(page.getByLabel('Invite code')).toHaveValue(code);
  await page.getByLabel('Email').fill('invited@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();

  // Someone else with the same link, in a fresh browser context: the code is used up.
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await second.getByLabel('Email').fill('gatecrasher@example.com');
  await second.getByLabel('Password', { exact: true }).fill('Secret123');
  await second.getByRole('button', { name: 'Create account' }).click();
  await expect(
    second.getByText('This invite code does not work: it is wrong, already used or expired'),
  ).toBeVisible();
  await expect(second).toHaveURL(/\/auth\/signup\?invite=/);
  await other.close();
});
