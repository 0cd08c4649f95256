import { expect, test, type Locator, type Page } from '@playwright/test';
import { enterAsGuest } from './support/session';
import { answerReplied, startTestOfAll } from './support/testing';

/**
 * Self-testing in the browser against the real server (SPEC §2, DESIGN §5). Guests get 3 attempts a day,
 * so every test signs in as a fresh guest.
 */

const WORDS = [
  { term: 'house', definitions: ['Haus', 'Gebäude'] },
  { term: 'cat', definitions: ['Katze'] },
  { term: 'dog', definitions: ['Hund'] },
];

/** A dictionary (English → German) with WORDS, added one by one so they keep this order. */
async function createDictionary(page: Page): Promise<string> {
  const created = await page.request.post('/api/dictionaries', {
    data: { name: 'Animals', fromLanguage: 'en', toLanguage: 'de' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const word of WORDS) {
    const response = await page.request.patch(`/api/dictionaries/${id}`, {
      data: { words: { create: [word] } },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  return id;
}

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Nothing is wider than the viewport (the 375 px phone included). */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

test('a whole test by keyboard alone: two definitions, almost, wrong then try again, skip, report', async ({
  page,
}) => {
  await enterAsGuest(page);
  await createDictionary(page);

  // Set up: the only dictionary is chosen; First added (arrow keys in the radio group), start.
  await page.goto('/createTester');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a test' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dictionary' })).toHaveValue(/.+/);
  await expect(page.getByText('Attempts left today: 3 of 3', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await tabTo(page, page.getByRole('radio', { name: 'Last added' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'First added' })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Start the test' }));
  await page.keyboard.press('Enter');

  // Word 1: two definitions; the first stays on the word, the second (without its umlaut) is almost right.
  await expect(page).toHaveURL(/\/testing$/);
  await expect(page.getByText('Word 1 of 3', { exact: true })).toBeVisible();
  await expect(page.getByText('house', { exact: true })).toBeVisible();
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(answer).toBeFocused();
  await expect(answer).toHaveAttribute('lang', 'de');
  await expect(page.getByText('Entries still needed: 2', { exact: true })).toBeVisible();
  await expect(page.getByText('Tests left today: 2', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.keyboard.type('Haus');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Entries still needed: 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Already entered' })).toHaveText('Haus');
  await expect(page.getByTestId('testing-announcer')).toHaveText('Correct! Entries still needed: 1.');
  await expect(answer).toBeFocused();
  await expect(answer).toHaveValue('');
  await page.keyboard.type('Gebaude');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/testing\/check$/);
  await expect(page.getByTestId('check-result')).toHaveText('Almost! The exact spelling is Gebäude');
  await expect(page.getByTestId('check-announcer')).toHaveText('Almost! The exact spelling is Gebäude');
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Word 2: wrong, try again (same word), then right.
  await expect(page).toHaveURL(/\/testing$/);
  await expect(page.getByText('Word 2 of 3', { exact: true })).toBeVisible();
  await expect(page.getByText('cat', { exact: true })).toBeVisible();
  await expect(answer).toBeFocused();
  await page.keyboard.type('Hund');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/testing\/check$/);
  await expect(page.getByTestId('check-result')).toHaveText('Not quite.');
  await expect(page.getByRole('list', { name: 'Correct answers' })).toHaveText('Katze');
  // "Hund" is the meaning of "dog" in this dictionary: the check says so (a confusion).
  await expect(page.getByTestId('check-confusion')).toHaveText('“Hund” is the meaning of “dog”.');
  await expect(page.getByTestId('check-announcer')).toHaveText(
    'Not quite. The correct answers: Katze “Hund” is the meaning of “dog”.',
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/testing$/);
  await expect(page.getByText('Word 2 of 3', { exact: true })).toBeVisible();
  await expect(answer).toBeFocused();
  await page.keyboard.type('Katze');
  await page.keyboard.press('Enter');

  // Word 3: skipped; the answers are revealed, then the report.
  await expect(page.getByText('Word 3 of 3', { exact: true })).toBeVisible();
  await expect(page.getByText('dog', { exact: true })).toBeVisible();
  await expect(answer).toBeFocused();
  // Answer field → the accent bar (one Tab stop) → Check → Skip.
  await tabTo(page, page.getByRole('button', { name: 'Skip' }), 4);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/testing\/skip$/);
  await expect(page.getByRole('list', { name: 'Answers' })).toHaveText('Hund');
  await expect(page.getByTestId('skip-announcer')).toHaveText('Skipped. The answers: Hund');
  const seeReport = page.getByRole('button', { name: 'See the report' });
  await expect(seeReport).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/testing\/finish$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Test report' })).toBeVisible();
  await expect(page.getByText('You got 1 of 3 words right.')).toBeVisible();
  await expect(page.getByTestId('report-total')).toHaveText('3');
  await expect(page.getByTestId('report-correct')).toHaveText('1');
  await expect(page.getByTestId('report-wrong')).toHaveText('1');
  await expect(page.getByTestId('report-skipped')).toHaveText('1');
  await expect(page.getByTestId('finish-announcer')).toHaveText(
    'Test finished. Correct: 1, wrong: 1, skipped: 1.',
  );
  const items = page.getByTestId('report-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('house');
  await expect(items.nth(0)).toContainText('Correct');
  await expect(items.nth(0)).toContainText('Haus, Gebaude');
  await expect(items.nth(1)).toContainText('cat');
  await expect(items.nth(1)).toContainText('Wrong');
  await expect(items.nth(1)).toContainText('Hund, Katze');
  await expect(items.nth(2)).toContainText('dog');
  await expect(items.nth(2)).toContainText('Skipped');
  await expect(items.nth(2)).toContainText('Nothing typed');
  await expectNoHorizontalScroll(page);

  // Try again: a new test with the same options (the second of today's three attempts).
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/testing$/);
  await expect(page.getByText('Word 1 of 3', { exact: true })).toBeVisible();
  await expect(page.getByText('Tests left today: 1', { exact: true })).toBeVisible();
  await expect(answer).toBeFocused();
});

test('with no attempts left today the start button is disabled and says why', async ({ page }) => {
  await enterAsGuest(page);
  const dictionaryId = await createDictionary(page);
  const options = {
    dictionaryId,
    swap: false,
    range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    expect((await page.request.post('/api/tester', { data: options })).status()).toBe(201);
  }

  await page.goto('/createTester');

  await expect(page.getByText('Attempts left today: 0 of 3', { exact: true })).toBeVisible();
  await expect(page.getByText('The maximum testing attempts for today is reached')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start the test' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Continue the test' })).toHaveAttribute('href', '/testing');
});

test('on a slow network a correct answer shows at once, and the next one typed meanwhile follows it (decision 0070)', async ({
  page,
}) => {
  await enterAsGuest(page);
  const dictionaryId = await createDictionary(page);
  await startTestOfAll(page, dictionaryId);
  // The device grades from its copy of the test, fetched with the first word.
  const packFetched = page.waitForResponse((response) => response.url().endsWith('/api/testing/pack'));
  await page.goto('/testing');
  await packFetched;
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  await expect(page.getByText('Word 1 of 3', { exact: true })).toBeVisible();

  // Answers reach the server, but each reply comes back only when let through.
  const held: (() => void)[] = [];
  await page.route('**/api/testing', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    await new Promise<void>((resolve) => held.push(resolve));
    await route.fulfill({ response });
  });

  await answer.fill('Haus');
  await answer.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Correct! Entries still needed: 1.');
  await expect(page.getByText('Entries still needed: 1', { exact: true })).toBeVisible();
  await expect(answer).toHaveValue('');
  await expect.poll(() => held.length).toBe(1);

  // Typed before the server confirmed "Haus": it waits in the field, then goes.
  await answer.fill('Gebäude');
  await answer.press('Enter');
  await expect(answer).toHaveValue('Gebäude');
  held[0]?.();
  await expect(page.getByText('Word 2 of 3', { exact: true })).toBeVisible();
  await expect(page.getByText('cat', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Correct! On to the next word.');
  await expect.poll(() => held.length).toBe(2);
  const confirmed = answerReplied(page);
  held[1]?.();
  await confirmed;
  await expect(page.getByText('cat', { exact: true })).toBeVisible();

  // The server took both, in order (the page's routes do not apply to page.request).
  const state = (await (await page.request.get('/api/testing')).json()) as { test: unknown };
  expect(state.test).toMatchObject({ term: 'cat', position: 2, doneDefinitions: [] });
});
