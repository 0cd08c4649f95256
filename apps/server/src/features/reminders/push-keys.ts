import webPush from 'web-push';

/** A new VAPID key pair as the .env lines that configure it (`npm run admin -- vapid-keys`). */
export function vapidKeyLines(): string {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return [`VAPID_PUBLIC_KEY=${publicKey}`, `VAPID_PRIVATE_KEY=${privateKey}`, 'VAPID_SUBJECT=mailto:'].join(
    '\n',
  );
}
