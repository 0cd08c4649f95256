import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { chooseLanguage } from './support/language';
import { pngFile } from './support/media';
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

/**
 * Adds one word in the words editor and saves; with an example sentence and a picture (issue
 * 21) when given: the picture, chosen on the new word's row, is stored once the word is.
 */
async function addWord(
  page: Page,
  dictionaryId: string,
  term: string,
  definitions: string,
  extras: { example?: string; picture?: ReturnType<typeof pngFile> } = {},
) {
  await page.getByRole('link', { name: 'Manage words' }).first().click();
  await expect(page).toHaveURL(/\/words\/edit$/);
  await page.getByRole('button', { name: 'Add word' }).click();
  const row = page.getByTestId('word-row').first();
  await row.getByLabel('Term').fill(term);
  await row.getByLabel('Definitions (comma-separated)').fill(definitions);
  if (extras.example) {
    const examples = row.getByLabel('Example sentences (one per line)');
    await examples.fill(extras.example);
    // Left before the next click: a problem found on leaving it would move what is below.
    await examples.blur();
    await expect(examples).not.toHaveAttribute('aria-invalid', 'true');
  }
  if (extras.picture) {
    await row.getByRole('button', { name: 'Picture', exact: true }).click();
    await row.getByTestId('picture-input').setInputFiles(extras.picture);
    await expect(row.getByRole('img', { name: term })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/dictionaries/${dictionaryId}$`));
}

/** A picture shown and loaded (served to its owner, allowed by the page's CSP), at its given size. */
async function expectLoadedPicture(picture: Locator) {
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
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
  test.setTimeout(120_000);
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
  await expect(terms).toHaveValue('Spanish');

  const id = await createThroughPicker(
    page,
    'Nihongo',
    { search: '日本', name: 'Japanese' },
    { search: 'engl', name: 'English' },
  );
  await expect(page.getByRole('region', { name: 'Dictionary info' })).toContainText('Japanese');
  await addWord(page, id, 'ネコ', 'cat', {
    example: 'ネコが寝ている',
    picture: pngFile('neko.png', 1600, 1200, [240, 160, 40]),
  });

  const table = page.getByRole('table', { name: 'Words' });
  // The picture, re-encoded and resized by the server (1024 px at most), as a thumbnail whose
  // size is set before it loads.
  const thumbnail = table.getByRole('img', { name: 'ネコ' });
  await expectLoadedPicture(thumbnail);
  await expect(thumbnail).toHaveAttribute('loading', 'lazy');
  await expect(thumbnail).toHaveAttribute('width', '40');
  await expect(thumbnail).toHaveAttribute('height', '30');
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
  // The word's picture beside the prompt, described without giving the answer away.
  await expectLoadedPicture(page.getByRole('img', { name: 'A picture of the word' }));
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
  await expectLoadedPicture(page.getByTestId('report-item').getByTestId('word-picture'));
  const answered = page.getByText('ﾈｺ', { exact: true });
  await expect(answered).toHaveAttribute('lang', 'ja');
});

test('an Arabic–Ukrainian dictionary: right to left, and an answer without harakat is right', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await enterAsGuest(page);
  const id = await createThroughPicker(
    page,
    'Арабська',
    { search: 'arab', name: 'Arabic' },
    { search: 'ukr', name: 'Ukrainian' },
  );
  await addWord(page, id, 'كِتَاب', 'книга', {
    example: 'قرأتُ كِتَاب اليوم.',
    picture: pngFile('kitab.png', 300, 400, [30, 90, 200]),
  });

  const table = page.getByRole('table', { name: 'Words' });
  const term = table.getByText('كِتَاب', { exact: true });
  await expect(term).toHaveAttribute('lang', 'ar');
  await expect(term).toHaveAttribute('dir', 'rtl');
  const thumbnail = table.getByRole('img', { name: 'كِتَاب' });
  await expectLoadedPicture(thumbnail);
  await expect(thumbnail).toHaveAttribute('width', '30');
  await expect(thumbnail).toHaveAttribute('height', '40');
  const definition = table.getByText('книга', { exact: true });
  await expect(definition).toHaveAttribute('lang', 'uk');
  await expect(definition).not.toHaveAttribute('dir', 'rtl');

  await startSwappedTest(page, id);
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(page.getByText('книга', { exact: true })).toHaveAttribute('lang', 'uk');
  await expect(answer).toHaveAttribute('lang', 'ar');
  await expect(answer).toHaveAttribute('dir', 'rtl');
  await expectLoadedPicture(page.getByRole('img', { name: 'A picture of the word' }));
  // The answer typed without its vowel marks (harakat), as Arabic is usually written.
  await answer.fill('كتاب');
  await answer.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: 'книга' })).toBeVisible();
  await expectLoadedPicture(page.getByTestId('report-item').getByTestId('word-picture'));
  const answered = page.getByText('كتاب', { exact: true });
  await expect(answered).toHaveAttribute('lang', 'ar');
  await expect(answered).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(/^Not quite/)).toHaveCount(0);
});

test('sentences keep their own punctuation: a Japanese term with 。「」 and an Arabic definition with ، ؟ are saved; a refused character is named', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await enterAsGuest(page);
  const id = await createThroughPicker(
    page,
    'Jumla',
    { search: '日本', name: 'Japanese' },
    { search: 'arab', name: 'Arabic' },
  );
  await page.getByRole('link', { name: 'Manage words' }).first().click();
  await page.getByRole('button', { name: 'Add word' }).click();
  const row = page.getByTestId('word-row').first();
  await row.getByLabel('Term').fill('「犬」が好きです。');
  await row.getByLabel('Term').blur();
  await expect(row.getByLabel('Term')).not.toHaveAttribute('aria-invalid', 'true');
  // The message names the one character that is refused, not "one or more".
  await row.getByLabel('Definitions (comma-separated)').fill('أحب الكلاب؟ نعم، <كثيرًا>');
  await row.getByLabel('Definitions (comma-separated)').blur();
  await expect(row).toContainText('The character “<” can’t be used here');
  await row.getByLabel('Definitions (comma-separated)').fill('أحب الكلاب؟ نعم، كثيرًا؛ شكرًا');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/dictionaries/${id}$`));

  const table = page.getByRole('table', { name: 'Words' });
  await expect(table.getByText('「犬」が好きです。')).toBeVisible();
  await expect(table.getByText('أحب الكلاب؟ نعم، كثيرًا؛ شكرًا')).toBeVisible();
  // Stored by the server, not only shown: the page read again shows both.
  await page.reload();
  await expect(table.getByText('「犬」が好きです。')).toBeVisible();
  await expect(table.getByText('أحب الكلاب؟ نعم، كثيرًا؛ شكرًا')).toBeVisible();
});
