/**
 * A stand-in for Stripe on 127.0.0.1, for the calls Fairdraw makes through the official SDK (pointed at it by
 * STRIPE_API_URL): customers, products, prices (by lookup key), Checkout Sessions, Customer Portal sessions,
 * subscriptions and invoices. Every request's parameters and every answer are checked against Stripe's published
 * OpenAPI description (stripe-openapi.ts), so it cannot drift from Stripe: what it finds wrong is kept in
 * `problems` (tests assert there are none) and answered as a 500.
 *
 * It also plays Stripe's side of a purchase: a hosted checkout page a browser completes (or a test, `pay`),
 * then the webhook events Stripe would send, signed with the SDK's own test-signature helper and delivered to
 * the app (`deliver`). Renewals that fail, retries given up, late payments and cancellations are switched on by
 * the test. Events are kept in `sent`, to be delivered again or out of order.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { stripeSpec } from "./stripe-openapi";

type Obj = Record<string, unknown> & { id: string };
type Answer = { status: number; body: unknown };

export const STANDIN_SECRET_KEY = "sk_test_fairdraw_standin";
export const STANDIN_WEBHOOK_SECRET = "whsec_fairdraw_standin";

const signer = new Stripe(STANDIN_SECRET_KEY);

/** The routes the app calls, as the description names them (its path templates). */
const ROUTES: { method: string; template: string; pattern: RegExp }[] = [
  { method: "POST", template: "/v1/customers", pattern: /^\/v1\/customers$/ },
  { method: "POST", template: "/v1/products", pattern: /^\/v1\/products$/ },
  { method: "GET", template: "/v1/products/{id}", pattern: /^\/v1\/products\/([^/]+)$/ },
  { method: "POST", template: "/v1/products/{id}", pattern: /^\/v1\/products\/([^/]+)$/ },
  { method: "GET", template: "/v1/prices", pattern: /^\/v1\/prices$/ },
  { method: "POST", template: "/v1/prices", pattern: /^\/v1\/prices$/ },
  { method: "POST", template: "/v1/checkout/sessions", pattern: /^\/v1\/checkout\/sessions$/ },
  { method: "POST", template: "/v1/billing_portal/sessions", pattern: /^\/v1\/billing_portal\/sessions$/ },
  {
    method: "GET",
    template: "/v1/subscriptions/{subscription_exposed_id}",
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
  },
  { method: "GET", template: "/v1/invoices", pattern: /^\/v1\/invoices$/ },
];

function notFound(param: string, id: string): Answer {
  return {
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${param}: '${id}'`,
        param,
      },
    },
  };
}

function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class StripeStandIn {
  server!: Server;
  url = "";
  readonly problems: string[] = [];
  /** Every API call the app made: method, path template, parameters. */
  readonly calls: { method: string; template: string; params: Record<string, unknown> }[] = [];
  readonly customers = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  /** Every event sent, in order. */
  readonly sent: Stripe.Event[] = [];
  /** Where events go: the app's webhook; answers its HTTP status. Set by the test. */
  deliver: (body: string, signature: string) => Promise<number> = async () => {
    throw new Error("StripeStandIn.deliver is not set");
  };
  /** Seconds since the epoch, as Stripe stamps objects and signatures (a test with a clock sets it). */
  now: () => number = () => Math.floor(Date.now() / 1000);
  private n = 0;

  private id(prefix: string): string {
    this.n += 1;
    return `${prefix}_standin${String(this.n).padStart(6, "0")}`;
  }

  async start(): Promise<this> {
    stripeSpec();
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        this.problems.push(`stand-in crashed: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    // The browser on the hosted pages asks for an icon; Stripe's pages have one, the stand-in none.
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    if (url.pathname.startsWith("/pay/") || url.pathname.startsWith("/portal/")) {
      return this.page(method, url, text, res);
    }
    const route = ROUTES.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) {
      this.problems.push(`the app called ${method} ${url.pathname}, which the stand-in does not serve`);
      return send(res, 404, notFound("path", url.pathname));
    }
    if (req.headers.authorization !== `Bearer ${STANDIN_SECRET_KEY}`) {
      this.problems.push(`${method} ${url.pathname} without the secret key`);
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
    const raw = method === "GET" ? url.search.slice(1) : text;
    const params = parseForm(raw);
    const wrong = stripeSpec().checkRequest(route.template, method, structuredClone(params));
    if (wrong.length) {
      this.problems.push(...wrong);
      return send(res, 500, { error: { type: "api_error", message: wrong.join("; ") } });
    }
    this.calls.push({ method, template: route.template, params });
    const arg = decodeURIComponent(url.pathname.match(route.pattern)?.[1] ?? "");
    const answer = this.answer(`${method} ${route.template}`, arg, params, req.headers["idempotency-key"]);
    const bad = stripeSpec().checkAnswer(route.template, method, answer.status, answer.body);
    if (bad.length) {
      this.problems.push(...bad);
      return send(res, 500, { error: { type: "api_error", message: bad.join("; ") } });
    }
    send(res, answer.status, answer.body);
  }

  private readonly idempotent = new Map<string, Answer>();

  private answer(route: string, arg: string, p: Record<string, unknown>, key: unknown): Answer {
    if (typeof key === "string" && route.startsWith("POST")) {
      const seen = this.idempotent.get(`${route} ${key}`);
      if (seen) return seen;
      const answer = this.answerOnce(route, arg, p);
      this.idempotent.set(`${route} ${key}`, answer);
      return answer;
    }
    return this.answerOnce(route, arg, p);
  }

  private answerOnce(route: string, arg: string, p: Record<string, unknown>): Answer {
    const now = this.now();
    switch (route) {
      case "POST /v1/customers": {
        const c: Obj = {
          id: this.id("cus"),
          object: "customer",
          created: now,
          livemode: false,
          email: (p.email as string) ?? null,
          name: (p.name as string) ?? null,
          metadata: (p.metadata as object) ?? {},
          preferred_locales: (p.preferred_locales as string[]) ?? [],
        };
        this.customers.set(c.id, c);
        return { status: 200, body: c };
      }
      case "POST /v1/products": {
        const id = (p.id as string) ?? this.id("prod");
        if (this.products.has(id)) {
          return {
            status: 400,
            body: { error: { type: "invalid_request_error", code: "resource_already_exists", param: "id" } },
          };
        }
        const product: Obj = {
          id,
          object: "product",
          active: true,
          created: now,
          updated: now,
          images: [],
          livemode: false,
          metadata: (p.metadata as object) ?? {},
          name: p.name,
        };
        this.products.set(id, product);
        return { status: 200, body: product };
      }
      case "GET /v1/products/{id}": {
        const product = this.products.get(arg);
        return product ? { status: 200, body: product } : notFound("product", arg);
      }
      case "POST /v1/products/{id}": {
        const product = this.products.get(arg);
        if (!product) return notFound("product", arg);
        if (typeof p.name === "string") product.name = p.name;
        if (p.active !== undefined) product.active = p.active === "true" || p.active === true;
        product.updated = now;
        return { status: 200, body: product };
      }
      case "GET /v1/prices": {
        const keys = (p.lookup_keys as string[] | undefined) ?? [];
        const data = [...this.prices.values()].filter(
          (x) => (keys.length === 0 || keys.includes(x.lookup_key as string)) && x.active === true,
        );
        return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/prices" } };
      }
      case "POST /v1/prices": {
        const key = p.lookup_key as string | undefined;
        const taken = [...this.prices.values()].find((x) => key && x.lookup_key === key);
        if (taken && p.transfer_lookup_key !== "true") {
          return {
            status: 400,
            body: {
              error: { type: "invalid_request_error", message: "lookup_key in use", param: "lookup_key" },
            },
          };
        }
        if (taken) taken.lookup_key = null;
        const recurring = p.recurring as { interval: string } | undefined;
        const unit = Number(p.unit_amount);
        const price: Obj = {
          id: this.id("price"),
          object: "price",
          active: true,
          billing_scheme: "per_unit",
          created: now,
          currency: p.currency,
          custom_unit_amount: null,
          livemode: false,
          lookup_key: key ?? null,
          metadata: (p.metadata as object) ?? {},
          nickname: null,
          product: p.product,
          recurring: recurring
            ? {
                aggregate_usage: null,
                interval: recurring.interval,
                interval_count: 1,
                trial_period_days: null,
                usage_type: "licensed",
              }
            : null,
          tax_behavior: "unspecified",
          tiers_mode: null,
          transform_quantity: null,
          type: recurring ? "recurring" : "one_time",
          unit_amount: unit,
          unit_amount_decimal: String(unit),
        };
        this.prices.set(price.id, price);
        return { status: 200, body: price };
      }
      case "POST /v1/checkout/sessions": {
        const items = p.line_items as { price: string; quantity: string }[];
        const price = this.prices.get(items[0]?.price ?? "");
        if (!price) return notFound("price", items[0]?.price ?? "");
        if (!this.customers.has(p.customer as string)) return notFound("customer", p.customer as string);
        const id = this.id("cs_test");
        const session: Obj = {
          id,
          object: "checkout.session",
          amount_subtotal: price.unit_amount,
          amount_total: price.unit_amount,
          automatic_tax: { enabled: false, liability: null, status: null },
          cancel_url: p.cancel_url,
          client_reference_id: p.client_reference_id ?? null,
          created: now,
          currency: price.currency,
          custom_fields: [],
          custom_text: {
            after_submit: null,
            shipping_address: null,
            submit: null,
            terms_of_service_acceptance: null,
          },
          customer: p.customer,
          expires_at: now + 86_400,
          livemode: false,
          locale: p.locale ?? null,
          metadata: (p.metadata as object) ?? {},
          mode: p.mode,
          payment_method_types: ["card"],
          payment_status: "unpaid",
          shipping_options: [],
          status: "open",
          subscription: null,
          success_url: p.success_url,
          url: `${this.url}/pay/${id}`,
        };
        this.sessions.set(id, { ...session, _price: price.id, _sub_metadata: p.subscription_data ?? null });
        return { status: 200, body: session };
      }
      case "POST /v1/billing_portal/sessions": {
        if (!this.customers.has(p.customer as string)) return notFound("customer", p.customer as string);
        const id = this.id("bps");
        return {
          status: 200,
          body: {
            id,
            object: "billing_portal.session",
            configuration: "bpc_standin",
            created: now,
            customer: p.customer,
            flow: null,
            livemode: false,
            locale: p.locale ?? null,
            on_behalf_of: null,
            return_url: p.return_url ?? null,
            url: `${this.url}/portal/${id}?${new URLSearchParams({ return_url: String(p.return_url ?? "") })}`,
          },
        };
      }
      case "GET /v1/subscriptions/{subscription_exposed_id}": {
        const sub = this.subscriptions.get(arg);
        return sub ? { status: 200, body: sub } : notFound("subscription", arg);
      }
      case "GET /v1/invoices": {
        // Newest first, as Stripe lists them (the later one first within a second).
        const data = [...this.invoices.values()]
          .reverse()
          .filter((i) => i.customer === p.customer)
          .sort((a, b) => (b.created as number) - (a.created as number));
        return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/invoices" } };
      }
      default:
        throw new Error(`no answer for ${route}`);
    }
  }

  /** The hosted checkout page (GET), its Pay button (POST), and the portal's page. */
  private async page(method: string, url: URL, body: string, res: ServerResponse): Promise<void> {
    const portal = url.pathname.match(/^\/portal\/([^/]+)$/);
    if (portal) {
      const back = url.searchParams.get("return_url") ?? "";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Customer portal (stand-in)</title><h1>Customer portal</h1>` +
          `<a href="${html(back)}">Return to Fairdraw</a>`,
      );
      return;
    }
    const id = url.pathname.match(/^\/pay\/([^/]+)$/)?.[1] ?? "";
    const session = this.sessions.get(id);
    if (!session) {
      res.writeHead(404).end("no such checkout session");
      return;
    }
    if (method === "POST") {
      const action = new URLSearchParams(body).get("action");
      if (action === "cancel") {
        res.writeHead(303, { location: session.cancel_url as string }).end();
        return;
      }
      const back = await this.pay(id);
      res.writeHead(303, { location: back }).end();
      return;
    }
    const price = this.prices.get(session._price as string);
    const product = this.products.get(price?.product as string);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><title>Checkout (stand-in)</title><main><h1>Pay Fairdraw</h1>` +
        `<p id="item">${html(String(product?.name ?? ""))}</p>` +
        `<p id="amount">${html(String(price?.unit_amount))} ${html(String(price?.currency))}` +
        `${price?.recurring ? ` / ${html(String((price.recurring as { interval: string }).interval))}` : ""}</p>` +
        `<form method="post"><button name="action" value="pay">Pay</button>` +
        `<button name="action" value="cancel">Cancel</button></form></main></html>`,
    );
  }

  /** Completes a checkout as a paying customer would; answers the success address the browser goes to. */
  async pay(sessionId: string): Promise<string> {
    const session = this.sessions.get(sessionId);
    if (session?.status !== "open") throw new Error(`checkout ${sessionId} is not open`);
    const price = this.prices.get(session._price as string) as Obj;
    session.status = "complete";
    session.payment_status = "paid";
    const events: [string, Obj][] = [];
    if (session.mode === "subscription") {
      const sub = this.newSubscription(session.customer as string, price, session._sub_metadata);
      session.subscription = sub.id;
      events.push(["customer.subscription.created", sub]);
      const invoice = this.newInvoice(sub, "paid");
      events.push(["invoice.paid", invoice]);
    }
    events.push(["checkout.session.completed", publicSession(session)]);
    for (const [type, object] of events) await this.send(type, object);
    return String(session.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId);
  }

  private newSubscription(customer: string, price: Obj, subscriptionData: unknown): Obj {
    const now = this.now();
    const id = this.id("sub");
    const yearly = (price.recurring as { interval: string }).interval === "year";
    const meta = (subscriptionData as { metadata?: object } | null)?.metadata ?? {};
    const sub: Obj = {
      id,
      object: "subscription",
      application: null,
      automatic_tax: { enabled: false, liability: null },
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: "charge_automatically",
      created: now,
      currency: price.currency,
      current_period_end: now + (yearly ? 365 : 30) * 86_400,
      current_period_start: now,
      customer,
      latest_invoice: null,
      livemode: false,
      metadata: meta,
      start_date: now,
      status: "active",
      items: {
        object: "list",
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: this.id("si"),
            object: "subscription_item",
            created: now,
            metadata: {},
            price,
            quantity: 1,
            subscription: id,
            tax_rates: [],
          },
        ],
      },
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  private newInvoice(sub: Obj, status: "paid" | "open"): Obj {
    const now = this.now();
    const amount = ((sub.items as { data: { price: Obj }[] }).data[0]?.price.unit_amount as number) ?? 0;
    const id = this.id("in");
    const paid = status === "paid";
    const invoice: Obj = {
      id,
      object: "invoice",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      amount_shipping: 0,
      attempt_count: 1,
      attempted: true,
      automatic_tax: { enabled: false, liability: null, status: null },
      collection_method: "charge_automatically",
      created: now,
      currency: sub.currency,
      customer: sub.customer,
      default_tax_rates: [],
      hosted_invoice_url: `${this.url}/invoice/${id}`,
      lines: { object: "list", data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      number: `FD-${String(this.invoices.size + 1).padStart(4, "0")}`,
      paid,
      paid_out_of_band: false,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: sub.current_period_end,
      period_start: sub.current_period_start,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      starting_balance: 0,
      status,
      status_transitions: {
        finalized_at: now,
        marked_uncollectible_at: null,
        paid_at: paid ? now : null,
        voided_at: null,
      },
      subscription: sub.id,
      subtotal: amount,
      total: amount,
      total_tax_amounts: [],
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  /** A renewal whose card is declined: an open invoice, the subscription past_due. */
  async failRenewal(subId: string): Promise<Stripe.Event[]> {
    const sub = this.subscription(subId);
    sub.status = "past_due";
    const invoice = this.newInvoice(sub, "open");
    return [
      await this.send("invoice.payment_failed", invoice),
      await this.send("customer.subscription.updated", sub),
    ];
  }

  /** Stripe's retries all failed: the subscription is unpaid. */
  async giveUpRetries(subId: string): Promise<Stripe.Event[]> {
    const sub = this.subscription(subId);
    sub.status = "unpaid";
    return [await this.send("customer.subscription.updated", sub)];
  }

  /** The open invoice paid (a new card in the portal): the subscription active again. */
  async payOpenInvoice(subId: string): Promise<Stripe.Event[]> {
    const sub = this.subscription(subId);
    const invoice = [...this.invoices.values()].find((i) => i.subscription === subId && i.status === "open");
    if (!invoice) throw new Error(`no open invoice for ${subId}`);
    Object.assign(invoice, {
      status: "paid",
      paid: true,
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
    });
    (invoice.status_transitions as Record<string, unknown>).paid_at = this.now();
    sub.status = "active";
    return [await this.send("invoice.paid", invoice), await this.send("customer.subscription.updated", sub)];
  }

  /** The subscription canceled (in the portal, or by Stripe at the end of its retries). */
  async cancel(subId: string): Promise<Stripe.Event[]> {
    const sub = this.subscription(subId);
    Object.assign(sub, { status: "canceled", canceled_at: this.now(), ended_at: this.now() });
    return [await this.send("customer.subscription.deleted", sub)];
  }

  subscription(subId: string): Obj {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    return sub;
  }

  /** An event as Stripe writes it (checked against the description), signed and delivered; answers the event. */
  async send(type: string, object: Obj): Promise<Stripe.Event> {
    const event = {
      id: this.id("evt"),
      object: "event",
      api_version: "2024-06-20",
      created: this.now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    const component = String(object.object);
    this.problems.push(
      ...stripeSpec().checkObject("event", event),
      ...stripeSpec().checkObject(component, object),
    );
    this.sent.push(event);
    await this.deliverEvent(event);
    return event;
  }

  /** Delivers an event (again, or one kept back) signed as Stripe signs; answers the app's status. */
  async deliverEvent(event: Stripe.Event, secret = STANDIN_WEBHOOK_SECRET): Promise<number> {
    const body = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      timestamp: this.now(),
    });
    const status = await this.deliver(body, signature);
    if (status !== 200 && secret === STANDIN_WEBHOOK_SECRET)
      this.problems.push(`the app answered ${status} to ${event.type} ${event.id}`);
    return status;
  }
}

/**
 * Stripe's form encoding read back (what the SDK writes: `a[b][0][c]=v`, lists with their indexes) into the
 * nested object the description's schemas describe; every value is text, as on the wire.
 */
export function parseForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, "").split("[");
    let at: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) at[part] = value;
      else {
        at[part] ??= {};
        at = at[part] as Record<string, unknown>;
      }
    });
  }
  const lists = (node: unknown): unknown => {
    if (!node || typeof node !== "object") return node;
    const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, lists(v)] as const);
    const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
    return indexed
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v)
      : Object.fromEntries(entries);
  };
  return lists(root) as Record<string, unknown>;
}

/** The session as Stripe shows it (without the stand-in's own bookkeeping). */
function publicSession(session: Obj): Obj {
  const { _price, _sub_metadata, ...shown } = session;
  return shown as Obj;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": "req_standin" });
  res.end(JSON.stringify(body));
}

/** Settings that point the app at the stand-in. */
export function standinStripeSettings(standin: StripeStandIn) {
  const url = new URL(standin.url);
  return {
    secretKey: STANDIN_SECRET_KEY,
    webhookSecret: STANDIN_WEBHOOK_SECRET,
    host: url.hostname,
    port: Number(url.port),
    protocol: "http" as const,
  };
}
