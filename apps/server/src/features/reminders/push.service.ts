import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import {
  interpolate,
  isLanguage,
  loadMessages,
  type Language,
  type PushKey,
  type PushPayload,
  type PushSubscriptionBody,
  type PushUnsubscribeBody,
} from '@wordhoard/shared';
import type { Config } from '../../config/config';
import type { Caller } from '../../domain/caller';
import { AppError } from '../../domain/errors';
import type { PushRepository, StoredPushSubscription } from './push.repository';

/** How long a push service keeps an undelivered reminder: one that arrives hours late is noise. */
export const PUSH_TTL_SECONDS = 4 * 60 * 60;
/** A newer reminder replaces one the push service still holds for an offline device (RFC 8030 §5.4). */
export const PUSH_TOPIC = 'daily-reminder';
/** The devices kept per account; a subscription beyond that forgets the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;
/** Where a click on the reminder leads (same origin; the service worker resolves it). */
export const REMINDER_URL = '/menu';
const SEND_TIMEOUT_MS = 10_000;

/** What R's reminder job calls (apps/server/src/features/reminders): one push per device. */
export interface PushSender {
  sendReminder(userId: string, reminder: { dueCount: number; language: string }): Promise<void>;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may post to `endpoint`. In production only https to a host name (a push
 * service; never an IP literal or a local name, so a subscription cannot aim the server at its own
 * network); elsewhere also http to this machine, for the test push service (decision 0055).
 */
export function isAllowedPushEndpoint(endpoint: string, env: Config['env']): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (env !== 'production' && LOOPBACK_NAMES.has(host))
    return url.protocol === 'http:' || url.protocol === 'https:';
  if (url.protocol !== 'https:') return false;
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0 || !host.includes('.')) return false;
  return !/\.(localhost|local|internal|lan|home\.arpa)$/.test(host);
}

/** The localized reminder: the title and the plural form of the body for `dueCount`. */
export async function reminderPayload(language: Language, dueCount: number): Promise<PushPayload> {
  const { push } = await loadMessages(language);
  const form = new Intl.PluralRules(language).select(dueCount);
  const body =
    form === 'one' || form === 'few' || form === 'many'
      ? push[`reminderBody_${form}`]
      : push.reminderBody_other;
  return { title: push.reminderTitle, body: interpolate(body, { count: dueCount }), url: REMINDER_URL };
}

/**
 * Web Push (VAPID, RFC 8030/8291/8292) for reminders: the caller's subscriptions, and the sender
 * the reminder job uses. web-push signs and encrypts; the request itself goes out with fetch, so
 * the same code reaches a push service and the test's one on 127.0.0.1 (web-push's own sender
 * speaks https only).
 */
export class PushService implements PushSender {
  constructor(
    private readonly deps: {
      repository: PushRepository;
      config: Pick<Config, 'env' | 'push'>;
      clock: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  get available(): boolean {
    return this.deps.config.push !== undefined;
  }

  publicKey(): PushKey {
    return { publicKey: this.deps.config.push?.publicKey ?? null };
  }

  async subscribe(caller: Caller, body: PushSubscriptionBody): Promise<void> {
    if (!this.available) throw new AppError('PUSH_UNAVAILABLE');
    const { userId } = await caller.session();
    if (!isAllowedPushEndpoint(body.endpoint, this.deps.config.env)) throw new AppError('VALIDATION_ERROR');
    await this.deps.repository.upsert(
      userId,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      this.deps.clock(),
      MAX_PUSH_SUBSCRIPTIONS_PER_USER,
    );
  }

  /** Forgets the caller's subscription (also when push is off: nothing is sent anyway). */
  async unsubscribe(caller: Caller, body: PushUnsubscribeBody): Promise<void> {
    const { userId } = await caller.session();
    await this.deps.repository.deleteForUser(userId, body.endpoint);
  }

  /**
   * One reminder to each of the user's devices. A device the push service no longer knows (404,
   * 410) is forgotten; any other failure is logged and never thrown into the job.
   */
  async sendReminder(userId: string, reminder: { dueCount: number; language: string }): Promise<void> {
    const vapid = this.deps.config.push;
    if (!vapid) return;
    try {
      const subscriptions = await this.deps.repository.listForUser(userId);
      if (subscriptions.length === 0) return;
      const language: Language = isLanguage(reminder.language) ? reminder.language : 'en';
      const payload = JSON.stringify(await reminderPayload(language, reminder.dueCount));
      await Promise.all(subscriptions.map((subscription) => this.deliver(subscription, payload, vapid)));
    } catch (error) {
      this.deps.log.error({ err: error, userId }, 'push reminder failed');
    }
  }

  private async deliver(
    subscription: StoredPushSubscription,
    payload: string,
    vapid: NonNullable<Config['push']>,
  ): Promise<void> {
    const origin = new URL(subscription.endpoint).origin;
    try {
      const request = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'normal',
          topic: PUSH_TOPIC,
          contentEncoding: 'aes128gcm',
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(
          // web-push gives TTL and Content-Length as numbers.
          Object.entries(request.headers as Record<string, string | number>).map(([name, value]) => [
            name,
            String(value),
          ]),
        ),
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await this.deps.repository.deleteById(subscription.id);
        this.deps.log.info({ origin, status: response.status }, 'push subscription expired; removed');
      } else if (!response.ok) {
        this.deps.log.warn({ origin, status: response.status }, 'push service refused a reminder');
      }
    } catch (error) {
      this.deps.log.warn({ err: error, origin }, 'push reminder not delivered');
    }
  }
}
