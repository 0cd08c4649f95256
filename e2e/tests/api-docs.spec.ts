import { expect, test } from '@playwright/test';

test.describe('API docs', () => {
  test('/api/docs renders the operation list under its CSP, without violations or console errors @desktop', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Every violation the page reports, recorded before any of its own scripts run.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
      });
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');

    // Swagger UI has fetched the OpenAPI document and lists the contract's operations.
    const operations = page.locator('.opblock');
    await expect(operations.first()).toBeVisible();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/health' })).toHaveCount(1);
    expect(await operations.count()).toBeGreaterThan(10);

    // Expanding an operation renders its details (inline styles, syntax highlighting, SVG).
    await page.locator('.opblock-summary', { hasText: '/api/health' }).click();
    await expect(page.locator('.opblock-body').first()).toBeVisible();

    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    );
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
