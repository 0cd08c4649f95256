// Reminders: the one-click unsubscribe of a reminder mail and Web Push subscriptions
// (docs/decisions/0054-reminders.md). Served by features/reminders.
import type { Role } from '../constants';
import { pushKeySchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from '../push';
import { reminderTokenQuerySchema } from '../schemas/reminders';
import { endpoint, type Endpoint } from './endpoint';

/** Push reminders are for accounts that finished sign-up, never for guests. */
const PUSH_ROLES = ['user', 'premium', 'developer', 'friend'] as const satisfies readonly Role[];

export const reminderEndpoints = {
  unsubscribeReminders: endpoint({
    method: 'POST',
    path: '/reminders/unsubscribe',
    access: 'public',
    tag: 'users',
    summary: 'One-click unsubscribe from e-mail reminders (RFC 8058), by the token of the mail',
    query: reminderTokenQuerySchema,
    status: 200,
    response: null,
  }),
  pushKey: endpoint({
    method: 'GET',
    path: '/push/key',
    access: 'public',
    tag: 'push',
    summary: "The server's VAPID public key for Web Push, or null when push is not configured",
    status: 200,
    response: pushKeySchema,
  }),
  subscribePush: endpoint({
    method: 'POST',
    path: '/push/subscriptions',
    access: 'member',
    roles: PUSH_ROLES,
    tag: 'push',
    summary:
      "Keep this browser's push subscription for reminders (the same endpoint from another account moves to the caller)",
    body: pushSubscriptionBodySchema,
    status: 204,
    response: null,
  }),
  unsubscribePush: endpoint({
    method: 'DELETE',
    path: '/push/subscriptions',
    access: 'member',
    roles: PUSH_ROLES,
    tag: 'push',
    summary:
      "Forget one of the caller's push subscriptions by its endpoint (204 whether or not it was there)",
    body: pushUnsubscribeBodySchema,
    status: 204,
    response: null,
  }),
} as const satisfies Record<string, Endpoint>;
