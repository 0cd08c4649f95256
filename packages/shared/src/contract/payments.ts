// Plans and the Stripe subscription: checkout, portal, cancel, renew, refund. Served by
// features/payments.
import { urlSchema } from '../schemas/common';
import {
  checkoutBodySchema,
  checkoutSessionParamsSchema,
  checkoutSessionSchema,
  plansSchema,
  refundedSubscriptionSchema,
  subscriptionSchema,
} from '../schemas/payments';
import { endpoint, type Endpoint } from './endpoint';

export const paymentEndpoints = {
  plans: endpoint({
    method: 'GET',
    path: '/stripe/plans',
    access: 'public',
    tag: 'payments',
    summary: 'The plans and their limits',
    status: 200,
    response: plansSchema,
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/stripe/session',
    // Roles are checked by the service: premium answers 409 ALREADY_PREMIUM, not 403.
    access: 'member',
    tag: 'payments',
    summary: 'A Stripe Checkout session for Premium (role user)',
    body: checkoutBodySchema,
    status: 200,
    response: urlSchema,
  }),
  checkoutSession: endpoint({
    method: 'GET',
    path: '/stripe/session/:id',
    access: 'member',
    tag: 'payments',
    summary: "One of the caller's Checkout Sessions: open, complete or expired, and whether it is paid",
    params: checkoutSessionParamsSchema,
    status: 200,
    response: checkoutSessionSchema,
  }),
  customerPortal: endpoint({
    method: 'GET',
    path: '/stripe/customerPortal',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'A billing portal session',
    status: 200,
    response: urlSchema,
  }),
  cancelSubscription: endpoint({
    method: 'PATCH',
    path: '/stripe/subscription/cancel',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'Cancel at the end of the period',
    status: 200,
    response: subscriptionSchema,
  }),
  renewSubscription: endpoint({
    method: 'PATCH',
    path: '/stripe/subscription/renew',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'Undo a cancellation at period end',
    status: 200,
    response: subscriptionSchema,
  }),
  refundSubscription: endpoint({
    method: 'POST',
    path: '/stripe/subscription/refund',
    access: 'member',
    roles: ['premium'],
    tag: 'payments',
    summary: 'End now and refund the unused part',
    status: 200,
    response: refundedSubscriptionSchema,
  }),
} as const satisfies Record<string, Endpoint>;
