import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { chooseLanguage } from './support/language';
import { enterAsGuest } from './support/session';

/**
 * Dictionaries in any language (decision 0059): the searchable language list, lang and dir on
 * terms, definitions and answers, and grading that fits the script. A guest may have one
 * dictionary, so each pair is a fresh guest.
 */

/** Creates a dictionary through the form, choosing both languages in the searchable lists. */
async function createThroughPicker(
  page: Page,
  name: string,
  terms: { search: string; name: string },
  definitions: { search: string; name: string },
): Promise<string> {
  await page.goto('/dictionaries/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create dictionary' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await chooseLanguage(page, 'Terms language', terms.search, terms.name);
  await chooseLanguage(page, 'Definitions language', definitions.search, definitions.name);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/dictionaries\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Adds one word in the words editor and saves. */
async function addWord(page: Page, dictionaryId: string, term: string, definitions: string) {
  await page.getByRole('link', { name: 'Manage words' }).first().click();
  await expect(page).toHaveURL(/\/words\/edit$/);
  await page.getByRole('button', { name: 'Add word' }).click();
  const row = page.getByTestId('word-row').first();
  await row.getByLabel('Term').fill(term);
  await row.getByLabel('Definitions (comma-separated)').fill(definitions);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/dictionaries/${dictionaryId}$`));
}

/** Starts a swapped test (the definitions shown, the term typed) of the only dictionary. */
async function startSwappedTest(page: Page, dictionaryId: string) {
  const response = await page.request.post('/api/tester', {
    data: {
      dictionaryId,
      swap: true,
      range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto('/testing');
}

test('a Japanese–English dictionary: found as 日本, lang="ja", a half-width answer right, hiragana finds katakana', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await enterAsGuest(page);
  // The open list, filtered, passes axe; the keyboard moves through it and Escape closes it.
  await page.goto('/dictionaries/create');
  const terms = page.getByRole('combobox', { name: 'Terms language', exact: true });
  await terms.click();
  await terms.fill('jap');
  await expect(page.getByRole('option').first()).toContainText('Japanese');
  await expect(page.getByRole('option').first()).toContainText('日本語');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await terms.press('Escape');
  await expect(terms).toHaveAttribute('aria-expanded', 'false');
  await expect(terms).toHaveValue('English');

  const id = await createThroughPicker(
    page,
    'Nihongo',
    { search: '日本', name: 'Japanese' },
    { search: 'engl', name: 'English' },
  );
  await expect(page.getByRole('region', { name: 'Dictionary info' })).toContainText('Japanese');
  await addWord(page, id, 'ネコ', 'cat');

  const table = page.getByRole('table', { name: 'Words' });
  const term = table.getByText('ネコ', { exact: true });
  await expect(term).toHaveAttribute('lang', 'ja');
  await expect(term).not.toHaveAttribute('dir', 'rtl');
  await expect(table.getByText('cat', { exact: true })).toHaveAttribute('lang', 'en');
  // Search folds kana as the grader does: hiragana finds the katakana word.
  await page.getByRole('searchbox', { name: 'Search terms and definitions' }).fill('ねこ');
  await expect(table.getByText('ネコ', { exact: true })).toBeVisible();

  await startSwappedTest(page, id);
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(page.getByText('cat', { exact: true })).toHaveAttribute('lang', 'en');
  await expect(answer).toHaveAttribute('lang', 'ja');
  await expect(answer).not.toHaveAttribute('dir', 'rtl');
  // Japanese goes through an input method: no accent bar.
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  // Half-width katakana, as some keyboards type it: the same word.
  await answer.fill('ﾈｺ');
  await answer.press('Enter');
  await expect(page.getByText(/^Not quite/)).toHaveCount(0);
  const reportTerm = page.getByRole('heading', { level: 3, name: 'cat' });
  await expect(reportTerm).toBeVisible();
  const answered = page.getByText('ﾈｺ', { exact: true });
  await expect(answered).toHaveAttribute('lang', 'ja');
});

test('an Arabic–Ukrainian dictionary: right to left, and an answer without harakat is right', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await enterAsGuest(page);
  const id = await createThroughPicker(
    page,
    'Арабська',
    { search: 'arab', name: 'Arabic' },
    { search: 'ukr', name: 'Ukrainian' },
  );
  await addWord(page, id, 'كِتَاب', 'книга');

  const table = page.getByRole('table', { name: 'Words' });
  const term = table.getByText('كِتَاب', { exact: true });
  await expect(term).toHaveAttribute('lang', 'ar');
  await expect(term).toHaveAttribute('dir', 'rtl');
  const definition = table.getByText('книга', { exact: true });
  await expect(definition).toHaveAttribute('lang', 'uk');
  await expect(definition).not.toHaveAttribute('dir', 'rtl');

  await startSwappedTest(page, id);
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(page.getByText('книга', { exact: true })).toHaveAttribute('lang', 'uk');
  await expect(answer).toHaveAttribute('lang', 'ar');
  await expect(answer).toHaveAttribute('dir', 'rtl');
  // The answer typed without its vowel marks (harakat), as Arabic is usually written.
  await answer.fill('كتاب');
  await answer.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: 'книга' })).toBeVisible();
  const answered = page.getByText('كتاب', { exact: true });
  await expect(answered).toHaveAttribute('lang', 'ar');
  await expect(answered).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(/^Not quite/)).toHaveCount(0);
});
