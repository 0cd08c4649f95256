import { expect, test, type Page } from '@playwright/test';
import { enterAsGuest } from './support/session';

/** The self-test screens in the browser against the production build. */

async function dictionaryWith(
  page: Page,
  words: { term: string; definitions: string[]; examples?: string[] }[],
): Promise<string> {
  const created = await page.request.post('/api/dictionaries', {
    data: { name: 'Animals', fromLanguage: 'en', toLanguage: 'de' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const filled = await page.request.patch(`/api/dictionaries/${id}`, { data: { words: { create: words } } });
  expect(filled.status(), await filled.text()).toBe(200);
  return id;
}

async function startTest(page: Page, options: Record<string, unknown>): Promise<void> {
  const started = await page.request.post('/api/tester', {
    data: { swap: false, range: { type: 'quantity', from: 'all', count: 20, order: 'asc' }, ...options },
  });
  expect(started.status(), await started.text()).toBe(201);
  await page.goto('/testing');
}

async function answer(page: Page, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Your answer' });
  await field.fill(text);
  await field.press('Enter');
}

test('the sentences of a word answered right never show with the next word, whose answer they may hold', async ({
  page,
}) => {
  await enterAsGuest(page);
  const id = await dictionaryWith(page, [
    // The first word's sentence holds the second word's answer: shown beside that cloze, it gives it away.
    { term: 'cat', definitions: ['Katze'], examples: ['The cat chases the mouse.'] },
    { term: 'mouse', definitions: ['Maus'], examples: ['A mouse eats cheese.'] },
  ]);
  await startTest(page, { dictionaryId: id, cloze: true });
  await expect(page.getByTestId('cloze')).toContainText('Meaning: Katze');
  await answer(page, 'cat');

  // The next word's cloze is up, with the feedback line of the last one and not its sentences.
  await expect(page.getByTestId('cloze')).toContainText('Meaning: Maus');
  await expect(page.getByTestId('testing-announcer')).toHaveText('Correct! On to the next word.');
  await expect(page.getByTestId('examples')).toHaveCount(0);
  await expect(page.getByText('The cat chases the mouse.')).toHaveCount(0);
});

test('a word that asks for more definitions shows its sentences on its own card after a right one', async ({
  page,
}) => {
  await enterAsGuest(page);
  const id = await dictionaryWith(page, [
    { term: 'cat', definitions: ['Katze', 'Kater'], examples: ['The cat sleeps.'] },
    { term: 'dog', definitions: ['Hund'], examples: ['The dog barks.'] },
  ]);
  await startTest(page, { dictionaryId: id });
  await answer(page, 'Katze');
  await expect(page.getByTestId('examples').getByRole('listitem')).toHaveText(['The cat sleeps.']);
  await answer(page, 'Kater');
  await expect(page.getByText('Word 2 of 2')).toBeVisible();
  await expect(page.getByTestId('examples')).toHaveCount(0);
});
