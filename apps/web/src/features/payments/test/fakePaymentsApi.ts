import {
  PLAN_CURRENCY,
  PREMIUM_PRICE_PER_MONTH,
  ROLE_LIMITS,
  type Plan,
  type Subscription,
  type User,
} from '@wordhoard/shared';
import type { ServerResponse } from 'node:http';
import { makeUser } from '../../../test/fixtures';
import { sendJson, type TestServer } from '../../../test/testServer';

export const PERIOD_END = '2026-06-21T12:00:00.000Z';

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    currency: PLAN_CURRENCY,
    interval: 'month',
    productId: null,
    limits: ROLE_LIMITS.user,
  },
  {
    id: 'premium',
    name: 'Premium',
    price: PREMIUM_PRICE_PER_MONTH,
    currency: PLAN_CURRENCY,
    interval: 'month',
    productId: 'prod_premium',
    limits: ROLE_LIMITS.premium,
  },
];

export function freeUser(overrides: Partial<User> = {}): User {
  return makeUser({ role: 'user', limits: ROLE_LIMITS.user, ...overrides });
}

export function premiumUser(overrides: Partial<User['plan']> = {}, user: Partial<User> = {}): User {
  return makeUser({
    role: 'premium',
    limits: ROLE_LIMITS.premium,
    plan: {
      id: 'premium',
      name: 'Premium',
      pricePerMonth: PREMIUM_PRICE_PER_MONTH,
      nextPaymentDate: PERIOD_END,
      expiresAt: null,
      cancelAtPeriodEnd: false,
      ...overrides,
    },
    ...user,
  });
}

/** What the fake API answers; tests change it between steps. */
export interface PaymentsApiState {
  user: User | null;
  /** The checkout answer: Stripe's URL, or the API's 503 when Stripe is not configured. */
  checkout: { url: string } | 'unavailable';
  /** The next GET /users/me answers the user from `upgradeOnMe` on (the webhook arrived). */
  upgradeOnMe?: number;
  refund: 'ok' | 'fail';
  portalUrl: string;
}

const error = (response: ServerResponse, status: number, code: string, message: string) => {
  sendJson(response, status, { statusCode: status, code, message });
};

function subscriptionOf(user: User): Subscription {
  return {
    status: 'active',
    cancelAtPeriodEnd: user.plan.cancelAtPeriodEnd,
    currentPeriodEnd: PERIOD_END,
    nextPaymentDate: user.plan.nextPaymentDate,
    expiresAt: user.plan.expiresAt,
  };
}

/**
 * The session and payments endpoints as the API answers them (DESIGN §3), over real HTTP.
 * Subscription changes update `state.user` the way the server's webhook handling would.
 */
export function servePaymentsApi(server: TestServer, state: PaymentsApiState): { meCalls: () => number } {
  let meCalls = 0;
  server.handle((request, _body, response) => {
    const route = `${request.method ?? ''} ${request.url?.split('?')[0] ?? ''}`;
    const { user } = state;
    if (route === 'GET /api/cookie/checkToken') {
      sendJson(response, 200, { isValid: user !== null });
    } else if (!user) {
      error(response, 401, 'UNAUTHORIZED', 'Please sign in to continue');
    } else {
      answer(route, user, response);
    }
  });

  function answer(route: string, user: User, response: ServerResponse) {
    switch (route) {
      case 'POST /api/cookie/refresh':
        response.writeHead(204).end();
        break;
      case 'DELETE /api/cookie/token':
        state.user = null;
        response.writeHead(204).end();
        break;
      case 'GET /api/users/me':
        meCalls += 1;
        if (state.upgradeOnMe !== undefined && meCalls >= state.upgradeOnMe && user.role !== 'premium') {
          state.user = premiumUser({}, { email: user.email, interfaceLanguage: user.interfaceLanguage });
        }
        sendJson(response, 200, state.user);
        break;
      case 'GET /api/stripe/plans':
        sendJson(response, 200, PLANS);
        break;
      case 'POST /api/stripe/session':
        if (state.checkout === 'unavailable') {
          error(response, 503, 'PAYMENTS_UNAVAILABLE', 'Payments are not available right now');
        } else {
          sendJson(response, 200, state.checkout);
        }
        break;
      case 'GET /api/stripe/customerPortal':
        sendJson(response, 200, { url: state.portalUrl });
        break;
      case 'PATCH /api/stripe/subscription/cancel':
        state.user = premiumUser({ cancelAtPeriodEnd: true, nextPaymentDate: null, expiresAt: PERIOD_END });
        sendJson(response, 200, subscriptionOf(state.user));
        break;
      case 'PATCH /api/stripe/subscription/renew':
        state.user = premiumUser();
        sendJson(response, 200, subscriptionOf(state.user));
        break;
      case 'POST /api/stripe/subscription/refund':
        if (state.refund === 'fail') {
          error(response, 502, 'SERVICE_UNAVAILABLE', 'The payment provider did not answer');
          break;
        }
        state.user = freeUser();
        sendJson(response, 200, {
          status: 'canceled',
          cancelAtPeriodEnd: false,
          currentPeriodEnd: PERIOD_END,
          nextPaymentDate: null,
          expiresAt: new Date().toISOString(),
        } satisfies Subscription);
        break;
      default:
        error(response, 404, 'ROUTE_NOT_FOUND', 'This address does not exist');
    }
  }
  return { meCalls: () => meCalls };
}
