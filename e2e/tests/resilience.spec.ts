import { expect, test, type Page } from '@playwright/test';
import { dictionaryAction } from './support/dictionary';
import { enterAsGuest } from './support/session';

const OFFLINE = "Can't reach Wordhoard — check your connection.";

async function guestWithDictionary(page: Page, name: string): Promise<string> {
  await enterAsGuest(page);
  const response = await page.request.post('/api/dictionaries', {
    data: { name, fromLanguage: 'en', toLanguage: 'de' },
  });
  if (response.status() !== 201) throw new Error(`create failed: ${response.status()}`);
  return ((await response.json()) as { id: string }).id;
}

test('?lng= picks the language whatever its case', async ({ page }) => {
  await page.goto('/?lng=UK');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await page.goto('/?lng=De');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('closing a confirmation returns focus to the control that opened it', async ({ page }) => {
  const id = await guestWithDictionary(page, 'Animals');
  await page.goto(`/dictionaries/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Animals”?' });
  // On a wide screen the Delete button, on a phone the "More" menu's button.
  const opener =
    (page.viewportSize()?.width ?? 1280) >= 768
      ? page.getByRole('button', { name: 'Delete', exact: true })
      : page.getByRole('button', { name: 'More', exact: true });

  await (await dictionaryAction(page, 'button', 'Delete')).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await (await dictionaryAction(page, 'button', 'Delete')).click();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a lost connection is told once in words, and the app recovers by itself', async ({ page }) => {
  const id = await guestWithDictionary(page, 'Animals');
  await page.goto('/dictionaries');
  const card = page.getByRole('link', { name: /Animals/ });
  await expect(card).toBeVisible();

  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await card.click();

  const modal = page.getByRole('dialog', { name: 'Something went wrong' });
  await expect(modal).toContainText(OFFLINE);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  // The screen gives up after its retries; the notice stays closed, the failure in place says why.
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('Failed to fetch');

  await page.unroute('**/api/**');
  await expect(page.getByRole('heading', { level: 1, name: 'Animals' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/dictionaries/${id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
