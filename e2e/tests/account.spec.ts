import { expect, test, type Page } from '@playwright/test';
import { signUpMember } from './support/session';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/**
 * The profile screen confirms a password change and an account deletion with the current
 * password (docs/decisions/0016-confirming-sensitive-changes.md).
 */
test('changing the password and deleting the account need the current password', async ({
  page,
}, testInfo) => {
  const email = `account.${testInfo.project.name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  // page.request shares the browser's cookies, so this signs the page in.
  await signUpMember(page.request, email);

  await page.goto('/user/edit');
  await expect(heading(page, 'Edit profile')).toBeVisible();
  const current = page.getByLabel('Current password', { exact: true });
  await current.fill('Wrong-guess1');
  await page.getByLabel('New password', { exact: true }).fill('NewSecret9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is wrong')).toBeVisible();
  await expect(current).toBeFocused();

  await current.fill('Secret123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const password = dialog.getByLabel('Enter your password to confirm', { exact: true });
  await password.fill('Secret123');
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(password).toHaveAccessibleDescription('The current password is wrong');
  await expect(dialog).toBeVisible();

  // Enter in the field submits the dialog's form.
  await password.fill('NewSecret9');
  await password.press('Enter');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(heading(page, 'Sign in')).toBeVisible();
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'NewSecret9' } });
  expect(login.status()).toBe(401);
});
