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
const DAY = 86_400;
const API_VERSION = '2026-10-28.endive';

/** Which requests a fault or a pause applies to: a method and a path such as `/v1/refunds`. */
export interface RequestMatch {
  method: string;
  path: string | RegExp;
}

/**
 * A fault for the next matching API requests: answer `status` with a Stripe error body (and
 * `headers`), or drop the connection `before` the request runs or `after` it ran (the answer is
 * lost, as when a process dies or a network breaks mid-request).
 */
export interface Fault {
  times?: number;
  status?: number;
  headers?: Record<string, string>;
  drop?: 'before' | 'after';
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface IdempotentEntry {
  endpoint: string;
  params: string;
  createdAt: number;
  /** Unset while the first request with the key is still running. */
  answer?: Answer;
}

/** Parameters compared by value, whatever order the form fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const matches = (match: RequestMatch, method: string, path: string) =>
  match.method === method && (typeof match.path === 'string' ? match.path === path : match.path.test(path));

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
  readonly requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  readonly priceId: string;
  readonly productId: string;
  webhookUrl: string | undefined;
  autoDeliver: boolean;
  private offsetSeconds = 0;
  private server: Server | undefined;
  /** Stripe's idempotency layer: results by account (API key) and Idempotency-Key. */
  private readonly idempotency = new Map<string, IdempotentEntry>();
  private readonly faults: { match: RequestMatch; fault: Fault; left: number }[] = [];
  private readonly pauses: { match: RequestMatch; reached: () => void; gate: Promise<void> }[] = [];
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
      api_version: API_VERSION,
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
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        `This Checkout Session is no longer active (status ${String(session.status)}).`,
      );
    }
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

  // --- faults and pauses (tests) ------------------------------------------------------------

  /** Makes the next `times` (1) requests matching `match` fail as `fault` says. */
  failNext(match: RequestMatch, fault: Fault): void {
    this.faults.push({ match, fault, left: fault.times ?? 1 });
  }

  /**
   * Holds matching API requests just before they run, until `release`; `reached` resolves
   * when the first one is held (so a test can act while it is in flight).
   */
  pause(match: RequestMatch): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const entry = { match, reached, gate };
    this.pauses.push(entry);
    return {
      reached: reachedPromise,
      release: () => {
        this.pauses.splice(this.pauses.indexOf(entry), 1);
        release();
      },
    };
  }

  private takeFault(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex((entry) => matches(entry.match, method, path));
    if (index === -1) return undefined;
    const entry = this.faults[index]!;
    entry.left -= 1;
    if (entry.left <= 0) this.faults.splice(index, 1);
    return entry.fault;
  }

  // --- HTTP ----------------------------------------------------------------------------------

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.baseUrl);
    const method = request.method ?? 'GET';
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const idempotencyKey = header('idempotency-key');
    this.requests.push({ method, path: url.pathname, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const version = header('stripe-version') ?? API_VERSION;
    try {
      if (url.pathname.startsWith('/v1/')) {
        const account = header('authorization') ?? '';
        if (!/^Bearer sk_(test|live)_\S+$/.test(account)) {
          throw new StripeApiError(401, 'Invalid API Key provided', 'invalid_request_error');
        }
        const fault = this.takeFault(method, url.pathname);
        if (fault?.drop === 'before') {
          request.socket.destroy();
          return;
        }
        if (fault?.status) {
          const type = fault.status >= 500 ? 'api_error' : 'invalid_request_error';
          this.json(
            response,
            fault.status,
            { error: { type, message: 'Injected fault' } },
            version,
            fault.headers,
          );
          return;
        }
        const params =
          method === 'GET' || method === 'DELETE'
            ? parseStripeForm(url.search.slice(1))
            : parseStripeForm(body);
        const path = url.pathname.slice(4);
        const run = () => this.execute(method, path, params);
        // Stripe: "All POST requests accept idempotency keys"; on GET and DELETE they do nothing.
        const answer =
          method === 'POST' && idempotencyKey !== undefined
            ? await this.idempotent(account, idempotencyKey, method, path, params, run)
            : await run();
        if (fault?.drop === 'after') {
          request.socket.destroy();
          return;
        }
        this.json(response, answer.status, answer.body, version, answer.headers);
        return;
      }
      await this.pages(method, url, body, response);
    } catch (error) {
      const answer = this.errorAnswer(error);
      this.json(response, answer.status, answer.body, version, answer.headers);
    }
  }

  private errorAnswer(error: unknown): Answer {
    if (error instanceof StripeApiError) {
      return {
        status: error.status,
        body: {
          error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) },
        },
        // Stripe tells its SDKs whether a retry could help; for a refused request it cannot.
        ...(error.status !== 409 ? { headers: { 'stripe-should-retry': 'false' } } : {}),
      };
    }
    return { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
  }

  /** Runs one API request; errors become Stripe's `{error}` answers. */
  private async execute(method: string, path: string, params: FormObject): Promise<Answer> {
    for (const pause of this.pauses.filter((entry) => matches(entry.match, method, `/v1/${path}`))) {
      pause.reached();
      await pause.gate;
    }
    try {
      return { status: 200, body: await this.api(method, path, params) };
    } catch (error) {
      return this.errorAnswer(error);
    }
  }

  /**
   * Stripe's idempotency layer (docs.stripe.com/api/idempotent_requests): the first request with
   * a key runs and its status and body are saved (errors included); a retry with the same
   * parameters gets the saved answer with `Idempotent-Replayed: true`; other parameters or
   * another endpoint answer 400 `idempotency_error`; a retry while the first still runs answers
   * 409 `idempotency_key_in_use` and saves nothing. Keys are per account and pruned after 24 h.
   */
  private async idempotent(
    account: string,
    key: string,
    method: string,
    path: string,
    params: FormObject,
    run: () => Promise<Answer>,
  ): Promise<Answer> {
    if (key.length > 255) {
      return this.errorAnswer(
        new StripeApiError(
          400,
          'Idempotency keys can be at most 255 characters long.',
          'invalid_request_error',
        ),
      );
    }
    const id = `${account}\n${key}`;
    const endpoint = `${method} /v1/${path}`;
    const values = canonical(params);
    const saved = this.idempotency.get(id);
    if (saved && saved.createdAt > this.now() - DAY) {
      if (!saved.answer) {
        return this.errorAnswer(
          new StripeApiError(
            409,
            `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
            'invalid_request_error',
            'idempotency_key_in_use',
          ),
        );
      }
      if (saved.endpoint !== endpoint) {
        return this.errorAnswer(
          new StripeApiError(
            400,
            `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${endpoint}' vs '${saved.endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
            'idempotency_error',
          ),
        );
      }
      if (saved.params !== values) {
        return this.errorAnswer(
          new StripeApiError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            'idempotency_error',
          ),
        );
      }
      return {
        ...saved.answer,
        headers: { ...saved.answer.headers, 'idempotency-key': key, 'idempotent-replayed': 'true' },
      };
    }
    const entry: IdempotentEntry = { endpoint, params: values, createdAt: this.now() };
    this.idempotency.set(id, entry);
    const answer = await run();
    entry.answer = answer;
    return { ...answer, headers: { ...answer.headers, 'idempotency-key': key } };
  }

  /** Stripe's answer framing: JSON, a request id and the API version, as Stripe sends them. */
  private json(
    response: ServerResponse,
    status: number,
    body: unknown,
    version = API_VERSION,
    headers: Record<string, string> = {},
  ): void {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': version,
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache, no-store',
      ...headers,
    });
    response.end(JSON.stringify(body));
  }

  private find(map: Map<string, Json>, id: string, kind: string): Json {
    const found = map.get(id);
    if (!found)
      throw new StripeApiError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', 'resource_missing');
    return found;
  }

  /** A list object, newest first like Stripe's. */
  private list(url: string, items: Json[]): Json {
    const limit = 10;
    const data = [...items].reverse();
    return { object: 'list', url, has_more: data.length > limit, data: data.slice(0, limit) };
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
      case 'GET checkout/sessions': {
        const customer = str(params.customer);
        const status = str(params.status);
        return this.list(
          '/v1/checkout/sessions',
          [...this.checkoutSessions.values()].filter(
            (session) =>
              (customer === undefined || session.customer === customer) &&
              (status === undefined || session.status === status),
          ),
        );
      }
      case 'POST checkout/sessions/:id/expire': {
        const session = this.find(this.checkoutSessions, id ?? '', 'checkout.session');
        if (session.status !== 'open') {
          throw new StripeApiError(
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          );
        }
        Object.assign(session, { status: 'expired', url: null, expires_at: this.now() });
        await this.emit('checkout.session.expired', session);
        return session;
      }
      case 'GET subscriptions/:id':
        return this.find(this.subscriptions, id ?? '', 'subscription');
      case 'GET subscriptions': {
        // Stripe: without `status`, every subscription that has not been canceled.
        const customer = str(params.customer);
        const status = str(params.status);
        return this.list(
          '/v1/subscriptions',
          [...this.subscriptions.values()].filter(
            (subscription) =>
              (customer === undefined || subscription.customer === customer) &&
              (status === 'all' ||
                (status === undefined ? subscription.status !== 'canceled' : subscription.status === status)),
          ),
        );
      }
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
      case 'GET refunds': {
        const intent = str(params.payment_intent);
        return this.list(
          '/v1/refunds',
          [...this.refunds.values()].filter(
            (refund) => intent === undefined || refund.payment_intent === intent,
          ),
        );
      }
      case 'GET refunds/:id':
        return this.find(this.refunds, id ?? '', 'refund');
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
          metadata: obj(params.metadata),
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
      if (session.status === 'expired') {
        // What Stripe's hosted page shows for a session that was replaced or timed out.
        response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="en"><head><title>Stripe Checkout (emulator)</title></head><body>` +
            `<main><h1>This checkout session has expired</h1>` +
            `<a href="${String(session.cancel_url)}">Return to Wordhoard</a></main></body></html>`,
        );
        return;
      }
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
