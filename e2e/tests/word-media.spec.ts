import { expect, test } from '@playwright/test';
import { testBrowserLaunchOptions } from '../chromium';
import { enterAsGuest } from './support/session';

/**
 * A word's recorded pronunciation (issue 21) with a real MediaRecorder: Chromium's fake
 * microphone (a steady tone) and its fake permission prompt, which grants it. Only this file's
 * browser has them, so no other test gets a microphone.
 */
test.use({
  permissions: ['microphone'],
  launchOptions: {
    ...testBrowserLaunchOptions,
    args: [
      ...testBrowserLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

test('records a pronunciation, saves it, and the speak buttons play it before any voice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await enterAsGuest(page);
  const created = await page.request.post('/api/dictionaries/import', {
    data: {
      name: 'Tiere',
      fromLanguage: 'de',
      toLanguage: 'en',
      words: [{ term: 'die Katze', definitions: ['cat'] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { dictionary } = (await created.json()) as { dictionary: { id: string } };
  const words = await page.request.get(`/api/dictionaries/${dictionary.id}`);
  const [word] = ((await words.json()) as { words: { id: string }[] }).words;

  await page.goto(`/dictionaries/${dictionary.id}/words/${word?.id}/edit`);
  const recorder = page.getByTestId('recorder');
  await recorder.getByRole('button', { name: 'Record' }).click();
  const status = recorder.getByRole('status');
  await expect(status).toHaveText(/^Recording… \d+ s left$/);
  // At least a second of sound, then stopped by hand.
  await expect(recorder.getByTestId('countdown')).toHaveText('9');
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(status).toHaveText('Recorded. Listen to it, then save it or record again.');
  const preview = recorder.getByTestId('recording-preview');
  await expect(preview).toHaveAttribute('src', /^blob:/);
  // The recording plays back in the page (the CSP allows blob: media).
  await expect
    .poll(() => preview.evaluate((audio: HTMLAudioElement) => audio.readyState), { timeout: 10_000 })
    .toBeGreaterThan(0);

  const stored = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/audio'),
  );
  await recorder.getByRole('button', { name: 'Save the recording' }).click();
  const answer = await stored;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(answer.request().headers()['content-type']).toMatch(/^audio\/(webm|ogg|mp4)/);
  const saved = recorder.getByLabel('Saved pronunciation of “die Katze”');
  await expect(saved).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]{36}$/);
  const { audio } = (await answer.json()) as { audio: { url: string; durationMs: number } };
  expect(audio.durationMs).toBeGreaterThan(500);
  expect(audio.durationMs).toBeLessThanOrEqual(10_000);

  // The list's speak button plays the recording.
  await page.goto(`/dictionaries/${dictionary.id}`);
  const speak = page
    .getByRole('table', { name: 'Words' })
    .getByRole('button', { name: 'Listen to “die Katze”' });
  await speak.click();
  await expect(speak).toHaveAttribute('data-spoken-by', 'recording');

  // So does the test's, where the term is the prompt.
  const started = await page.request.post('/api/tester', {
    data: {
      dictionaryId: dictionary.id,
      swap: false,
      range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  await page.goto('/testing');
  const promptSpeak = page.getByRole('button', { name: 'Listen to “die Katze”' });
  await promptSpeak.click();
  await expect(promptSpeak).toHaveAttribute('data-spoken-by', 'recording');

  // Removed: the word has no recording any more.
  await page.goto(`/dictionaries/${dictionary.id}/words/${word?.id}/edit`);
  await page.getByRole('button', { name: 'Remove the recording' }).click();
  await expect(page.getByLabel('Saved pronunciation of “die Katze”')).toHaveCount(0);
});
