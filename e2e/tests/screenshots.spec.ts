import { expect, test } from '@playwright/test';
import { enterAsGuest } from './support/session';

/**
 * The README's screenshots (docs/screenshots/), made by this test: a dictionary page in the
 * light and the dark theme, on the desktop and the phone project. Every run checks what the
 * picture shows (the theme applied, the words listed, nothing wider than the screen);
 * `README_SCREENSHOTS=1 npm run test:e2e -- screenshots` writes the pictures into the docs.
 */
const WORDS = [
  { term: 'la casa', definitions: ['the house', 'the home'] },
  { term: 'el perro', definitions: ['the dog'] },
  { term: 'la ventana', definitions: ['the window'] },
  { term: 'aprender', definitions: ['to learn'] },
  { term: 'la biblioteca', definitions: ['the library'] },
  { term: 'el mercado', definitions: ['the market'] },
];

/** --color-bg of the two themes (apps/web/src/shared/ui/styles/tokens.css). */
const BACKGROUND = { light: 'rgb(246, 246, 251)', dark: 'rgb(20, 21, 28)' } as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`a dictionary page in the ${scheme} theme, as the README shows it`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await enterAsGuest(page);
    const created = await page.request.post('/api/dictionaries', {
      data: { name: 'Spanish basics', fromLanguage: 'es', toLanguage: 'en' },
    });
    const { id } = (await created.json()) as { id: string };
    const filled = await page.request.patch(`/api/dictionaries/${id}`, {
      data: { words: { create: WORDS } },
    });
    expect(filled.ok()).toBe(true);

    await page.goto(`/dictionaries/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Spanish basics' })).toBeVisible();
    for (const word of WORDS) await expect(page.getByText(word.term, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      BACKGROUND[scheme],
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    const name = `${testInfo.project.name}-${scheme}.png`;
    const file = process.env.README_SCREENSHOTS
      ? new URL(`../../docs/screenshots/${name}`, import.meta.url).pathname
      : testInfo.outputPath(name);
    const picture = await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
    expect(picture.byteLength).toBeGreaterThan(10_000);
  });
}
