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
import {
  PushEndpointError,
  isAllowedPushEndpoint,
  postToPushService,
  systemResolveHost,
  type PushEndpointPolicy,
  type ResolveHost,
} from './push-endpoints';
import type { PushRepository, StoredPushSubscription } from './push.repository';

/** How long a push service keeps an undelivered reminder: one that arrives hours late is noise. */
export const PUSH_TTL_SECONDS = 4 * 60 * 60;
/** A newer reminder replaces one the push service still holds for an offline device (RFC 8030 §5.4). */
export const PUSH_TOPIC = 'daily-reminder';
/** The devices kept per account; a subscription beyond that forgets the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;
/** Where a click on the reminder leads (same origin; the service worker resolves it). */
export const REMINDER_URL = '/menu';
/** How long one push may take, from the lookup to the answer's status line. */
export const SEND_TIMEOUT_MS = 10_000;

/** What R's reminder job calls (apps/server/src/features/reminders): one push per device. */
export interface PushSender {
  sendReminder(userId: string, reminder: { dueCount: number; language: string }): Promise<void>;
}

/** How pushes reach the network; tests give a resolver of their own and a short timeout. */
export interface PushTransport {
  resolveHost: ResolveHost;
  timeoutMs: number;
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
 * the reminder job uses. web-push signs and encrypts; the request itself goes out through
 * push-endpoints.ts, which connects only to public addresses of an allowed push service
 * (decision 0072).
 */
export class PushService implements PushSender {
  private readonly transport: PushTransport;

  constructor(
    private readonly deps: {
      repository: PushRepository;
      config: Pick<Config, 'push' | 'pushEndpoints'>;
      clock: () => Date;
      log: FastifyBaseLogger;
      transport?: Partial<PushTransport>;
    },
  ) {
    this.transport = {
      resolveHost: deps.transport?.resolveHost ?? systemResolveHost,
      timeoutMs: deps.transport?.timeoutMs ?? SEND_TIMEOUT_MS,
    };
  }

  private get policy(): PushEndpointPolicy {
    return this.deps.config.pushEndpoints;
  }

  get available(): boolean {
    return this.deps.config.push !== undefined;
  }

  publicKey(): PushKey {
    return { publicKey: this.deps.config.push?.publicKey ?? null };
  }

  async subscribe(caller: Caller, body: PushSubscriptionBody): Promise<void> {
    if (!this.available) throw new AppError('PUSH_UNAVAILABLE');
    const { userId } = await caller.session();
    if (!isAllowedPushEndpoint(body.endpoint, this.policy)) throw new AppError('PUSH_ENDPOINT_NOT_ALLOWED');
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
    const url = URL.parse(subscription.endpoint);
    // Only the origin is logged: the full URL is a capability (decision 0055).
    const origin = url?.origin;
    try {
      // Again when sending: the row may predate these rules, or the allowed hosts have changed.
      if (!url || !isAllowedPushEndpoint(subscription.endpoint, this.policy))
        throw new PushEndpointError(
          'ERR_PUSH_ENDPOINT_NOT_ALLOWED',
          'not a push service this server posts to',
        );
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
      const status = await postToPushService(
        url,
        {
          headers: Object.fromEntries(
            // web-push gives TTL and Content-Length as numbers.
            Object.entries(request.headers as Record<string, string | number>).map(([name, value]) => [
              name,
              String(value),
            ]),
          ),
          body: new Uint8Array(request.body),
        },
        this.transport,
      );
      if (status === 404 || status === 410) {
        await this.deps.repository.deleteById(subscription.id);
        this.deps.log.info({ origin, status }, 'push subscription expired; removed');
      } else if (status < 200 || status > 299) {
        this.deps.log.warn({ origin, status }, 'push service refused a reminder');
      }
    } catch (error) {
      this.deps.log.warn({ err: error, origin }, 'push reminder not delivered');
    }
  }
}
