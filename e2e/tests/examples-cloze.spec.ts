import { expect, test } from '@playwright/test';
import { solidPng } from './support/media';
import { enterAsGuest } from './support/session';

/**
 * Example sentences and cloze tests in the browser against the production build (decision
 * 0060): a word added with a sentence in the editor, a cloze test of it, its sentence after the
 * check and in the report.
 */
test('adds a word with an example sentence, runs a cloze test, sees the example after the check and in the report', async ({
  page,
}) => {
  await enterAsGuest(page);
  const created = await page.request.post('/api/dictionaries', {
    data: { name: 'Animals', fromLanguage: 'en', toLanguage: 'de' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The word and its sentence, typed in the words editor.
  await page.goto(`/dictionaries/${id}/words/edit`);
  await page.getByRole('button', { name: 'Add word' }).click();
  const row = page.getByTestId('word-row').first();
  await row.getByLabel('Term').fill('cat');
  await row.getByLabel('Definitions (comma-separated)').fill('Katze');
  await row
    .getByLabel('Example sentences (one per line)')
    .fill('The cat sleeps on the mat.\nMy cat, Tom, purrs.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/dictionaries/${id}$`));

  // A picture for it, sent as the file itself (issue 21).
  const listed = await page.request.get(`/api/dictionaries/${id}`);
  const [cat] = ((await listed.json()) as { words: { id: string }[] }).words;
  const picture = await page.request.put(`/api/dictionaries/${id}/words/${cat?.id}/picture`, {
    headers: { 'content-type': 'image/png' },
    data: solidPng(64, 48, [200, 60, 60]),
  });
  expect(picture.status(), await picture.text()).toBe(200);

  // A cloze test of all the words.
  await page.goto('/createTester');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a test' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Fill in the blanks (cloze)' }).check();
  await page.getByRole('radio', { name: 'All' }).check();
  await page.getByRole('button', { name: 'Start the test' }).click();

  await expect(page).toHaveURL(/\/testing$/);
  const question = page.getByTestId('cloze');
  await expect(question).toContainText('Fill in the blank');
  await expect(question).toContainText('sleeps on the mat.');
  await expect(question).toContainText('Meaning: Katze');
  await expect(question).not.toContainText('cat');
  await expect(question.getByRole('img', { name: 'blank' })).toBeVisible();
  // The word's picture beside the sentence.
  await expect(page.getByRole('img', { name: 'A picture of the word' })).toBeVisible();

  // A wrong answer first: the check screen shows the sentences.
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await answer.fill('dog');
  await answer.press('Enter');
  await expect(page).toHaveURL(/\/testing\/check$/);
  const examples = page.getByTestId('examples');
  await expect(examples.getByRole('heading', { name: 'Examples' })).toBeVisible();
  await expect(examples.getByRole('listitem')).toHaveText([
    'The cat sleeps on the mat.',
    'My cat, Tom, purrs.',
  ]);

  // Then right: the test is over, and the report has the word with its sentences.
  await page.getByRole('button', { name: /^Try again/ }).click();
  await expect(page).toHaveURL(/\/testing$/);
  await page.getByRole('textbox', { name: 'Your answer' }).fill('cat');
  await page.getByRole('textbox', { name: 'Your answer' }).press('Enter');
  await expect(page).toHaveURL(/\/testing\/finish$/);
  const item = page.getByTestId('report-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('report-examples')).toContainText('The cat sleeps on the mat.');
  await expect(item.getByTestId('report-examples')).toContainText('My cat, Tom, purrs.');
});
