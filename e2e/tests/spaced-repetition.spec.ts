import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { testWithClockServer } from './support/clock-server';
import { enterAsGuest } from './support/session';

/**
 * Spaced repetition in the browser (decision 0011): words answered wrong come back the next day as
 * "due words"; a due test runs to its report with the accent bar typing the umlaut, and a word
 * answered wrong is edited from the report.
 *
 * Days must pass on the server, so this file starts its own server on a fake clock
 * (e2e/scripts/fake-clock.mjs) instead of moving time under the other tests' feet. The clock
 * starts ten minutes before a UTC midnight: a word reviewed then is due at the same time the
 * next day, which is "due today" once the clock has crossed midnight.
 */

const STEP_MS = 20 * 60 * 1000;

const test = testWithClockServer({ fakeNow: '2030-01-07T23:50:00Z', stepMs: STEP_MS });

const WORDS = [
  { term: 'girl', definitions: ['Mädchen'] },
  { term: 'cat', definitions: ['Katze'] },
];

test('words answered wrong are due the next day; a due test runs to its report with the accent bar', async ({
  page,
  clockServer,
}) => {
  await enterAsGuest(page);
  const created = await page.request.post('/api/dictionaries', {
    data: { name: 'Deutsch', fromLanguage: 'en', toLanguage: 'de' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const added = await page.request.patch(`/api/dictionaries/${id}`, { data: { words: { create: WORDS } } });
  expect(added.status()).toBe(200);

  // Day one, 23:50 UTC: a test in which both words are skipped (graded Again: due tomorrow).
  const started = await page.request.post('/api/tester', {
    data: {
      dictionaryId: id,
      swap: false,
      range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
    },
  });
  expect(started.status()).toBe(201);
  for (let i = 0; i < WORDS.length; i += 1) {
    // A skip names the word it is for (docs/decisions/0018-answers-applied-once.md).
    const { test: shown } = (await (await page.request.get('/api/testing')).json()) as {
      test: { position: number; wordId: string };
    };
    const target = { position: shown.position, wordId: shown.wordId, attemptId: randomUUID() };
    expect((await page.request.post('/api/testing/skip', { data: target })).status()).toBe(200);
  }

  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Main menu' })).toBeVisible();
  await expect(page.getByTestId('link-card-badge')).toHaveCount(0);

  // Past midnight: both words are due "today".
  await clockServer.advance();
  await page.reload();
  await expect(page.getByTestId('link-card-badge')).toHaveText('Due for review today: 2');

  // The menu's Testing card opens the set-up screen on the due source.
  await page.getByRole('link', { name: /Testing/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a test' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Due words: 2' })).toBeChecked();
  await expect(page.getByText(/^Due for review today: 2\./)).toBeVisible();
  await expect(page.getByText('Attempts left today: 3 of 3', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start the test' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Test' })).toBeVisible();
  await expect(page.getByText('Tests left today: 2', { exact: true })).toBeVisible();
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(answer).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('toolbar', { name: 'Special letters (German)' })).toBeVisible();

  for (let word = 1; word <= 2; word += 1) {
    await expect(page.getByText(`Word ${word} of 2`, { exact: true })).toBeVisible();
    const term = await page
      .locator('[lang="en"]')
      .filter({ hasText: /^(girl|cat)$/ })
      .first()
      .textContent();
    if (term === 'girl') {
      // "M", the umlaut from the bar (the focus never leaves the field), then the rest.
      await answer.fill('M');
      await page.getByRole('button', { name: 'Insert ä' }).click();
      await expect(answer).toBeFocused();
      await page.keyboard.type('dchen');
      await expect(answer).toHaveValue('Mädchen');
      await page.keyboard.press('Enter');
    } else {
      // A wrong check, then "next": the word counts wrong and can be fixed from the report.
      await answer.fill('Hund');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Check the answer' })).toBeVisible();
      await page.getByRole('button', { name: 'Next word' }).click();
    }
    if (word === 1) await expect(page.getByText('Word 2 of 2', { exact: true })).toBeVisible();
  }

  await expect(page.getByRole('heading', { level: 1, name: 'Test report' })).toBeVisible();
  await expect(page.getByTestId('report-correct')).toHaveText('1');
  await expect(page.getByTestId('report-wrong')).toHaveText('1');

  // Fix the word answered wrong, straight from the report, and come back to it.
  await page.getByRole('link', { name: 'Edit word “cat”' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit word' })).toBeVisible();
  const definitions = page.getByRole('textbox', { name: 'Definitions (comma-separated)' });
  await expect(definitions).toHaveValue('Katze');
  await definitions.fill('Katze, Kater');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Test report' })).toBeVisible();
  const word = await page.request.get(`/api/dictionaries/${id}`);
  const cat = ((await word.json()) as { words: { term: string; definitions: string[] }[] }).words.find(
    (entry) => entry.term === 'cat',
  );
  expect(cat?.definitions).toEqual(['Katze', 'Kater']);

  // Nothing is due any more today; the progress screen counts both words as learning and
  // the two days with a test as a streak.
  await page.goto(`/dictionaries/${id}/progress`);
  await expect(page.getByRole('heading', { level: 1, name: 'Progress' })).toBeVisible();
  await expect(page.getByTestId('progress-learning')).toHaveText('2');
  await expect(page.getByTestId('progress-new')).toHaveText('0');
  await expect(page.getByTestId('progress-due')).toHaveText('0');
  await expect(page.getByTestId('progress-streak')).toHaveText('Days in a row: 2');
  await expect(
    page.getByRole('img', { name: /Tests per day.*Tests in the last eight weeks: 2, on 2 days/ }),
  ).toBeVisible();

  // Every review, as the FSRS optimizer reads it (decision 0044): day one's two skips graded
  // Again on new cards, then day two's due test, Good for "girl" and Again for "cat".
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download review history' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('wordhoard-reviews.csv');
  const [header, ...lines] = (await readFile(await file.path(), 'utf8')).trimEnd().split('\n');
  expect(header).toBe('card_id,review_time,review_rating,review_state,review_duration');
  const reviews = lines.map((line) => line.split(',').map(Number));
  expect(reviews).toHaveLength(4);
  for (const [cardId, time, , , duration] of reviews) {
    expect([1, 2]).toContain(cardId);
    expect(Number.isInteger(time) && Number.isInteger(duration)).toBe(true);
  }
  expect(reviews.slice(0, 2).map(([, , rating, state]) => [rating, state])).toEqual([
    [1, 0],
    [1, 0],
  ]);
  expect(
    reviews
      .slice(2)
      .map(([, , rating]) => rating)
      .sort(),
  ).toEqual([1, 3]);
  // Day two's reviews come after day one's, on the same two cards.
  expect(reviews[2]![1]! > reviews[1]![1]!).toBe(true);
  expect(new Set(reviews.slice(2).map(([cardId]) => cardId))).toEqual(new Set([1, 2]));
});
