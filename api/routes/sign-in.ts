/**
 * Signing in with a network (docs/decisions/038), beside the e-mail code:
 *
 * GET /auth/networks: the networks configured on this server (the login page shows a button for each).
 * GET /auth/sign_in/{provider}?next=: 302 to the network (state, nonce, PKCE where taken), bound to this browser.
 * GET /auth/callback/{provider}: the state used once, the code exchanged, the person found (or registered) by
 *   services/sign-in-accounts.ts; a session opens and the person lands on `next`, /welcome (new) or / (their
 *   team). Any failure opens nothing and goes back to /login?signin=error&reason=… (denied, state, code, network,
 *   token, unverified, not_configured), the page says it in the person's language.
 * Under /users/me: GET sign_in/list, GET sign_in/connect/{provider} (a signed-in person adds a network: back to
 *   /me/settings?signin=added|error&reason=…, `taken` when another person signs in with that login), DELETE
 *   sign_in/{id}. Every person has an e-mail address the code reaches (registration by a network needs a verified
 *   one), so removing a network never leaves a person without a way in.
 */
import { type Context, Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import { setSessionCookie } from "../auth/cookies";
import { createSession } from "../auth/sessions";
import { authorizationUrl, IdTokenRefused, identityOf } from "../auth/sign-in/flow";
import { configuredWays, isSignInNetwork, signInWay } from "../auth/sign-in/networks";
import type { NetworkIdentity } from "../auth/sign-in/oidc";
import { BROWSER_COOKIE, beginSignIn, CALLBACK_PATH, takeState } from "../auth/sign-in/states";
import type { AppEnv } from "../context";
import { NetworkUnavailable } from "../drivers/errors";
import { CodeRefused } from "../drivers/shared/oauth-client";
import type { SignInNetwork } from "../env";
import { AppError } from "../errors";
import { requestLocale } from "../locale";
import { authOf } from "../middleware/guards";
import {
  addSignInAccount,
  removeSignInAccount,
  signInAccountShape,
  signInAccountsOf,
  signInWithNetwork,
} from "../services/sign-in-accounts";
import { ID } from "./params";

export type SignInReason =
  | "denied"
  | "state"
  | "code"
  | "network"
  | "token"
  | "unverified"
  | "taken"
  | "not_configured";

/** Pages a `next` may not send back to (web/src/pages/auth/sign-in.tsx's safeNext, the same rule). */
const NOT_NEXT = ["/login", "/logout", "/registration"];

/** `next` when it is a path of this app, never another site's. */
export function safeNext(next: string | undefined | null): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\") || next.length > 2000)
    return null;
  const path = next.split(/[?#]/)[0] ?? "";
  if (NOT_NEXT.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  return next;
}

function failed(c: Context<AppEnv>, adding: boolean, reason: SignInReason, provider?: string) {
  const q = new URLSearchParams({ signin: "error", reason, ...(provider ? { provider } : {}) });
  return c.redirect(`${adding ? "/me/settings" : "/login"}?${q}`, 302);
}

function reasonOf(err: unknown): SignInReason | null {
  if (err instanceof CodeRefused) return "code";
  if (err instanceof IdTokenRefused) return "token";
  if (err instanceof NetworkUnavailable) return "network";
  return null;
}

function wayOf(c: Context<AppEnv>, name: string) {
  const { env, catalog } = c.get("deps");
  if (!isSignInNetwork(name)) throw new AppError("notFound", { message: "error.notFound.provider" });
  const config = env.signIn[name];
  return config ? { way: signInWay(catalog, name), config } : null;
}

async function start(c: Context<AppEnv>, provider: SignInNetwork, adding: boolean) {
  const found = wayOf(c, provider);
  if (!found) return failed(c, adding, "not_configured", provider);
  const user = c.get("auth")?.user ?? null;
  const begun = await beginSignIn(c, {
    provider,
    pkce: found.way.pkce,
    next: adding ? null : safeNext(c.req.query("next")),
    userId: adding && user ? user.id : null,
  });
  try {
    return c.redirect(
      (await authorizationUrl(c.get("deps"), found.way, found.config, begun)).toString(),
      302,
    );
  } catch (err) {
    const reason = reasonOf(err);
    if (!reason) throw err;
    return failed(c, adding, reason, provider);
  }
}

export const signInRoutes = new Hono<AppEnv>()
  .get("/auth/networks", (c) => {
    const { env, catalog } = c.get("deps");
    const data = configuredWays(env).map(({ provider }) => {
      const { display_name, color, icon } = signInWay(catalog, provider);
      return { provider, display_name, color, icon };
    });
    return c.json({ data });
  })
  .get("/auth/sign_in/:provider", (c) => start(c, c.req.param("provider") as SignInNetwork, false))
  .get("/auth/callback/:provider", async (c) => {
    const deps = c.get("deps");
    const provider = c.req.param("provider");
    const taken = isSignInNetwork(provider) ? await takeState(c, provider, c.req.query("state") ?? "") : null;
    deleteCookie(c, BROWSER_COOKIE, { path: CALLBACK_PATH });
    const current = c.get("auth")?.user ?? null;
    // A state that adds a network belongs to the person who started it, in this session still.
    if (!taken || (taken.userId !== null && taken.userId !== current?.id)) return failed(c, false, "state");
    const adding = taken.userId !== null;
    if (c.req.query("error")) return failed(c, adding, "denied", provider);
    const found = wayOf(c, provider);
    if (!found) return failed(c, adding, "not_configured", provider);
    let identity: NetworkIdentity;
    try {
      identity = await identityOf(deps, found.way, found.config, {
        code: c.req.query("code") ?? "",
        verifier: taken.verifier,
        nonce: taken.nonce,
      });
    } catch (err) {
      const reason = reasonOf(err);
      if (!reason) throw err;
      deps.logger.info({ provider, reason }, "sign-in with a network refused");
      return failed(c, adding, reason, provider);
    }
    const who = { provider, identity };
    if (adding && current) {
      const added = await addSignInAccount(deps, current, who);
      if (!added.ok) return failed(c, true, added.reason, provider);
      return c.redirect(`/me/settings?${new URLSearchParams({ signin: "added", provider })}`, 302);
    }
    const outcome = await signInWithNetwork(deps, who, { locale: requestLocale(c) });
    if (!outcome.ok) return failed(c, false, outcome.reason, provider);
    const { token } = await createSession(deps.db, outcome.user.id, deps.clock);
    setSessionCookie(c, token);
    return c.redirect(taken.next ?? (outcome.created ? "/welcome" : "/"), 302);
  });

/** Mounted on /users/me (signed in). */
export const mySignInRoutes = new Hono<AppEnv>()
  .get("/sign_in/list", async (c) => {
    const rows = await signInAccountsOf(c.get("deps").db, authOf(c).user.id);
    return c.json({ data: rows.map(signInAccountShape) });
  })
  .get("/sign_in/connect/:provider", (c) => start(c, c.req.param("provider") as SignInNetwork, true))
  .delete(`/sign_in/${ID}`, async (c) => {
    const removed = await removeSignInAccount(c.get("deps").db, authOf(c).user.id, c.req.param("id"));
    if (!removed) throw new AppError("notFound", { message: "error.notFound.account" });
    return c.json({ success: true });
  });
