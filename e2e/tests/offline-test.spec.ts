import { expect, test, type Page } from '@playwright/test';
import { enterAsGuest } from './support/session';

// The app must open from its service worker after the reload offline (decision 0051).
test.use({ serviceWorkers: 'allow' });

const WORDS = [
  { term: 'one', definitions: ['eins'] },
  { term: 'two', definitions: ['zwei'] },
  { term: 'three', definitions: ['drei'] },
  { term: 'four', definitions: ['vier'] },
  { term: 'five', definitions: ['fünf'] },
];

/** The word the runner shows as word `position` of 5 (words added together have no set order). */
async function wordAt(page: Page, position: number) {
  await expect(page.getByText(`Word ${position} of 5`, { exact: true })).toBeVisible();
  for (const word of WORDS) {
    if (await page.getByText(word.term, { exact: true }).isVisible()) return word;
  }
  throw new Error(`no known word shown at ${position}`);
}

async function type(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: 'Your answer' });
  await field.fill(text);
  await field.press('Enter');
}

/**
 * Decision 0058, the "done when": five words answered offline (one wrong first), a reload
 * in between, and back online the report and the schedule agree with what was typed.
 */
test('five words answered offline across a reload: back online, the report and the schedule agree', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await enterAsGuest(page);
  const created = await page.request.post('/api/dictionaries', {
    data: { name: 'Numbers', fromLanguage: 'en', toLanguage: 'de' },
  });
  const { id } = (await created.json()) as { id: string };
  expect(
    (await page.request.patch(`/api/dictionaries/${id}`, { data: { words: { create: WORDS } } })).ok(),
  ).toBe(true);
  const started = await page.request.post('/api/tester', {
    data: {
      dictionaryId: id,
      swap: false,
      range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
    },
  });
  expect(started.status()).toBe(201);

  // The worker installs (precaching the build and the shell); the test's words reach the device.
  await page.goto('/menu');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const packed = page.waitForResponse((response) => response.url().endsWith('/api/testing/pack'));
  await page.goto('/testing');
  expect((await packed).ok()).toBe(true);
  await wordAt(page, 1);

  await context.setOffline(true);
  const indicator = page.getByTestId('offline-indicator');
  await expect(indicator).toContainText('Offline');

  // Word 1 right; word 2 wrong first (the check shows the answer), then right.
  const first = await wordAt(page, 1);
  await type(page, first.definitions[0]!);
  const second = await wordAt(page, 2);
  await type(page, 'falsch');
  await expect(page).toHaveURL(/\/testing\/check$/);
  await expect(page.getByTestId('check-result')).toHaveText('Not quite.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await wordAt(page, 2);
  await type(page, second.definitions[0]!);
  await wordAt(page, 3);
  await expect(indicator).toContainText('3');

  // A reload without a connection: the app opens from the worker, the test where it was.
  await page.reload();
  const third = await wordAt(page, 3);
  await expect(page.getByTestId('offline-indicator')).toContainText('3');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await type(page, third.definitions[0]!);
  const fourth = await wordAt(page, 4);
  await type(page, fourth.definitions[0]!);
  const fifth = await wordAt(page, 5);
  await type(page, fifth.definitions[0]!);
  await expect(page.getByRole('heading', { level: 1, name: 'Test report' })).toBeVisible();
  await expect(page.getByText('You got 4 of 5 words right.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toContainText('6');

  // Back online: the queue goes out by itself, and the server's report is the same.
  const synced = page.waitForResponse(
    (response) => response.url().endsWith('/api/testing') && response.request().method() === 'GET',
  );
  await context.setOffline(false);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  await synced;
  await expect(page.getByText('You got 4 of 5 words right.', { exact: true })).toBeVisible();
  const state = (await (await page.request.get('/api/testing')).json()) as {
    report: { correct: number; wrong: number; skipped: number; items: { term: string; result: string }[] };
  };
  expect(state.report).toMatchObject({ correct: 4, wrong: 1, skipped: 0 });
  expect(state.report.items.find((item) => item.term === second.term)?.result).toBe('wrong');

  // The schedule took each word once, in the order answered: Again for the one missed, Good for the rest.
  const reviews = (await (await page.request.get('/api/users/me/reviews')).text())
    .trim()
    .split('\n')
    .slice(1);
  expect(reviews.map((line) => line.split(',')[2])).toEqual(['3', '1', '3', '3', '3']);
});
