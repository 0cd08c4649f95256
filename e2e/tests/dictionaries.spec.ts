import { expect, test, type Locator, type Page } from '@playwright/test';
import { dictionaryAction } from './support/dictionary';
import { enterAsGuest } from './support/session';
import { chooseLanguage } from './support/language';

/** Seeds words straight through the API (PATCH batch), as the signed-in guest. */
async function seedWords(page: Page, dictionaryId: string, words: { term: string; definitions: string[] }[]) {
  const response = await page.request.patch(`/api/dictionaries/${dictionaryId}`, {
    data: { words: { create: words } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function createDictionaryThroughApi(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/dictionaries', {
    data: { name, fromLanguage: 'en', toLanguage: 'de' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    term: `word ${String(index + 1).padStart(2, '0')}`,
    definitions: [`meaning ${index + 1}`, `sense ${index + 1}`],
  }));

/** Nothing is wider than the screen (a phone must never scroll sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a dictionary from creation to deletion: words, search, sort, pages, info', async ({ page }) => {
  test.setTimeout(90_000);
  await enterAsGuest(page);
  await page.goto('/dictionaries');
  await expect(page.getByRole('heading', { name: 'No dictionaries yet' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Create it in the UI.
  await page.getByRole('link', { name: /Create dictionary/ }).click();
  await expect(page).toHaveURL(/\/dictionaries\/create$/);
  await page.getByLabel('Name').fill('Animals');
  await chooseLanguage(page, 'Terms language', 'engl', 'English');
  await chooseLanguage(page, 'Definitions language', 'germ', 'German');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/dictionaries\/[0-9a-f-]{36}$/);
  const dictionaryId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No words yet' })).toBeVisible();

  // Add words with several definitions in the UI.
  await page.getByRole('link', { name: 'Manage words' }).first().click();
  await expect(page).toHaveURL(/\/words\/edit$/);
  const rows = page.getByTestId('word-row');
  await page.getByRole('button', { name: 'Add word' }).click();
  await rows.nth(0).getByLabel('Term').fill('cat');
  await rows.nth(0).getByLabel('Definitions (comma-separated)').fill('Katze, Kater');
  await rows.nth(0).getByRole('button', { name: 'Add definition' }).click();
  await page.keyboard.type('Mieze');
  await expect(rows.nth(0).getByRole('listitem')).toHaveText(['Katze', 'Kater', 'Mieze']);
  await page.getByRole('button', { name: 'Add word' }).click();
  await rows.nth(1).getByLabel('Term').fill('dog');
  await rows.nth(1).getByLabel('Definitions (comma-separated)').fill('Hund, Rüde');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page).toHaveURL(new RegExp(`/dictionaries/${dictionaryId}$`));
  const table = page.getByRole('table', { name: 'Words' });
  await expect(table.getByRole('row').filter({ hasText: 'cat' })).toContainText('Katze, Kater, Mieze');
  await expect(table.getByRole('row').filter({ hasText: 'dog' })).toContainText('Hund, Rüde');

  // More words than one page, through the API.
  await seedWords(page, dictionaryId, numbered(60));
  await page.reload();
  const bodyRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(bodyRows).toHaveCount(40);

  // Search terms and definitions.
  const search = page.getByRole('searchbox', { name: 'Search terms and definitions' });
  await search.fill('Rüde');
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first()).toContainText('dog');
  await search.fill('sense 5');
  await expect(bodyRows).toHaveCount(11); // sense 5, 50…59
  await search.fill('a<b');
  await expect(page.getByText('The character “<” can’t be used here')).toBeVisible();
  await search.fill('');
  await expect(bodyRows).toHaveCount(40);

  // Sort by term: a newly picked term starts A→Z (dates start newest first); the choice is kept.
  await page.getByLabel('Sort by').selectOption({ label: 'Term' });
  await expect(page.getByRole('button', { name: 'Sort direction: Ascending' })).toBeVisible();
  await expect(bodyRows.first()).toContainText('cat');
  await expect(bodyRows.nth(1)).toContainText('dog');
  await expect(bodyRows.nth(2)).toContainText('word 01');

  // Scrolling down loads page 2 (words 41 and later), appended.
  await page.mouse.wheel(0, 100_000);
  await expect(bodyRows).toHaveCount(62);
  await expect(bodyRows.nth(61)).toContainText('word 60');
  await expect(bodyRows.nth(40)).toContainText('41');
  await expect(page.getByText('No more words')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('term');
  await expect(page.getByRole('button', { name: 'Sort direction: Ascending' })).toBeVisible();
  await expect(bodyRows.first()).toContainText('cat');

  // Edit the info.
  await (await dictionaryAction(page, 'link', 'Edit info')).click();
  await expect(page).toHaveURL(/\/info\/edit$/);
  await expect(page.getByLabel('Name')).toHaveValue('Animals');
  await page.getByLabel('Name').fill('Tiere');
  await chooseLanguage(page, 'Definitions language', 'pol', 'Polish');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dictionaries/${dictionaryId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Tiere' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dictionary info' })).toContainText('Polish');

  // Delete, after saying no once.
  await (await dictionaryAction(page, 'button', 'Delete')).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete “Tiere”?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiere' })).toBeVisible();

  await (await dictionaryAction(page, 'button', 'Delete')).click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page).toHaveURL(/\/dictionaries$/);
  await expect(page.getByRole('heading', { name: 'No dictionaries yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Create dictionary/ })).toBeVisible();
  expect((await page.request.get(`/api/dictionaries/${dictionaryId}`)).status()).toBe(404);
});

/** The names of the filled buttons and button links within `scope`: the accent's background. */
async function primaryActions(scope: Locator): Promise<string[]> {
  return scope.locator('a, button').evaluateAll((elements) => {
    const probe = document.createElement('span');
    probe.style.backgroundColor = 'var(--color-accent)';
    document.body.append(probe);
    const accent = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return elements
      .filter((element) => element.checkVisibility() && getComputedStyle(element).backgroundColor === accent)
      .map((element) => element.textContent.trim());
  });
}

test('the dictionary screen has one primary action, empty or full', async ({ page }) => {
  await enterAsGuest(page);
  const dictionaryId = await createDictionaryThroughApi(page, 'Primary');
  await page.goto(`/dictionaries/${dictionaryId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'No words yet' })).toBeVisible();
  await expect(page.getByTestId('dictionary-due')).toHaveText('0');
  // The empty state's way to the first words, not a second one among the dictionary's actions.
  expect(await primaryActions(page.locator('main'))).toEqual(['Manage words']);
  expect(await primaryActions(page.getByRole('region', { name: 'Dictionary info' }))).toEqual([]);

  await seedWords(page, dictionaryId, numbered(3));
  await page.reload();
  await expect(page.getByRole('table', { name: 'Words' })).toBeVisible();
  await expect(page.getByTestId('dictionary-due')).toBeVisible();
  expect(await primaryActions(page.locator('main'))).toHaveLength(1);
});

test('at the limits: no second dictionary for a guest, no 101st word', async ({ page }) => {
  await enterAsGuest(page);
  const dictionaryId = await createDictionaryThroughApi(page, 'Only one');
  await seedWords(page, dictionaryId, numbered(60));
  await seedWords(
    page,
    dictionaryId,
    Array.from({ length: 40 }, (_, index) => ({ term: `extra ${index + 1}`, definitions: ['more'] })),
  );

  await page.goto('/dictionaries');
  await expect(page.getByRole('heading', { level: 2, name: 'Only one' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create dictionary' });
  await expect(create).toBeDisabled();
  await expect(
    page.getByText('For the "Guest" role, the maximum number of dictionaries is set to 1'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto(`/dictionaries/${dictionaryId}/words/edit`);
  const add = page.getByRole('button', { name: 'Add word' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('title', 'You already have the maximum number of words');
  await expect(page.getByText('100 of 100 words')).toBeVisible();

  // The editor shows the newest 40; earlier pages go on top.
  const rows = page.getByTestId('word-row');
  await expect(rows).toHaveCount(40);
  await expect(rows.last().getByLabel('Term')).toHaveValue('extra 40');
  await page.getByRole('button', { name: 'Load earlier words' }).click();
  await expect(rows).toHaveCount(80);
  await expect(rows.last().getByLabel('Term')).toHaveValue('extra 40');
  await expect(rows.first().getByLabel('Term')).toHaveValue('word 21');
  await expectNoSidewaysScroll(page);
});

test('ten words typed the obvious way, term ⏎ definition ⏎, are ten words', async ({ page }) => {
  test.setTimeout(90_000);
  await enterAsGuest(page);
  const dictionaryId = await createDictionaryThroughApi(page, 'Typed');
  await page.goto(`/dictionaries/${dictionaryId}/words/edit`);
  // The keys are said beside the editor, where there is a keyboard to use them.
  const keys = page.getByRole('group', { name: 'Keys in the editor' });
  const touchOnly = await page.evaluate(() => matchMedia('(pointer: coarse)').matches);
  if (touchOnly) await expect(keys).toBeHidden();
  else await expect(keys).toContainText('from the term to its definitions, then to the next word');

  await page.getByRole('button', { name: 'Add word' }).click();
  await expect(page.getByTestId('word-row').first().getByLabel('Term')).toBeFocused();
  const words = Array.from({ length: 10 }, (_, index) => ({
    term: `term ${index + 1}`,
    meaning: `Bedeutung ${index + 1}`,
  }));
  for (const { term, meaning } of words) {
    await page.keyboard.type(term);
    await page.keyboard.press('Enter');
    await page.keyboard.type(meaning);
    await page.keyboard.press('Enter');
  }
  // Ten filled rows and the empty one Enter opened for the eleventh.
  await expect(page.getByTestId('word-row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/dictionaries/${dictionaryId}$`));

  const table = page.getByRole('table', { name: 'Words' });
  const bodyRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(bodyRows).toHaveCount(10);
  for (const { term, meaning } of words) {
    const row = bodyRows.filter({ has: page.getByRole('cell', { name: term, exact: true }) });
    await expect(row.getByRole('cell', { name: meaning, exact: true })).toBeVisible();
  }
});
