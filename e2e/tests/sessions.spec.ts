import { expect, test, type Page } from '@playwright/test';
import { latestCode } from './support/mailbox';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/**
 * Several tabs with one session (docs/decisions/0015-session-rotation-grace.md): every tab's
 * start-up checks the cookie and refreshes it at the same moment, and the tabs share one
 * cookie jar. None of them may be sent to /auth.
 */
test('three tabs opened at once with one session all stay signed in', async ({ context }, testInfo) => {
  const email = `tabs.${testInfo.project.name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  // context.request shares the tabs' cookie jar: this signs the whole browser context in.
  const signup = await context.request.post('/api/auth/signup', { data: { email, password: 'Secret123' } });
  expect(signup.status()).toBe(201);
  const code = await latestCode(email);
  expect((await context.request.post('/api/auth/verify', { data: { code } })).status()).toBe(200);
  expect((await context.request.patch('/api/users/accept-policy')).status()).toBe(204);

  const tabs = await Promise.all([1, 2, 3].map(() => context.newPage()));
  await Promise.all(tabs.map((tab) => tab.goto('/menu')));
  for (const tab of tabs) {
    await expect(heading(tab, 'Main menu')).toBeVisible();
    await expect(tab).toHaveURL(/\/menu$/);
  }

  // Reloading them all at once again starts three refreshes with whatever the jar now holds.
  await Promise.all(tabs.map((tab) => tab.reload()));
  for (const tab of tabs) {
    await expect(heading(tab, 'Main menu')).toBeVisible();
    await expect(tab).toHaveURL(/\/menu$/);
  }
  const me = await context.request.get('/api/users/me');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(email);
});
