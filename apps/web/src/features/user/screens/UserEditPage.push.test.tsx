import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PushEndpoint, vapidKeys, type BrowserSubscription } from '../../../../../server/test/push-endpoint';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { renderApp } from '../../../test/render';
import { pushKeys } from '../api/push';

const vapid = vapidKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:push-test@example.com',
  // The test push service is on 127.0.0.1, where only this opt-in lets the server post (decision 0072).
  PUSH_TEST_LOOPBACK: 'true',
};

/**
 * The browser's push stack, as jsdom has none: `pushManager.subscribe` makes a subscription on
 * the real test push service on 127.0.0.1 (a key pair and auth secret, as a browser does), so a
 * reminder the server sends afterwards is verified and decrypted there.
 */
class BrowserPush {
  permission: NotificationPermission = 'default';
  /** What the next permission prompt answers; each prompt is counted. */
  answer: NotificationPermission = 'granted';
  prompts = 0;
  current: BrowserSubscription | null = null;

  constructor(private readonly service: PushEndpoint) {}

  install(): void {
    const toSubscription = (subscription: BrowserSubscription) => ({
      endpoint: subscription.endpoint,
      toJSON: () => ({ ...subscription, expirationTime: null }),
      unsubscribe: () => {
        if (this.current?.endpoint === subscription.endpoint) this.current = null;
        return Promise.resolve(true);
      },
    });
    const registration = {
      pushManager: {
        getSubscription: () => Promise.resolve(this.current && toSubscription(this.current)),
        subscribe: (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
          if (!options.userVisibleOnly || this.permission !== 'granted')
            return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
          this.current = this.service.subscribe(
            Buffer.from(options.applicationServerKey).toString('base64url'),
          );
          return Promise.resolve(toSubscription(this.current));
        },
      },
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(registration) },
    });
    Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
    Object.defineProperty(window, 'Notification', {
      configurable: true,
      value: {
        get permission() {
          return push.permission;
        },
        requestPermission: () => {
          push.prompts += 1;
          push.permission = push.answer;
          return Promise.resolve(push.permission);
        },
      },
    });
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter above reads this instance
    const push = this;
  }

  static uninstall(): void {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(window, 'PushManager');
    Reflect.deleteProperty(window, 'Notification');
  }
}

describe('push notifications on the profile', () => {
  let service: PushEndpoint;
  let server: ApiServer;
  let off: ApiServer;

  beforeAll(async () => {
    service = await new PushEndpoint().start();
    [server, off] = await Promise.all([startApiServer({ env: VAPID_ENV }), startApiServer()]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), off.close(), service.stop()]);
  });
  afterEach(() => BrowserPush.uninstall());

  async function openProfile(api: ApiServer) {
    const browser = api.browser();
    const user = await browser.signIn();
    const app = await renderApp({ path: '/user/edit', apiUrl: api.apiUrl, fetch: browser.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
    return { ...app, account: user };
  }

  it('subscribes after the click, and the reminder arrives; turning it off forgets the device', async () => {
    const push = new BrowserPush(service);
    push.install();
    const { user, account } = await openProfile(server);
    const section = await screen.findByRole('region', { name: 'Push notifications' });
    const toggle = within(section).getByRole('checkbox', { name: 'Push notifications on this device' });
    expect(toggle).not.toBeChecked();
    // Nothing is asked on page load.
    expect(push.prompts).toBe(0);

    await user.click(toggle);
    expect(await within(section).findByText('Notifications are on for this device.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(push.prompts).toBe(1);
    const device = push.current;
    if (!device) throw new Error('no subscription');

    await server.t.app.services.push.sendReminder(account.id, { dueCount: 4, language: 'de' });
    expect(service.payloads(device.endpoint)).toEqual([
      {
        title: 'Zeit, deine Wörter zu wiederholen',
        body: '4 Wörter warten auf die Wiederholung',
        url: '/menu',
      },
    ]);

    await user.click(toggle);
    expect(await within(section).findByText('Notifications are off for this device.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(push.current).toBeNull();
    await server.t.app.services.push.sendReminder(account.id, { dueCount: 4, language: 'de' });
    expect(service.payloads(device.endpoint)).toHaveLength(1);
  });

  it('says clearly when the browser blocks notifications, and subscribes nothing', async () => {
    const push = new BrowserPush(service);
    push.answer = 'denied';
    push.install();
    const { user } = await openProfile(server);
    const section = await screen.findByRole('region', { name: 'Push notifications' });
    await user.click(within(section).getByRole('checkbox', { name: 'Push notifications on this device' }));
    expect(
      await within(section).findByText(/Notifications from Wordhoard are blocked in this browser/),
    ).toBeInTheDocument();
    expect(within(section).getByRole('checkbox')).not.toBeChecked();
    expect(push.current).toBeNull();
  });

  it('is not offered where the server has no key', async () => {
    new BrowserPush(service).install();
    const { queryClient } = await openProfile(off);
    // The server has answered that it has no key (not merely: not yet).
    await waitFor(() => expect(queryClient.getQueryData(pushKeys.key)).toEqual({ publicKey: null }));
    expect(screen.queryByRole('region', { name: 'Push notifications' })).toBeNull();
  });

  it('is not offered in a browser without push', async () => {
    await openProfile(server);
    await screen.findByRole('region', { name: 'Your data' });
    expect(screen.queryByRole('region', { name: 'Push notifications' })).toBeNull();
  });
});
