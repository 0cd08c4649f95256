import { expect, type Page, type Response } from '@playwright/test';

/** Starts a test of every word of `dictionaryId` (up to 20, oldest first) through the API. */
export async function startTestOfAll(page: Page, dictionaryId: string): Promise<void> {
  const started = await page.request.post('/api/tester', {
    data: { dictionaryId, swap: false, range: { type: 'quantity', from: 'all', count: 20, order: 'asc' } },
  });
  expect(started.status(), await started.text()).toBe(201);
}

/** The server's reply to the next answer the page sends (POST /api/testing). */
export function answerReplied(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/testing'),
  );
}
