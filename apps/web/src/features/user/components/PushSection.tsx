import type { Role, User } from '@wordhoard/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Checkbox } from '../../../shared/ui';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { usePushCalls, usePushKey } from '../api/push';
import styles from '../screens/UserEditPage.module.css';

/** The roles the server keeps push subscriptions for (never guests; the contract's `subscribePush`). */
const PUSH_ROLES: readonly Role[] = ['user', 'premium', 'developer', 'friend'];

type Outcome = 'enabled' | 'disabled' | 'denied' | 'failed';

function browserSupportsPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * "Push notifications on this device" (docs/decisions/0055-web-push.md): shown only where the
 * browser can receive pushes (a service worker is registered) and the server has a VAPID key.
 * Permission is asked for only inside the click, never on page load; turning it off forgets the
 * subscription on the server and in the browser.
 */
export function PushSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const key = usePushKey();
  const { subscribePush, unsubscribePush } = usePushCalls();
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!browserSupportsPush()) return;
    const unmounted = new AbortController();
    void (async () => {
      // None in development and where service workers are blocked.
      const found = await navigator.serviceWorker.getRegistration();
      if (!found) return;
      const current = await found.pushManager.getSubscription();
      if (unmounted.signal.aborted) return;
      setRegistration(found);
      setSubscribed(current !== null);
      if (Notification.permission === 'denied') setOutcome('denied');
    })().catch(() => {
      // No push here after all: the option stays hidden.
    });
    return () => unmounted.abort();
  }, []);

  const publicKey = key.data?.publicKey;
  if (!PUSH_ROLES.includes(user.role) || !publicKey || !registration || subscribed === null) return null;

  async function turnOn(worker: ServiceWorkerRegistration, serverKey: string) {
    // First, inside the click: browsers allow the permission prompt only from a user gesture.
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setOutcome('denied');
      return;
    }
    setBusy(true);
    try {
      // One made with an older server key cannot be reused: start afresh.
      await (await worker.pushManager.getSubscription())?.unsubscribe();
      const subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(serverKey),
      });
      const json = subscription.toJSON();
      try {
        await subscribePush({
          endpoint: subscription.endpoint,
          expirationTime: json.expirationTime ?? null,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        });
      } catch (error) {
        await subscription.unsubscribe();
        throw error;
      }
      setSubscribed(true);
      setOutcome('enabled');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(worker: ServiceWorkerRegistration) {
    setBusy(true);
    try {
      const subscription = await worker.pushManager.getSubscription();
      if (subscription) {
        await unsubscribePush({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setSubscribed(false);
      setOutcome('disabled');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" className={styles.section} aria-labelledby="user-push-title">
      <h2 id="user-push-title" className={styles.sectionTitle}>
        {t('User.Push.Title')}
      </h2>
      <Checkbox
        label={t('User.Push.Label')}
        hint={t('User.Push.Hint')}
        checked={subscribed}
        disabled={busy}
        aria-busy={busy}
        onChange={(event) =>
          void (event.currentTarget.checked ? turnOn(registration, publicKey) : turnOff(registration))
        }
      />
      {outcome === 'enabled' && <Notice tone="success">{t('User.Push.Enabled')}</Notice>}
      {outcome === 'disabled' && <Notice>{t('User.Push.Disabled')}</Notice>}
      {outcome === 'denied' && <Notice>{t('User.Push.Denied')}</Notice>}
      {outcome === 'failed' && <Notice>{t('User.Push.Failed')}</Notice>}
    </Card>
  );
}
