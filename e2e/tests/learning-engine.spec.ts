import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { testWithClockServer } from './support/clock-server';
import { answerReplied } from './support/testing';

/**
 * The learning engine, walked end to end in the browser (decisions 0043–0050): a learner with
 * two months of reviews (seeded by e2e/scripts/seed-learner.ts on the server's fake clock) fits
 * their own memory parameters, lowers their retention and sees the workload forecast move,
 * studies the due words of two dictionaries in one test, mixes up two words, overrides a grade,
 * meets a leech in the report and suspends it, finds the confusion and the suspension on the
 * dictionary page, and downloads the review log the optimizer reads.
 */

interface Seeded {
  email: string;
  password: string;
  /** Graded reviews of the seeded history (the leech's own come on top). */
  reviews: number;
  animals: string;
  verbs: string;
}

/** The leech's seeded reviews (seed-learner.ts): known, then forgotten, eight times over. */
const LEECH_REVIEWS = 17;

const test = testWithClockServer({
  fakeNow: '2030-03-15T09:00:00Z',
  stepMs: 60 * 60 * 1000,
  seed: 'seed-learner.ts',
});

test('a learner’s own memory model, due words of every dictionary, confusions, a leech and the review log @desktop', async ({
  page,
  clockServer,
}) => {
  test.setTimeout(180_000);
  const seeded = clockServer.seeded as Seeded;
  const signedIn = await page.request.post('/api/auth/login', {
    data: { email: seeded.email, password: seeded.password },
  });
  expect(signedIn.status()).toBe(200);

  // Personal parameters: enough reviews to fit; fitted now, off the request path.
  await page.goto('/user/edit');
  const learning = page.getByRole('region', { name: 'Learning' });
  await expect(learning.getByText(/You have enough reviews to fit the memory model/)).toBeVisible();
  await learning.getByRole('button', { name: 'Fit now' }).click();
  await expect(
    learning.getByText(
      /^Last fitted on .+ from \d+ reviews\. They predict your recall \d+\s?% better than the defaults/,
    ),
  ).toBeVisible({ timeout: 90_000 });

  // A lower retention: the forecast follows the control before anything is saved.
  const retention = learning.getByLabel('Desired retention');
  await expect(retention).toHaveValue('90');
  const forecast = learning.locator('figcaption');
  await expect(forecast).toHaveText(/^Reviews in the next 30 days at 90\s?%: about \d+/);
  const atNinety = await forecast.textContent();
  await retention.fill('80');
  await expect(forecast).toHaveText(/^Reviews in the next 30 days at 80\s?%: about \d+/);
  // Fewer reviews at a lower retention.
  const total = (text: string | null) => Number(/about (\d+)/.exec(text ?? '')?.[1]);
  expect(total(await forecast.textContent())).toBeLessThan(total(atNinety));
  await learning.getByRole('button', { name: 'Save retention' }).click();
  await expect(learning.getByText('Desired retention saved.')).toBeVisible();
  const me = (await (await page.request.get('/api/users/me')).json()) as { desiredRetention: number };
  expect(me.desiredRetention).toBe(0.8);

  // Due today across both dictionaries, studied in one test, most overdue first.
  await page.goto('/menu');
  const due = page.getByRole('region', { name: 'Due today' });
  await expect(due.getByText('Animals')).toBeVisible();
  await expect(due.getByText('Verbs')).toBeVisible();
  await due.getByRole('button', { name: 'Study all due words (4)' }).click();
  const answer = page.getByRole('textbox', { name: 'Your answer' });
  const check = async (typed: string) => {
    await answer.fill(typed);
    await page.keyboard.press('Enter');
  };

  // 1. "cat", answered with the meaning of "mouse": the check says whose meaning it is.
  await expect(page.getByText('Word 1 of 4', { exact: true })).toBeVisible();
  await check('Maus');
  await expect(page.getByRole('heading', { level: 1, name: 'Check the answer' })).toBeVisible();
  await expect(page.getByTestId('check-confusion')).toHaveText('“Maus” is the meaning of “mouse”.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await check('Katze');

  // 2. "to go", answered with a synonym the dictionary lacks: "I was right".
  await expect(page.getByText('Word 2 of 4', { exact: true })).toBeVisible();
  await check('laufen');
  await expect(page.getByRole('heading', { level: 1, name: 'Check the answer' })).toBeVisible();
  await page.getByRole('button', { name: 'I was right' }).click();
  await expect(page.getByTestId('check-result')).toHaveText('Accepted: your answer counts as right.');
  await page.getByRole('button', { name: 'Continue' }).click();

  // 3. "mouse", right at once; 4. "paw", one meaning typed and the other skipped.
  await expect(page.getByText('Word 3 of 4', { exact: true })).toBeVisible();
  // "mouse" is shown as right at once, graded on the device (decision 0070); "paw" is typed once
  // the server has confirmed it. Answers typed during a confirmation are testing.spec.ts's; in
  // one CI run "Pfote", typed then, never got its feedback here (not reproduced in 24 runs since).
  const mouseConfirmed = answerReplied(page);
  await check('Maus');
  await mouseConfirmed;
  await expect(page.getByText('Word 4 of 4', { exact: true })).toBeVisible();
  await check('Pfote');
  // Skip once the answer is back: a Skip pressed while it is on its way is dropped today (the
  // runner is busy), which under load lost this click and hung the test at "See the report".
  await expect(page.getByRole('status')).toHaveText('Correct! Entries still needed: 1.');
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.getByRole('button', { name: 'See the report' }).click();

  // The report: the mix-up, and "paw" a leech — suspended from here.
  await expect(page.getByRole('heading', { level: 1, name: 'Test report' })).toBeVisible();
  await expect(page.getByText('Mixed up with')).toBeVisible();
  const pawRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'paw' }) });
  await expect(pawRow.getByText('Leech', { exact: true })).toBeVisible();
  await pawRow.getByRole('button', { name: 'Suspend' }).click();
  await expect(pawRow.getByText('Suspended', { exact: true })).toBeVisible();

  // The dictionary page lists the confusion pair and the suspended word, out of the due count.
  await page.goto(`/dictionaries/${seeded.animals}`);
  const weakSpots = page.getByRole('region', { name: 'Weak spots' });
  await expect(weakSpots.getByText(/cat.+mouse|mouse.+cat/)).toBeVisible();
  await expect(weakSpots.getByRole('button', { name: /Resume/ })).toBeVisible();

  // Every graded review, in the optimizer's CSV schema: the history, the leech's, and today's four.
  await page.goto(`/dictionaries/${seeded.animals}/progress`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download review history' }).click();
  const [header, ...lines] = (await readFile(await (await download).path(), 'utf8')).trimEnd().split('\n');
  expect(header).toBe('card_id,review_time,review_rating,review_state,review_duration');
  expect(lines).toHaveLength(seeded.reviews + LEECH_REVIEWS + 4);
  // Today's four, last: cat Again (it needed a second try), to go Good (overridden), mouse Good, paw Again.
  expect(lines.slice(-4).map((line) => Number(line.split(',')[2]))).toEqual([1, 3, 3, 1]);
});
