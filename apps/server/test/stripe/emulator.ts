import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { obj, parseStripeForm, str, type FormObject } from './form';

/**
 * A stateful stand-in for the parts of the Stripe API Wordhoard uses, spoken over HTTP in
 * Stripe's own format (form-encoded requests, JSON objects, `{error}` bodies), so the app talks
 * to it through the official SDK unchanged. It also signs and delivers webhook events the way
 * Stripe does, and serves tiny checkout and portal pages for browser tests.
 */

type Json = Record<string, unknown>;
const PREMIUM_AMOUNT = 399;

export interface EmulatorOptions {
  webhookSecret: string;
  /** Where events are POSTed; unset means they are only recorded. */
  webhookUrl?: string;
  /** Deliver each event as it happens (tests that reorder events turn this off). */
  autoDeliver?: boolean;
  priceId?: string;
  productId?: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Json };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
  ) {
    super(message);
  }
}

export class StripeEmulator {
  readonly customers = new Map<string, Json>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly paymentIntents = new Map<string, { id: string; amount: number; amount_refunded: number }>();
  readonly refunds = new Map<string, Json>();
  readonly events: StripeEvent[] = [];
  readonly requests: { method: string; path: string }[] = [];
  readonly priceId: string;
  readonly productId: string;
  webhookUrl: string | undefined;
  autoDeliver: boolean;
  private offsetSeconds = 0;
  private server: Server | undefined;
  baseUrl = '';

  constructor(private readonly options: EmulatorOptions) {
    this.webhookUrl = options.webhookUrl;
    this.autoDeliver = options.autoDeliver ?? true;
    this.priceId = options.priceId ?? 'price_premium_monthly';
    this.productId = options.productId ?? 'prod_premium';
  }

  /** Stripe's clock, in seconds; tests move it with `advance`. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    this.baseUrl = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  // --- webhooks ------------------------------------------------------------------------------

  /** The `Stripe-Signature` header for `payload`, exactly as Stripe computes it. */
  signature(payload: string, secret = this.options.webhookSecret, timestamp = this.now()): string {
    const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  /** POSTs one event to the app, signed; answers the app's status code. */
  async deliver(event: StripeEvent, options: { secret?: string } = {}): Promise<number> {
    if (!this.webhookUrl) throw new Error('no webhookUrl configured');
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': this.signature(payload, options.secret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  private async emit(type: string, object: Json): Promise<StripeEvent> {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      created: this.now(),
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A snapshot: events carry the object as it was when they happened.
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    if (this.autoDeliver && this.webhookUrl) await this.deliver(event);
    return event;
  }

  // --- lifecycle (what Stripe does on its own) ------------------------------------------------

  private createInvoice(subscription: Json, periodStart: number, periodEnd: number): Json {
    const paymentIntent = { id: newId('pi'), amount: PREMIUM_AMOUNT, amount_refunded: 0 };
    this.paymentIntents.set(paymentIntent.id, paymentIntent);
    const invoice: Json = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'paid',
      currency: 'usd',
      amount_due: PREMIUM_AMOUNT,
      amount_paid: PREMIUM_AMOUNT,
      amount_remaining: 0,
      period_start: periodStart,
      period_end: periodEnd,
      created: this.now(),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      payments: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            status: 'paid',
            amount_paid: PREMIUM_AMOUNT,
            payment: { type: 'payment_intent', payment_intent: paymentIntent.id },
          },
        ],
      },
    };
    this.invoices.set(invoice.id as string, invoice);
    return invoice;
  }

  private item(subscription: Json): Json {
    return (subscription.items as { data: Json[] }).data[0] ?? {};
  }

  /** The customer pays: a subscription starts, an invoice is paid, and the events go out. */
  async completeCheckout(sessionId: string): Promise<Json> {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status === 'complete') return session;
    const start = this.now();
    const end = addMonth(start);
    const subscription: Json = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: 'usd',
      metadata: obj(session.subscription_data as FormObject).metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
            price: {
              id: session.price,
              object: 'price',
              product: this.productId,
              unit_amount: PREMIUM_AMOUNT,
              currency: 'usd',
              recurring: { interval: 'month', interval_count: 1 },
            },
          },
        ],
      },
      latest_invoice: null,
    };
    const invoice = this.createInvoice(subscription, start, end);
    subscription.latest_invoice = invoice.id;
    this.subscriptions.set(subscription.id as string, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    await this.emit('checkout.session.completed', session);
    await this.emit('customer.subscription.created', subscription);
    await this.emit('invoice.paid', invoice);
    return session;
  }

  /** Moves Stripe's clock: periods renew (a new paid invoice) or, when cancelled, end. */
  async advance(seconds: number): Promise<void> {
    this.offsetSeconds += seconds;
    for (const subscription of this.subscriptions.values()) {
      const item = this.item(subscription);
      while (subscription.status === 'active' && (item.current_period_end as number) <= this.now()) {
        if (subscription.cancel_at_period_end) {
          Object.assign(subscription, {
            status: 'canceled',
            ended_at: item.current_period_end,
            canceled_at: this.now(),
          });
          await this.emit('customer.subscription.deleted', subscription);
          break;
        }
        const start = item.current_period_end as number;
        const end = addMonth(start);
        Object.assign(item, { current_period_start: start, current_period_end: end });
        const invoice = this.createInvoice(subscription, start, end);
        subscription.latest_invoice = invoice.id;
        await this.emit('invoice.paid', invoice);
        await this.emit('customer.subscription.updated', subscription);
      }
    }
  }

  // --- HTTP ----------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.baseUrl);
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: url.pathname });
    try {
      if (url.pathname.startsWith('/v1/')) {
        if (!/^Bearer sk_(test|live)_\S+$/.test(request.headers.authorization ?? '')) {
          throw new StripeApiError(401, 'Invalid API Key provided', 'invalid_request_error');
        }
        const params =
          method === 'GET' || method === 'DELETE'
            ? parseStripeForm(url.search.slice(1))
            : parseStripeForm(body);
        this.json(response, 200, await this.api(method, url.pathname.slice(4), params));
        return;
      }
      await this.pages(method, url, body, response);
    } catch (error) {
      if (error instanceof StripeApiError) {
        this.json(response, error.status, {
          error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) },
        });
        return;
      }
      this.json(response, 500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  private json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
  }

  private find(map: Map<string, Json>, id: string, kind: string): Json {
    const found = map.get(id);
    if (!found)
      throw new StripeApiError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', 'resource_missing');
    return found;
  }

  private async api(method: string, path: string, params: FormObject): Promise<Json> {
    // "subscriptions/sub_123" → route "subscriptions/:id", id "sub_123".
    const segments = path.split('/');
    const id = segments.find((segment) => /^[a-z]+(_test)?_[0-9a-f]+$/.test(segment));
    const route = `${method} ${segments.map((segment) => (segment === id ? ':id' : segment)).join('/')}`;
    switch (route) {
      case 'POST customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: str(params.email) ?? null,
          metadata: obj(params.metadata),
          created: this.now(),
        };
        this.customers.set(customer.id, customer);
        return customer;
      }
      case 'GET customers/:id':
        return this.find(this.customers, id ?? '', 'customer');
      case 'POST checkout/sessions': {
        const customer = str(params.customer);
        if (customer) this.find(this.customers, customer, 'customer');
        const lineItem = obj((params.line_items as FormObject[] | undefined)?.[0]);
        const price = str(lineItem.price);
        if (price !== this.priceId)
          throw new StripeApiError(
            400,
            `No such price: '${price ?? ''}'`,
            'invalid_request_error',
            'resource_missing',
          );
        if (str(params.mode) !== 'subscription')
          throw new StripeApiError(400, 'mode must be subscription here');
        const sessionId = newId('cs_test');
        const session: Json = {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer: customer ?? null,
          client_reference_id: str(params.client_reference_id) ?? null,
          metadata: obj(params.metadata),
          subscription_data: obj(params.subscription_data),
          subscription: null,
          success_url: str(params.success_url),
          cancel_url: str(params.cancel_url),
          price,
          url: `${this.baseUrl}/checkout/${sessionId}`,
          created: this.now(),
        };
        this.checkoutSessions.set(sessionId, session);
        return session;
      }
      case 'GET checkout/sessions/:id':
        return this.find(this.checkoutSessions, id ?? '', 'checkout.session');
      case 'GET subscriptions/:id':
        return this.find(this.subscriptions, id ?? '', 'subscription');
      case 'POST subscriptions/:id': {
        const subscription = this.find(this.subscriptions, id ?? '', 'subscription');
        if (subscription.status === 'canceled') {
          throw new StripeApiError(
            400,
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        const flag = str(params.cancel_at_period_end);
        if (flag !== undefined) {
          const cancel = flag === 'true';
          Object.assign(subscription, {
            cancel_at_period_end: cancel,
            cancel_at: cancel ? this.item(subscription).current_period_end : null,
            canceled_at: cancel ? this.now() : null,
          });
        }
        if (params.metadata)
          subscription.metadata = { ...obj(subscription.metadata as FormObject), ...obj(params.metadata) };
        await this.emit('customer.subscription.updated', subscription);
        return subscription;
      }
      case 'DELETE subscriptions/:id': {
        const subscription = this.find(this.subscriptions, id ?? '', 'subscription');
        if (subscription.status !== 'canceled') {
          Object.assign(subscription, { status: 'canceled', ended_at: this.now(), canceled_at: this.now() });
          await this.emit('customer.subscription.deleted', subscription);
        }
        return subscription;
      }
      case 'GET invoices/:id':
        return this.find(this.invoices, id ?? '', 'invoice');
      case 'POST refunds': {
        const intentId = str(params.payment_intent) ?? '';
        const intent = this.paymentIntents.get(intentId);
        if (!intent)
          throw new StripeApiError(
            404,
            `No such payment_intent: '${intentId}'`,
            'invalid_request_error',
            'resource_missing',
          );
        const amount = Number(str(params.amount) ?? intent.amount - intent.amount_refunded);
        if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - intent.amount_refunded) {
          throw new StripeApiError(
            400,
            `Refund amount (${amount}) is greater than unrefunded amount on charge`,
            'invalid_request_error',
            'amount_too_large',
          );
        }
        intent.amount_refunded += amount;
        const refund = {
          id: newId('re'),
          object: 'refund',
          amount,
          currency: 'usd',
          payment_intent: intentId,
          status: 'succeeded',
          created: this.now(),
        };
        this.refunds.set(refund.id, refund);
        return refund;
      }
      case 'POST billing_portal/sessions': {
        const customer = str(params.customer) ?? '';
        this.find(this.customers, customer, 'customer');
        const portalId = newId('bps');
        return {
          id: portalId,
          object: 'billing_portal.session',
          customer,
          return_url: str(params.return_url) ?? null,
          url: `${this.baseUrl}/portal/${portalId}?return=${encodeURIComponent(str(params.return_url) ?? '')}`,
          created: this.now(),
        };
      }
    }
    throw new StripeApiError(404, `Unrecognized request URL (${method}: /v1/${path}).`);
  }

  /** Browser pages: a one-button checkout and a portal that only links back. */
  private async pages(method: string, url: URL, _body: string, response: ServerResponse): Promise<void> {
    const checkout = /^\/checkout\/([\w]+)(\/pay)?$/.exec(url.pathname);
    if (checkout) {
      const session = this.checkoutSessions.get(checkout[1] ?? '');
      if (!session) throw new StripeApiError(404, 'No such checkout session');
      if (method === 'POST' && checkout[2]) {
        await this.completeCheckout(session.id as string);
        const target = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id as string);
        response.writeHead(303, { location: target });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>Stripe Checkout (emulator)</title></head><body>` +
          `<main><h1>Wordhoard Premium</h1><p>$3.99 per month</p>` +
          `<form method="post" action="/checkout/${session.id as string}/pay"><button type="submit">Pay</button></form>` +
          `<a href="${String(session.cancel_url)}">Cancel</a></main></body></html>`,
      );
      return;
    }
    if (url.pathname.startsWith('/portal/')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>Billing portal (emulator)</title></head><body>` +
          `<main><h1>Billing portal</h1><a href="${url.searchParams.get('return') ?? '/'}">Return to Wordhoard</a></main></body></html>`,
      );
      return;
    }
    if (method === 'POST' && url.pathname.startsWith('/_emulator/checkout/')) {
      const session = await this.completeCheckout(url.pathname.split('/')[3] ?? '');
      this.json(response, 200, session);
      return;
    }
    throw new StripeApiError(404, 'Not found');
  }
}
