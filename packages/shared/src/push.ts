import { z } from 'zod';

/**
 * Web Push subscriptions (docs/decisions/0055-web-push.md): what a browser's
 * `PushSubscription.toJSON()` gives, checked for shape and size. Which push services' hosts are
 * acceptable depends on the deployment, so the server decides that (decision 0072).
 */

/** Push services' endpoints are a few hundred characters; this leaves room and bounds the row. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** base64url without padding (as browsers give it), with the padding tolerated. */
const base64Url = (bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`));
};

export const pushEndpointSchema = z
  .string()
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .pipe(z.url({ protocol: /^https?$/ }));

export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  /** Browsers send `expirationTime` too (null in practice); it is not kept. */
  expirationTime: z.number().nullish(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64Url(65),
    /** The shared authentication secret (16 bytes). */
    auth: base64Url(16),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** The server's VAPID public key (base64url), or null when push is not configured. */
export const pushKeySchema = z.object({ publicKey: z.string().nullable() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** The JSON a push carries to the service worker: what to show and where a click leads. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A same-origin path such as /menu. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
