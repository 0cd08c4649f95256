import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { dictionaryAction } from './support/dictionary';
import { latestCode } from './support/mailbox';
import { enterAsGuest } from './support/session';
import { chooseLanguage } from './support/language';

test('imports pasted words after a preview that marks each line, then exports them as CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await enterAsGuest(page);
  await page.goto('/dictionaries');
  await page.getByRole('link', { name: 'Import a dictionary' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import a dictionary' })).toBeVisible();

  await page.getByLabel('Name').fill('Тварини');
  await chooseLanguage(page, 'Terms language', 'ukr', 'Ukrainian');
  await chooseLanguage(page, 'Definitions language', 'engl', 'English');
  const words = page.getByRole('textbox', { name: 'Words', exact: true });
  await words.fill('кіт,cat,tomcat\n"пес, собака",dog\nbad<tag>,x\nКІТ,again');

  const table = page.getByRole('table');
  await expect(table.locator('tr[data-status="ready"]')).toHaveCount(2);
  await expect(table.locator('tr[data-status="skipped"]')).toContainText('The same term as on line 1');
  await expect(table.locator('tr[data-status="error"]')).toContainText(
    'The character “<” can’t be used here',
  );
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();

  // Fix the bad line in place; the duplicate is only skipped.
  await words.fill('кіт,cat,tomcat\n"пес, собака",dog\nКІТ,again');
  await expect(table.locator('tr[data-status="error"]')).toHaveCount(0);
  await importButton.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Тварини' })).toBeVisible();
  await expect(page.getByText('Import finished. Words added: 2. Skipped: 1.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'пес, собака' })).toBeVisible();

  const download = page.waitForEvent('download');
  await (await dictionaryAction(page, 'button', 'Export CSV')).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Тварини.csv');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toBe('\uFEFFкіт,cat,tomcat\r\n"пес, собака",dog\r\n');
});

test('a guest signs up from the header and keeps their dictionary', async ({ page }) => {
  test.setTimeout(120_000);
  await enterAsGuest(page);
  const created = await page.request.post('/api/dictionaries/import', {
    data: {
      name: 'Guest words',
      fromLanguage: 'en',
      toLanguage: 'de',
      words: [{ term: 'keep', definitions: ['behalten'] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/menu');
  await page.getByTestId('keep-words').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const email = `keeper.${Date.now()}.${test.info().project.name}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Create account and keep my words' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
  await page.getByLabel('Code').fill(await latestCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The policies were accepted on the guest page: straight to the menu, as a user.
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByTestId('keep-words')).toHaveCount(0);
  await page.goto('/dictionaries');
  await expect(page.getByRole('link', { name: /Guest words/ })).toBeVisible();
  const me = await (await page.request.get('/api/users/me')).json();
  expect(me).toMatchObject({ email, role: 'user', guestExpiresAt: null });
});
