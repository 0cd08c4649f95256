import { expect, test, type Page } from '@playwright/test';
import { recordCspViolations } from './support/csp';

/** Collects console errors (a CSP violation shows up there) for the page's lifetime. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the landing page loads with its title and a way in, without console errors', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('app-loading')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Wordhoard' })).toBeVisible();
  const start = page.getByRole('link', { name: 'Get started' });
  await expect(start).toHaveAttribute('href', '/menu');
  expect(errors).toEqual([]);
});

test('?lng= switches the interface language and is remembered', async ({ page }) => {
  await page.goto('/?lng=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');

  // Without the query string the cached choice wins over the browser's English.
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.goto('/?lng=uk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});

test('an unknown address shows Not found with a way back to the menu', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByText('Page not found')).toBeVisible();
  const menu = page.getByRole('link', { name: 'Main menu' });
  await expect(menu).toHaveAttribute('href', '/menu');
});

test('the policy address redirects to the page of the interface language', async ({ page }) => {
  await page.goto('/policy?lng=fr');
  await expect(page).toHaveURL(/\/policy\/fr(\?|$)/);
  await page.goto('/policy/privacy');
  await expect(page).toHaveURL(/\/policy\/privacy\/fr$/);
});

test.describe('footer visibility', () => {
  test('shown on the landing, about and support pages', async ({ page }) => {
    for (const path of ['/', '/about', '/support']) {
      await page.goto(path);
      await expect(page.getByTestId('site-footer'), path).toBeVisible();
    }
  });

  test('on the login and signup forms: shown on desktop, hidden on a phone', async ({ page }, testInfo) => {
    const mobile = testInfo.project.name === 'mobile';
    for (const path of ['/auth/login', '/auth/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByTestId('site-footer'), path).toHaveCount(mobile ? 0 : 1);
    }
    // The rule is the viewport's: widening the phone brings the footer back.
    if (mobile) {
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect(page.getByTestId('site-footer')).toBeVisible();
    }
  });

  test('links to about, home, support and the policies', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByTestId('site-footer');
    for (const href of ['/about', '/', '/support', '/policy']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });

  test('names the version the server reports and links the source code (AGPL-3.0 §13)', async ({
    page,
    request,
  }) => {
    const { version } = (await (await request.get('/api/health')).json()) as { version: string };
    await page.goto('/about');
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByText(`Version ${version}`)).toBeVisible();
    // SOURCE_URL is unset for the browser tests: the project's repository, from the server's page.
    await expect(footer.getByRole('link', { name: 'Source code' })).toHaveAttribute(
      'href',
      'https://github.com/wordhoard/wordhoard',
    );
  });
});

test('the server sends a CSP with a per-response nonce that the page carries', async ({ request, page }) => {
  const first = await request.get('/');
  const second = await request.get('/');
  const nonce = /'nonce-([^']+)'/.exec(first.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers()['content-security-policy']).not.toContain(nonce);
  await page.goto('/');
  const meta = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
  expect(meta).toMatch(/^[A-Za-z0-9+/=]+$/);
});

test('the page asks for its stylesheet before its scripts, so the header shell paints first', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const stylesheet = html.search(/<link rel="stylesheet"/);
  expect(stylesheet).toBeGreaterThan(-1);
  expect(stylesheet).toBeLessThan(html.search(/<script type="module"/));
  expect(stylesheet).toBeLessThan(html.search(/<link rel="modulepreload"/));
});

test('forms validate without tripping the CSP: zod never probes for eval', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The field must be a valid email')).toBeVisible();
  expect(violations).toEqual([]);
});
