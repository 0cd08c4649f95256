import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpMember } from './support/session';

const stripeOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`;

const createDictionary = (request: APIRequestContext, name: string) =>
  request.post('/api/dictionaries', { data: { name, fromLanguage: 'en', toLanguage: 'de' } });

/** A value of the subscription screen's plan details, by its label. */
const detail = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Plan details' }).locator('dt', { hasText: label }).locator('+ dd');

test('a user upgrades through Checkout, manages the subscription and cancels with a refund', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `pay.${testInfo.project.name}.${Date.now()}@example.com`;
  await signUpMember(page.request, email);

  // Role user: two dictionaries, not three.
  for (const name of ['Animals', 'Colours'])
    expect((await createDictionary(page.request, name)).status()).toBe(201);
  expect((await createDictionary(page.request, 'Food')).status()).toBe(403);

  await page.goto('/plans');
  const free = page.getByRole('article', { name: 'Free' });
  const premium = page.getByRole('article', { name: 'Premium' });
  await expect(free.getByText('Current plan')).toBeVisible();
  await expect(premium.getByText('$3.99')).toBeVisible();
  await expect(premium.locator('dt', { hasText: 'Dictionaries' }).locator('+ dd')).toHaveText('10');
  await expect(free.locator('dt', { hasText: 'Dictionaries' }).locator('+ dd')).toHaveText('2');

  // Checkout lives on the emulator's origin; "Pay" completes it, webhooks reach the app, and
  // Stripe sends the browser back to /stripe/success.
  await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await page.waitForURL(`${stripeOrigin}/checkout/**`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/stripe\/success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('Premium is active. Enjoy the higher limits!')).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page
      .getByRole('region', { name: 'Premium' })
      .locator('dt', { hasText: 'Max dictionaries' })
      .locator('+ dd'),
  ).toHaveText('10');

  // Premium limits at once: a third dictionary is allowed now.
  expect((await createDictionary(page.request, 'Food')).status()).toBe(201);

  // The account menu now offers the subscription instead of the upgrade.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Upgrade account' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  await expect(detail(page, 'Plan')).toHaveText('Premium');
  await expect(detail(page, 'Max words per dictionary')).toHaveText('2,000');
  await expect(detail(page, 'Price per month')).toHaveText('$3.99');
  await expect(detail(page, 'Next payment date')).not.toHaveText('No further payments');
  await expect(detail(page, 'Expires at')).toHaveText('Never');

  // Cancel at the end of the period, after a confirmation that says until when Premium stays:
  // an expiry date appears and nothing more is charged.
  await page.getByRole('button', { name: 'Cancel at end of period' }).click();
  const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel at the end of the period?' });
  await expect(cancelDialog).toContainText(/Premium stays active until \w+ \d{1,2}, \d{4}\./);
  await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/^Your subscription is cancelled\. Premium stays active until/)).toBeVisible();
  await expect(detail(page, 'Expires at')).not.toHaveText('Never');
  await expect(detail(page, 'Next payment date')).toHaveText('No further payments');

  // Renew: back to open-ended.
  await page.getByRole('button', { name: 'Renew subscription' }).click();
  await expect(page.getByText(/^Your subscription is renewed/)).toBeVisible();
  await expect(detail(page, 'Expires at')).toHaveText('Never');

  // The billing portal is Stripe's page, with a way back.
  await page.getByRole('button', { name: 'Billing portal' }).click();
  await page.waitForURL(`${stripeOrigin}/portal/**`);
  await page.getByRole('link', { name: 'Return to Wordhoard' }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // Cancel immediately with refund, behind the confirmation.
  await page.getByRole('button', { name: 'Cancel now with refund' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Premium now?' });
  await expect(dialog).toContainText('You will lose Premium features at once');
  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  // The plans say what happened: Premium ended, and how much went back to the card.
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByTestId('premium-ended')).toContainText(
    /^Premium has ended and \$\d+\.\d\d has been refunded to your card\./,
  );
  await expect(free.getByText('Current plan')).toBeVisible();

  // Role user again, with the user limits: a further dictionary is refused.
  const me = await page.request.get('/api/users/me');
  expect(await me.json()).toMatchObject({ role: 'user', limits: { dictionaries: 2 }, plan: { id: 'free' } });
  expect((await createDictionary(page.request, 'Travel')).status()).toBe(403);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Upgrade account' })).toBeVisible();
});

test('the success page confirms nothing without a paid Checkout Session of the user', async ({
  page,
}, testInfo) => {
  const email = `pay.nothing.${testInfo.project.name}.${Date.now()}@example.com`;
  await signUpMember(page.request, email);

  for (const address of ['/stripe/success', '/stripe/success?session_id=cs_test_0123456789abcdef']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'No payment to confirm here' })).toBeVisible();
    await expect(page.getByText(/Thank you/)).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'View plans' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('abandoning Checkout returns calmly to the plans', async ({ page }, testInfo) => {
  const email = `pay.cancel.${testInfo.project.name}.${Date.now()}@example.com`;
  await signUpMember(page.request, email);

  await page.goto('/plans');
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await page.waitForURL(`${stripeOrigin}/checkout/**`);
  await page.getByRole('link', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/stripe\/cancel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to plans' }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('article', { name: 'Free' }).getByText('Current plan')).toBeVisible();
});
