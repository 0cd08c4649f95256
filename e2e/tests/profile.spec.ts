import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './support/axe';
import { signUpMember } from './support/session';

/** A verified account that has accepted the policy, signed in on the page. */
const signedUp = (page: Page, label: string) =>
  signUpMember(page.request, `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`);

/** The theme switch's segments: their boxes, and how many lines each label takes. */
async function themeSegments(page: Page) {
  const theme = page.locator('#user-appearance-title').locator('xpath=..').locator('fieldset');
  return theme.locator('label').evaluateAll((labels) =>
    labels.map((segment) => {
      const text = segment.querySelector('span');
      const lineHeight = text ? parseFloat(getComputedStyle(text).lineHeight) : 1;
      const box = segment.getBoundingClientRect();
      return {
        name: text?.textContent ?? '',
        top: Math.round(box.top),
        right: box.right,
        // The label's own height against its line height: one line, not "Da-rk" over two.
        lines: text ? text.getBoundingClientRect().height / lineHeight : 0,
      };
    }),
  );
}

for (const language of ['en', 'uk', 'de', 'fr', 'es', 'it', 'pl'] as const) {
  test(`@phone at 320 px the theme switch keeps its three choices on one line (${language})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signedUp(page, `theme320.${language}.${testInfo.project.name}`);
    expect(
      (await page.request.patch('/api/users/me', { data: { interfaceLanguage: language } })).status(),
    ).toBe(200);
    await page.goto('/user/edit');
    await expect(page.locator('#user-appearance-title')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    const segments = await themeSegments(page);
    expect(segments).toHaveLength(3);
    for (const { name, lines } of segments) expect(lines, `${name} is on one line`).toBeLessThan(1.5);
    // All three on one row: the same top, none pushed under the others, none past the edge.
    expect(new Set(segments.map(({ top }) => top)).size, JSON.stringify(segments)).toBe(1);
    for (const { name, right } of segments) expect(right, name).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}

test('the profile has an "On this page" navigation by topic: a link takes focus and view to its topic', async ({
  page,
}, testInfo) => {
  await signedUp(page, `profile-nav.${testInfo.project.name}`);
  await page.goto('/user/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'On this page' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText([
    'Language and appearance',
    'Learning and reminders',
    'Account and data',
  ]);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // From the keyboard: the last topic, far below the fold, comes into view and takes the focus.
  const account = page.getByRole('group', { name: 'Account and data' });
  await expect(account).not.toBeInViewport();
  await nav.getByRole('link', { name: 'Account and data' }).focus();
  await page.keyboard.press('Enter');
  await expect(account).toBeFocused();
  await expect(account).toBeInViewport();
  await expect(account.getByRole('heading', { name: 'Change password' })).toBeInViewport();
  expect(new URL(page.url()).hash).toBe('#profile-account');
  // The next Tab goes on inside that topic, not back at the top of the page.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('#profile-account') !== null)).toBe(true);

  // A click does the same; the sticky header does not cover the topic's first heading.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const learning = page.getByRole('group', { name: 'Learning and reminders' });
  await nav.getByRole('link', { name: 'Learning and reminders' }).click();
  await expect(learning).toBeFocused();
  const header = await page.locator('header').first().boundingBox();
  await expect
    .poll(async () => (await learning.getByRole('heading').first().boundingBox())?.y ?? -1)
    .toBeGreaterThanOrEqual(header?.height ?? 0);
});
