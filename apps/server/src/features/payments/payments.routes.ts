import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@wordhoard/shared';
import { route } from '../../http/route';
import type { PaymentsService } from './payments.service';
import type { RefundsService } from './refunds.service';
import type { StripeWebhooksService } from './webhooks.service';

export const WEBHOOK_PATH = '/stripe/webhook';

export function registerPaymentsRoutes(
  app: FastifyInstance,
  deps: { payments: PaymentsService; refunds: RefundsService; stripeWebhooks: StripeWebhooksService },
): void {
  const { payments, refunds, stripeWebhooks } = deps;
  route(app, 'plans', () => payments.plans());
  route(app, 'checkout', ({ caller }) => payments.checkout(caller));
  route(app, 'checkoutSession', ({ caller, params }) => payments.checkoutSession(caller, params.id));
  route(app, 'customerPortal', ({ caller }) => payments.portal(caller));
  route(app, 'cancelSubscription', ({ caller }) => payments.cancelAtPeriodEnd(caller));
  route(app, 'renewSubscription', ({ caller }) => payments.renew(caller));
  route(app, 'refundSubscription', ({ caller }) => refunds.refund(caller));

  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw.
  void app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      await stripeWebhooks.webhook(
        request.body as Buffer,
        Array.isArray(signature) ? signature[0] : signature,
      );
      return reply.code(200).send({ received: true });
    });
  });
}

export const webhookUrl = (origin: string) => `${origin}${API_PREFIX}${WEBHOOK_PATH}`;
