import { expect, test } from '@playwright/test';
import { latestCode } from './support/mailbox';
import { enterAsGuest } from './support/session';

test('a guest entered through the API lands on the menu', async ({ page }) => {
  await enterAsGuest(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/menu$/);
});

test('a sign-up through the API mails a code the tests can read', async ({ page }) => {
  const email = `smoke.${Date.now()}@example.com`;
  const response = await page.request.post('/api/auth/signup', { data: { email, password: 'Secret123' } });
  expect(response.status()).toBe(201);
  expect(await latestCode(email)).toMatch(/^\d{6}$/);
});
