import { expect, test, type Page } from '@playwright/test';
import { enterAsGuest } from './support/session';
import { startTestOfAll } from './support/testing';

/**
 * A test run by its keyboard shortcuts alone (decision 0052), in the production build: an
 * accent letter by Alt+1, Enter to check, Alt+S to skip, N to move on, "?" for the list, R to
 * start the same test again.
 */

/** A dictionary (English → German) of "girl" and "cat", in this order; the id. */
async function createDictionary(page: Page): Promise<string> {
  const created = await page.request.post('/api/dictionaries', {
    data: { name: 'Shortcuts', fromLanguage: 'en', toLanguage: 'de' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const word of [
    { term: 'girl', definitions: ['Mädchen'] },
    { term: 'cat', definitions: ['Katze'] },
  ]) {
    const response = await page.request.patch(`/api/dictionaries/${id}`, {
      data: { words: { create: [word] } },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  return id;
}

test('a short test by keyboard shortcuts alone, with the keys shown on the buttons @desktop', async ({
  page,
}) => {
  await enterAsGuest(page);
  const dictionaryId = await createDictionary(page);
  await startTestOfAll(page, dictionaryId);

  await page.goto('/testing');
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(page.getByText('girl', { exact: true })).toBeVisible();
  await expect(answer).toBeFocused();
  // The keys show on the buttons on a desktop.
  const skip = page.getByRole('button', { name: 'Skip' });
  await expect(skip).toHaveAttribute('aria-keyshortcuts', 'S Alt+S');
  await expect(skip.getByText('Alt+S', { exact: true })).toBeVisible();

  // Word 1: the umlaut from the accent bar by Alt+1, at the caret; Enter checks.
  await page.keyboard.type('M');
  await page.keyboard.press('Alt+Digit1');
  await page.keyboard.type('dchen');
  await expect(answer).toHaveValue('Mädchen');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Word 2 of 2', { exact: true })).toBeVisible();
  await expect(page.getByText('cat', { exact: true })).toBeVisible();
  await expect(answer).toBeFocused();

  // Word 2: typed a little, then skipped from the field with Alt+S; N goes on to the report.
  await page.keyboard.type('Ka');
  await page.keyboard.press('Alt+KeyS');
  await expect(page).toHaveURL(/\/testing\/skip$/);
  await expect(page.getByRole('button', { name: 'See the report' })).toBeFocused();
  await page.keyboard.press('n');

  await expect(page).toHaveURL(/\/testing\/finish$/);
  await expect(page.getByText('You got 1 of 2 words right.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('report-skipped')).toHaveText('1');

  // "?" lists the shortcuts; Escape gives the focus back.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeFocused();
  await expect(tryAgain.getByText('R', { exact: true })).toBeVisible();
  await page.keyboard.press('Shift+Slash');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Start the same test again')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tryAgain).toBeFocused();

  // R starts the same test again.
  await page.keyboard.press('r');
  await expect(page).toHaveURL(/\/testing$/);
  await expect(page.getByText('Word 1 of 2', { exact: true })).toBeVisible();
  await expect(page.getByText('girl', { exact: true })).toBeVisible();
});
