import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { enterAsGuest } from './support/session';

/**
 * Phones in every language: nothing wider than the screen, no button whose words wrap onto a
 * second line or spill out of it, and on the dictionary page the words in the first screen.
 */

const LANGUAGES = ['en', 'uk', 'de', 'fr', 'es', 'it', 'pl'] as const;

/** Set E2E_SCREENSHOT_DIR to keep the screenshots (docs/screenshots). */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

async function createDictionary(page: Page, name: string, words: number): Promise<string> {
  const response = await page.request.post('/api/dictionaries/import', {
    data: {
      name,
      fromLanguage: 'en',
      toLanguage: 'de',
      words: Array.from({ length: words }, (_, index) => ({
        term: `word ${index + 1}`,
        definitions: [`Wort ${index + 1}`],
      })),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { dictionary: { id: string } }).dictionary.id;
}

/** How far the page is wider than the window (a phone must never scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The visible buttons and links of `scope` whose text runs onto a second line, spills out of
 * them, or leaves the screen; each as "text: why".
 */
async function brokenControls(scope: Locator): Promise<string[]> {
  return scope.locator('button, a, [role="button"]').evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return [];
      const lines: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const parent = node.parentElement;
        // Text for screen readers only (a 1 px clipped box) is not on the screen.
        if (parent && parent.getBoundingClientRect().width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        lines.push(...Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0));
      }
      const name = element.textContent.trim() || element.getAttribute('aria-label') || element.tagName;
      const problems: string[] = [];
      if (lines.length > 0) {
        const tops = lines.map((rect) => rect.top);
        const lineHeight = Math.min(...lines.map((rect) => rect.height));
        if (Math.max(...tops) - Math.min(...tops) > lineHeight / 2) problems.push(`${name}: wraps`);
      }
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`${name}: text spills out`);
      if (box.left < 0 || box.right > document.documentElement.clientWidth + 0.5)
        problems.push(`${name}: off the screen`);
      return problems;
    }),
  );
}

for (const language of ['de', 'pl'] as const) {
  test(`the dictionary page at 320 px in ${language}: words in the first screen, actions in "More" @phone`, async ({
    page,
  }) => {
    // The smallest phone width, as tall as the mobile project's screen.
    await page.setViewportSize({ width: 320, height: 812 });
    await enterAsGuest(page, language);
    const id = await createDictionary(page, 'Tiere und Pflanzen', 12);

    await page.goto(`/dictionaries/${id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const firstRow = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .first();
    await expect(firstRow).toContainText('word');

    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await brokenControls(page.getByRole('banner'))).toEqual([]);
    expect(await brokenControls(page.getByRole('main'))).toEqual([]);
    if (screenshotDir) {
      await page.screenshot({ path: path.join(screenshotDir, `dictionary-320-${language}.png`) });
    }
    // The first word is in the first screen, without scrolling.
    const row = await firstRow.boundingBox();
    expect(row).not.toBeNull();
    expect((row?.y ?? Infinity) + (row?.height ?? 0)).toBeLessThanOrEqual(812);

    // The secondary actions are in the "More" (⋯) menu, which fits the screen too.
    const more = page.getByRole('button', { name: language === 'de' ? 'Mehr' : 'Więcej', exact: true });
    await more.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveCount(7);
    expect(await brokenControls(menu)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await menu
      .getByRole('menuitem', { name: language === 'de' ? 'Angaben bearbeiten' : 'Edytuj informacje' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dictionaries/${id}/info/edit$`));
  });
}

test('the tester shows a long dictionary name whole on a 320 px phone @phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await enterAsGuest(page);
  // The longest name a dictionary may have (31 characters): with its languages and word count
  // the option reads 60 characters.
  const name = 'Animals and plants of the world';
  const option = `${name} (English → German, words: 3)`;
  expect(option).toHaveLength(60);
  await createDictionary(page, name, 3);

  await page.goto('/createTester');
  const select = page.getByLabel('Dictionary');
  await expect(select).toHaveValue(/.+/);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  const control = await select.boundingBox();
  expect((control?.x ?? 0) + (control?.width ?? Infinity)).toBeLessThanOrEqual(320);

  // The closed control shows the whole name, wrapped inside it rather than cut off.
  const shown = page.getByTestId('select-value');
  await expect(shown).toHaveText(option);
  await expect(shown).toBeVisible();
  const fits = await shown.evaluate((element) => ({
    spills: element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
    right: element.getBoundingClientRect().right,
  }));
  expect(fits.spills).toBe(false);
  expect(fits.right).toBeLessThanOrEqual(320);
  // The native select lies over it and takes the taps.
  const box = await shown.boundingBox();
  expect(control?.height).toBeCloseTo(box?.height ?? 0, 0);
});

test('header buttons stay on one line at 375 px in every language @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const banner = page.getByRole('banner');
  // Signed out: the header's "Sign in".
  for (const language of LANGUAGES) {
    await page.goto(`/about?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(banner.getByRole('link').nth(2)).toBeVisible();
    expect(await brokenControls(banner), language).toEqual([]);
    expect(await sidewaysOverflow(page), language).toBeLessThanOrEqual(0);
  }
  // A guest: "Sign up" to keep the words, and the account menu. A signed-in user's language
  // is the account's, so it is changed there.
  await enterAsGuest(page);
  for (const language of LANGUAGES) {
    const changed = await page.request.patch('/api/users/me', { data: { interfaceLanguage: language } });
    expect(changed.status(), await changed.text()).toBe(200);
    await page.goto(`/menu?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('keep-words')).toBeVisible();
    // Under the title, how long the guest account has left, in the language's words.
    await expect(page.getByRole('main').getByTestId('guest-expiry')).toHaveText(
      {
        en: /^Guest account — deleted in 2[34] hours/,
        uk: /^Гостьовий акаунт — буде видалено через 2[34] годин/,
        de: /^Gastkonto – wird in 2[34] Stunden/,
        fr: /^Compte invité — supprimé dans 2[34] heures/,
        es: /^Cuenta de invitado: se eliminará en 2[34] horas/,
        it: /^Account ospite: verrà eliminato tra 2[34] ore/,
        pl: /^Konto gościa — zostanie usunięte za 2[34] godzin/,
      }[language],
    );
    expect(await brokenControls(banner), language).toEqual([]);
    expect(await sidewaysOverflow(page), language).toBeLessThanOrEqual(0);
  }
});

test('the progress page and its year of reviews fit a 320 px phone in every language @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  await enterAsGuest(page);
  for (const language of LANGUAGES) {
    const changed = await page.request.patch('/api/users/me', { data: { interfaceLanguage: language } });
    expect(changed.status(), await changed.text()).toBe(200);
    await page.goto(`/progress?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('#account-heatmap')).toBeVisible();
    expect(await sidewaysOverflow(page), language).toBeLessThanOrEqual(0);
    expect(await brokenControls(page.getByRole('main')), language).toEqual([]);
  }
});

test('the year of reviews scrolls sideways on a phone and the keyboard reaches it @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await enterAsGuest(page);
  await page.goto('/progress?lng=en');
  const year = page.getByRole('region', { name: 'Days of the last year' });
  await expect(year.getByRole('listitem')).toHaveCount(365);
  // It does scroll here: otherwise there were nothing for the keyboard to do.
  expect(await year.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeGreaterThan(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Tab reaches it from the top of the page; the arrow keys then scroll it.
  await page.locator('body').focus();
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab');
    if (await year.evaluate((box) => box === document.activeElement)) break;
  }
  await expect(year).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => year.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
});

test('offline, a phone header says so in words in every language, not by an icon alone @phone', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  await enterAsGuest(page);
  const words = {
    en: 'Offline',
    uk: 'Офлайн',
    de: 'Offline',
    fr: 'Hors ligne',
    es: 'Sin conexión',
    it: 'Offline',
    pl: 'Offline',
  };
  for (const language of LANGUAGES) {
    await context.setOffline(false);
    const changed = await page.request.patch('/api/users/me', { data: { interfaceLanguage: language } });
    expect(changed.status(), await changed.text()).toBe(200);
    await page.goto(`/menu?lng=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // The menu in full first: going offline before its code is in would break the page itself.
    await expect(page.getByTestId('keep-words')).toBeVisible();
    await context.setOffline(true);
    const short = page.getByRole('banner').getByTestId('offline-indicator-short');
    await expect(short).toHaveText(words[language]);
    // Shown in full, not clipped to a pixel as the sentence kept for screen readers is.
    const box = await short.boundingBox();
    expect(box?.width ?? 0, language).toBeGreaterThan(20);
    expect((box?.x ?? 0) + (box?.width ?? 0), language).toBeLessThanOrEqual(320);
    expect(await sidewaysOverflow(page), language).toBeLessThanOrEqual(0);
  }
});
