import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base } from '@playwright/test';
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

const here = path.dirname(fileURLToPath(import.meta.url));
const STEP_MS = 20 * 60 * 1000;

interface ClockServer {
  url: string;
  /** Moves the server's clock on by 20 minutes (past the next UTC midnight). */
  advance: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 150; tries += 1) {
    if (child.exitCode !== null) throw new Error(`test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('test server did not start');
}

const test = base.extend<object, { clockServer: ClockServer }>({
  clockServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first
    async ({}, use) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-e2e-clock-'));
      const child = spawn(
        process.execPath,
        [
          '--import',
          path.resolve(here, '../scripts/fake-clock.mjs'),
          path.resolve(here, '../../apps/server/dist/main.js'),
        ],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            APP_ORIGIN: url,
            DATA_DIR: dataDir,
            LOG_LEVEL: 'warn',
            E2E_FAKE_NOW: '2030-01-07T23:50:00Z',
            E2E_CLOCK_STEP_MS: String(STEP_MS),
          },
        },
      );
      try {
        await waitForHealth(url, child);
        await use({
          url,
          advance: async () => {
            child.kill('SIGUSR2');
            // The signal is handled between requests; one round trip makes sure it was.
            await fetch(`${url}/api/health`);
          },
        });
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ clockServer }, use) => {
    await use(clockServer.url);
  },
});

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
