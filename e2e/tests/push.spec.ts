import { expect, test, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium';

// The other specs run with service workers blocked (playwright.config.ts); this one is about it.
// The whole browser: the headless shell the other specs run in shows no notifications.
test.use({ serviceWorkers: 'allow', launchOptions: chromiumLaunchOptions });

interface Shown {
  title: string;
  body: string;
  icon: string;
  tag: string;
  data: unknown;
}

/**
 * The notifications the service worker shows (decision 0055). Chromium here has no push service
 * to subscribe with, so the push arrives the way DevTools delivers one: straight to the worker's
 * `push` event, with the payload the server's sender would encrypt.
 */
async function deliverPush(page: Page, payload: string): Promise<Shown[]> {
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map(({ title, body, icon, tag, data }) => ({
        title,
        body,
        icon,
        tag,
        data: data as unknown,
      }));
    });
  const before = JSON.stringify(await shown());
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: payload });
  await cdp.detach();
  // The new notification replaces the last one (same tag): wait until what is shown changes.
  let now: Shown[] = [];
  await expect
    .poll(async () => {
      now = await shown();
      return now.length > 0 && JSON.stringify(now) !== before;
    })
    .toBe(true);
  return now;
}

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
});

test('a reminder push shows a notification with our icon, leading to a page of this origin @desktop', async ({
  page,
}) => {
  const shown = await deliverPush(
    page,
    JSON.stringify({
      title: 'Time to review your words',
      body: '3 words are waiting for review',
      url: '/menu',
    }),
  );
  const origin = new URL(page.url()).origin;
  expect(shown).toEqual([
    {
      title: 'Time to review your words',
      body: '3 words are waiting for review',
      icon: `${origin}/icons/icon-192.png`,
      tag: 'daily-reminder',
      data: { url: `${origin}/menu` },
    },
  ]);
  const icon = await page.request.get(shown[0]!.icon);
  expect(icon.status()).toBe(200);
});

test('a push pointing at another site, or not ours at all, still shows a notice that opens our menu @desktop', async ({
  page,
}) => {
  const origin = new URL(page.url()).origin;
  const foreign = await deliverPush(
    page,
    JSON.stringify({ title: 'Wordhoard', body: 'Review now', url: 'https://evil.example/phish' }),
  );
  expect(foreign.map((notification) => notification.data)).toEqual([{ url: `${origin}/menu` }]);

  const plain = await deliverPush(page, 'not json');
  expect(plain).toEqual([expect.objectContaining({ title: 'Wordhoard', data: { url: `${origin}/menu` } })]);
});
