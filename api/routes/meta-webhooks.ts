/**
 * What Meta's platform calls (docs/decisions/031-facebook-pages-and-meta.md), for a configured network whose
 * registry entry takes it (api/drivers/index.ts pushedEventsOf):
 *
 * - GET /webhooks/{provider}: the subscription's verification: `hub.challenge` answered when `hub.mode` is
 *   subscribe and `hub.verify_token` is P_WEBHOOK_VERIFY_TOKEN; 403 otherwise.
 * - POST /webhooks/{provider}: a delivery. X-Hub-Signature-256 checked over the raw body with the app secret
 *   (P_CLIENT_SECRET): 401 and nothing stored otherwise. The network's `webhook.events` says what it means; each
 *   event is stored once by its id and brings forward the loads of the running contests reading its post
 *   (api/services/network-events.ts).
 * - POST /webhooks/{provider}/deauthorize and /data-deletion: Meta's callbacks, a form with `signed_request`
 *   checked with the app secret (401 otherwise, nothing changed); the data deletion answers its status URL and
 *   confirmation code, and GET /webhooks/{provider}/data-deletion/{code} answers that status: JSON, or to a
 *   browser (Accept names text/html, not application/json) a small page in the person's language.
 *
 * Registered after POST /webhooks/stripe, which keeps answering Stripe's own.
 */
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { ProviderDefinition } from "../catalog";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { dataDeletions } from "../db/tables";
import { pushedEventsOf } from "../drivers";
import { META_DRIVERS, readSignedRequest, validHubSignature } from "../drivers/shared/meta-graph";
import { AppError } from "../errors";
import { requestLocale } from "../locale";
import { deauthorizeLogin, deleteLoginData } from "../services/login-revocations";
import { receiveNetworkEvents } from "../services/network-events";
import { deletionPage } from "./data-deletion-page";

/** A browser's request (it names text/html and not application/json): the page rather than the JSON. */
function wantsPage(accept: string | undefined): boolean {
  const types = (accept ?? "").split(",").map((part) => part.split(";")[0]?.trim().toLowerCase());
  return types.includes("text/html") && !types.includes("application/json");
}

/** The provider and its configured client, or 404 (unknown, not configured, or not one that takes this call). */
function configured(c: Context<AppEnv>, opts: { webhook: boolean }) {
  const deps = c.get("deps");
  const provider = deps.catalog.providers.get(c.req.param("provider") ?? "");
  const found = provider ? pushedEventsOf(provider, deps.env) : null;
  const takes =
    found && provider && (opts.webhook ? found.webhook !== null : META_DRIVERS.has(provider.driver ?? ""));
  if (!provider || !found || !takes) throw new AppError("notFound", { message: "error.notFound.provider" });
  return { provider, ...found };
}

/** The person a callback is about, from its signed_request; 401 when it is missing or forged. */
async function signedUser(c: Context<AppEnv>, secret: string, provider: ProviderDefinition): Promise<string> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const signed = typeof form.signed_request === "string" ? form.signed_request : "";
  const read = readSignedRequest(signed, secret);
  if (!read) {
    throw new AppError("unauthenticated", { internal: `${provider.name} callback: signed_request refused` });
  }
  return read.user_id;
}

export const metaWebhookRoutes = new Hono<AppEnv>()
  .get("/webhooks/:provider", (c) => {
    const { config } = configured(c, { webhook: true });
    const token = config.webhookVerifyToken;
    if (c.req.query("hub.mode") !== "subscribe" || !token || c.req.query("hub.verify_token") !== token) {
      throw new AppError("permissionsForbidden", { internal: "webhook verification: wrong verify token" });
    }
    return c.text(c.req.query("hub.challenge") ?? "", 200);
  })
  .post("/webhooks/:provider", async (c) => {
    const { provider, secrets, webhook } = configured(c, { webhook: true });
    const raw = await c.req.text();
    const signature = c.req.header("x-hub-signature-256");
    // Signed by the network's own app, or by the app of a way through another network's login (the same event
    // for an Instagram account linked through a Facebook Page comes signed with the Facebook app's secret).
    if (!secrets.some((secret) => validHubSignature(raw, signature, secret))) {
      throw new AppError("unauthenticated", { internal: `${provider.name} webhook: signature refused` });
    }
    let events: ReturnType<NonNullable<typeof webhook>["events"]>;
    try {
      events = webhook?.events(JSON.parse(raw)) ?? [];
    } catch (err) {
      throw new AppError("badRequest", {
        internal: `${provider.name} webhook unreadable: ${(err as Error).message}`,
      });
    }
    const done = await receiveNetworkEvents(c.get("deps"), provider.name, events);
    return c.json(done);
  })
  .post("/webhooks/:provider/deauthorize", async (c) => {
    const { provider, config } = configured(c, { webhook: false });
    const user = await signedUser(c, config.clientSecret, provider);
    const unlinked = await deauthorizeLogin(c.get("deps"), provider, user);
    return c.json({ accounts: unlinked });
  })
  .post("/webhooks/:provider/data-deletion", async (c) => {
    const { provider, config } = configured(c, { webhook: false });
    const user = await signedUser(c, config.clientSecret, provider);
    const deps = c.get("deps");
    const code = await deleteLoginData(deps, provider, user);
    const root = deps.env.publicUrl.replace(/\/$/, "");
    return c.json({
      url: `${root}/api/v1/webhooks/${provider.name}/data-deletion/${code}`,
      confirmation_code: code,
    });
  })
  .get("/webhooks/:provider/data-deletion/:code", async (c) => {
    const { provider } = configured(c, { webhook: false });
    const { db } = c.get("deps");
    const row = await first(
      db
        .select()
        .from(dataDeletions)
        .where(eq(dataDeletions.code, c.req.param("code"))),
    );
    const found = row && row.provider === provider.name ? row : null;
    if (wantsPage(c.req.header("accept"))) {
      // A person following the link Meta shows them: the state in their language (./data-deletion-page.ts).
      const state = found && {
        code: found.code,
        network: provider.display_name,
        status: found.completedAt ? ("completed" as const) : ("pending" as const),
        requested_at: found.requestedAt,
        completed_at: found.completedAt,
      };
      c.header("Vary", "Accept, Accept-Language, Cookie");
      return c.html(deletionPage(requestLocale(c), provider.display_name, state), found ? 200 : 404);
    }
    if (!found) throw new AppError("notFound");
    return c.json({
      confirmation_code: found.code,
      provider: found.provider,
      status: found.completedAt ? "completed" : "pending",
      requested_at: found.requestedAt,
      completed_at: found.completedAt,
      accounts: found.accounts,
    });
  });
