import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';

/** --color-bg of the two themes (apps/web/src/shared/ui/styles/tokens.css). */
const LIGHT_BG = 'rgb(246, 246, 251)';
const DARK_BG = 'rgb(20, 21, 28)';

const shown = (page: Page) =>
  page.evaluate(() => ({
    background: getComputedStyle(document.body).backgroundColor,
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
    themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
  }));

test.describe('theme choice', () => {
  test.beforeEach(async ({ page }) => {
    // The device asks for light: only the user's choice can make the page dark.
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  });

  test('a visitor picks Dark in the footer, and it stays after a reload', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await shown(page)).toMatchObject({ background: LIGHT_BG, colorScheme: 'light' });

    const theme = page.getByTestId('site-footer').getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
    await theme.getByRole('radio', { name: 'Dark' }).check();
    // At once, without a reload.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect
      .poll(() => shown(page))
      .toEqual({ background: DARK_BG, colorScheme: 'dark', themeColor: '#14151c' });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await shown(page)).toEqual({ background: DARK_BG, colorScheme: 'dark', themeColor: '#14151c' });
    await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await theme.getByRole('radio', { name: 'System' }).check();
    await expect.poll(() => shown(page)).toMatchObject({ background: LIGHT_BG, colorScheme: 'light' });
  });

  test('the chosen dark theme has no serious accessibility problems', async ({ page }) => {
    await page.goto('/about');
    await page.getByTestId('site-footer').getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await shown(page)).toMatchObject({ background: DARK_BG });

    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
