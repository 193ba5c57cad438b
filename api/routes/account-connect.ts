/**
 * Linking an account by OAuth, one flow for every OAuth network (docs/decisions/028):
 *
 * GET /teams/current/accounts/connect/{provider}[?variant=] (update_account) and GET /invites/{key}/connect (an
 * account invite, signed in): `variant` a login variant reached through another network's OAuth (Instagram
 * through a Facebook Page: Facebook Login, the same Meta app; kept on the state row for the callback); 302 to the network's authorization page with a single-use `state` (its SHA-256 kept in
 * oauth_states, bound to the session, the team and the invite, 10 minutes) and PKCE S256 where the network takes
 * it. A network without its client (P_CLIENT_ID) is not connected: 302 back with reason not_configured.
 *
 * GET /accounts/callback/{provider}: the state is used once (a replayed, expired or other session's state links
 * nothing), the code exchanged, the login's channels read; one channel is linked as real (`sandbox: false`), its
 * tokens sealed on the row; several wait for the person's pick (pending on the state row, 10 minutes). Then 302 to
 * /team/accounts (or /invite/{key}) with `connect=linked|choose|error` and, for an error, its `reason`
 * (denied, state, code, network, no_channel, linked, quota, not_configured): the page says it in the person's
 * language. Nothing is linked on any error. Tokens never appear in a URL, an answer or a log line.
 *
 * GET /accounts/connect/choices/{pick} and POST it {external_id}: the channels offered, and the pick.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { ProviderDefinition } from "../catalog";
import type { AppEnv, TeamRow } from "../context";
import { first } from "../db/query";
import { oauthStates, teams } from "../db/tables";
import { connectWaysOf, oauthStepsFor, viaVariantOf } from "../drivers";
import { NetworkUnavailable } from "../drivers/errors";
import { CodeRefused, generateCodeVerifier, generateState } from "../drivers/shared/oauth-client";
import { SecretBox } from "../drivers/shared/secrets";
import type { OAuthTokens } from "../drivers/shared/tokens";
import type { AccountProfile } from "../drivers/types";
import { AppError } from "../errors";
import { authOf, requirePermission, requireUser, teamOf } from "../middleware/guards";
import { storeInviteLink, storeTeamLink } from "../services/account-links";
import { assertAccountsQuota, teamAccounts } from "../services/accounts";
import { findInviteByKey } from "../services/invites";
import { jsonBody, validationError } from "../validation";

const STATE_MS = 10 * 60_000;

type StateRow = typeof oauthStates.$inferSelect;
type Pending = { tokens: string; choices: AccountProfile[] };
type Outcome = "linked" | "choose" | "error";
export type ConnectReason =
  | "denied"
  | "state"
  | "code"
  | "network"
  | "no_channel"
  | "linked"
  | "quota"
  | "not_configured"
  | "invite";

const hashOf = (state: string) => createHash("sha256").update(state).digest("hex");

/** Where the person comes back to: the team's accounts, or the invite's page. */
function pageOf(inviteKey: string | null): string {
  return inviteKey ? `/invite/${encodeURIComponent(inviteKey)}` : "/team/accounts";
}

function back(
  c: Context<AppEnv>,
  inviteKey: string | null,
  outcome: Outcome,
  extra: Record<string, string> = {},
) {
  const q = new URLSearchParams({ connect: outcome, ...extra });
  return c.redirect(`${pageOf(inviteKey)}?${q}`, 302);
}

/** The error a link ends in, as the reason the page shows. */
function reasonOf(err: unknown): ConnectReason {
  if (err instanceof CodeRefused) return "code";
  if (err instanceof AppError) {
    if (err.key === "maxAccountsExceeded") return "quota";
    if (err.key === "conflict") return "linked";
    if (err.key === "inviteNotActive") return "invite";
  }
  return "network";
}

/**
 * The way in the start asks for (`?variant=`, a login variant of the provider's definition): null for the
 * network's own login (absent, or the variant without `via`); 422 on `variant` for one the network does not have.
 */
function variantOf(c: Context<AppEnv>, provider: ProviderDefinition): string | null {
  const asked = c.req.query("variant");
  if (asked === undefined || asked === "") return null;
  const found = provider.login_variants?.find((v) => v.id === asked);
  if (!found) throw validationError(c, { variant: [{ key: "validation.in", rule: "in" }] });
  return viaVariantOf(provider, found.id) ? found.id : null;
}

async function start(
  c: Context<AppEnv>,
  provider: ProviderDefinition,
  teamId: string,
  inviteKey: string | null,
  variant: string | null,
) {
  const deps = c.get("deps");
  const steps = oauthStepsFor(provider, deps, variant);
  const named = { provider: provider.name, ...(variant ? { variant } : {}) };
  if (!steps) return back(c, inviteKey, "error", { reason: "not_configured", ...named });
  const { session, user } = authOf(c);
  const state = generateState();
  const verifier = steps.pkce ? generateCodeVerifier() : null;
  const now = deps.clock();
  await deps.db.insert(oauthStates).values({
    id: hashOf(state),
    provider: provider.name,
    sessionId: session.id,
    userId: user.id,
    teamId,
    inviteKey,
    variant,
    verifier: verifier ? new SecretBox(deps.env.accountSecretKey).seal(verifier) : null,
    pending: null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + STATE_MS).toISOString(),
    usedAt: null,
  });
  return c.redirect(steps.authorizationUrl(state, verifier).toString(), 302);
}

/** Links one channel: the team's own account, or (an invite) the person's, lent to the team. */
async function link(
  c: Context<AppEnv>,
  row: StateRow,
  provider: ProviderDefinition,
  profile: AccountProfile,
  sealedTokens: string,
) {
  const deps = c.get("deps");
  const team = await first(deps.db.select().from(teams).where(eq(teams.id, row.teamId)));
  if (!team || team.deletedAt) throw new AppError("notFound", { message: "error.notFound.team" });
  const user = { id: row.userId };
  // What the network keeps on the row besides the tokens (a Facebook Page: the login's id; Instagram: which way
  // it was linked; the grant's scopes) stays, never a secret; the tokens go in sealed.
  const real: AccountProfile = {
    ...profile,
    sandbox: false,
    stored_meta: { ...profile.stored_meta, credentials: sealedTokens },
  };
  if (row.inviteKey) {
    const invite = await findInviteByKey(deps.db, deps.clock, row.inviteKey);
    if (invite?.status !== "active" || invite.teamId !== team.id) {
      throw new AppError("inviteNotActive");
    }
    await assertAccountsQuota(deps, team as TeamRow, provider.name, { countInvites: false });
    await storeInviteLink(deps, { invite, team, user, provider, profile: real });
    return;
  }
  const again = (await teamAccounts(deps.db, team.id, provider.name)).some(
    (a) => a.account.externalId === profile.external_id && !a.account.sandbox && !a.delegation,
  );
  if (!again) await assertAccountsQuota(deps, team as TeamRow, provider.name, { countInvites: true });
  await storeTeamLink(deps, { team: team as TeamRow, user, provider, profile: real });
}

/** The state row of a pick: this person's, this session's, waiting for a pick, within its 10 minutes. */
async function pendingRow(c: Context<AppEnv>, pick: string) {
  const { db, clock } = c.get("deps");
  const { session, user } = authOf(c);
  const row = await first(
    db
      .select()
      .from(oauthStates)
      .where(
        and(
          eq(oauthStates.id, pick),
          eq(oauthStates.sessionId, session.id),
          eq(oauthStates.userId, user.id),
          gt(oauthStates.expiresAt, clock().toISOString()),
        ),
      ),
  );
  if (!row?.pending) throw new AppError("notFound", { message: "error.notFound.connection" });
  return { row, pending: row.pending as Pending };
}

/** Mounted on /teams/current. */
export const teamConnectRoutes = new Hono<AppEnv>().get(
  "/accounts/connect/:provider",
  requirePermission("team.accounts.update_account"),
  async (c) => {
    const { catalog } = c.get("deps");
    const provider = catalog.providers.get(c.req.param("provider"));
    if (!provider || provider.onlyLogin)
      throw new AppError("notFound", { message: "error.notFound.provider" });
    const variant = variantOf(c, provider);
    const { team } = teamOf(c);
    try {
      await assertAccountsQuota(c.get("deps"), team, provider.name, { countInvites: true });
    } catch (err) {
      return back(c, null, "error", { reason: reasonOf(err), provider: provider.name });
    }
    return start(c, provider, team.id, null, variant);
  },
);

/** Mounted at the API's root: the invite's start, the network's callback, the pick. */
export const connectRoutes = new Hono<AppEnv>()
  // The networks connected by OAuth on this server (their client configured), one entry per way in (`variant`
  // for one through another network's login); the others stay the sandbox.
  .get("/accounts/connectable", requireUser, (c) => {
    const deps = c.get("deps");
    const data = [...deps.catalog.providers.values()]
      .filter((p) => !p.onlyLogin)
      .flatMap((p) => connectWaysOf(p, deps.env));
    return c.json({ data });
  })
  .get("/invites/:key/connect", requireUser, async (c) => {
    const { db, clock, catalog } = c.get("deps");
    const key = c.req.param("key");
    const invite = await findInviteByKey(db, clock, key);
    const provider = invite?.provider ? catalog.providers.get(invite.provider) : undefined;
    if (invite?.type !== "link_account" || !provider) {
      throw new AppError("notFound", { message: "error.notFound.invite" });
    }
    if (invite.status !== "active")
      return back(c, key, "error", { reason: "invite", provider: provider.name });
    return start(c, provider, invite.teamId, key, variantOf(c, provider));
  })
  .get("/accounts/callback/:provider", requireUser, async (c) => {
    const deps = c.get("deps");
    const { db, clock, catalog } = deps;
    const { session } = authOf(c);
    const provider = catalog.providers.get(c.req.param("provider"));
    const state = c.req.query("state") ?? "";
    const now = clock().toISOString();
    // Used once, by the session that started it, within its 10 minutes: else nothing is linked.
    const [row] = state
      ? await db
          .update(oauthStates)
          .set({ usedAt: now })
          .where(
            and(
              eq(oauthStates.id, hashOf(state)),
              eq(oauthStates.sessionId, session.id),
              eq(oauthStates.provider, c.req.param("provider")),
              isNull(oauthStates.usedAt),
              gt(oauthStates.expiresAt, now),
            ),
          )
          .returning()
      : [];
    if (!row || !provider) return back(c, null, "error", { reason: "state" });
    // The way in comes back with the result, so the page names it (a login whose Pages have no Instagram).
    const name = { provider: provider.name, ...(row.variant ? { variant: row.variant } : {}) };
    if (c.req.query("error")) return back(c, row.inviteKey, "error", { reason: "denied", ...name });
    const steps = oauthStepsFor(provider, deps, row.variant);
    if (!steps) return back(c, row.inviteKey, "error", { reason: "not_configured", ...name });
    const box = new SecretBox(deps.env.accountSecretKey);
    let tokens: OAuthTokens;
    let choices: AccountProfile[];
    try {
      const verifier = row.verifier ? box.open<string>(row.verifier) : null;
      tokens = await steps.exchangeCode(c.req.query("code") ?? "", verifier);
      choices = await steps.publishTargets(tokens);
    } catch (err) {
      if (!(err instanceof CodeRefused || err instanceof NetworkUnavailable || err instanceof AppError))
        throw err;
      return back(c, row.inviteKey, "error", { reason: reasonOf(err), ...name });
    }
    if (choices.length === 0) return back(c, row.inviteKey, "error", { reason: "no_channel", ...name });
    const sealed = box.seal(tokens);
    const only = choices.length === 1 ? choices[0] : undefined;
    if (!only) {
      await db
        .update(oauthStates)
        .set({ pending: { tokens: sealed, choices } satisfies Pending })
        .where(eq(oauthStates.id, row.id));
      return back(c, row.inviteKey, "choose", { pick: row.id, ...name });
    }
    try {
      await link(c, row, provider, only, sealed);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return back(c, row.inviteKey, "error", { reason: reasonOf(err), ...name });
    }
    return back(c, row.inviteKey, "linked", { ...name, account: only.name });
  })
  .get("/accounts/connect/choices/:pick", requireUser, async (c) => {
    const { row, pending } = await pendingRow(c, c.req.param("pick"));
    return c.json({
      provider: row.provider,
      invite_key: row.inviteKey,
      choices: pending.choices.map((p) => ({
        external_id: p.external_id,
        name: p.name,
        screen_name: p.screen_name,
        profile_picture: p.profile_picture,
        url: p.url,
        // Instagram through a Facebook Page: the Page it comes through.
        ...(typeof p.stored_meta?.page_name === "string" ? { through: p.stored_meta.page_name } : {}),
      })),
    });
  })
  .post("/accounts/connect/choices/:pick", requireUser, async (c) => {
    const { db, catalog } = c.get("deps");
    const { row, pending } = await pendingRow(c, c.req.param("pick"));
    const body = await jsonBody(c);
    const chosen = pending.choices.find((p) => p.external_id === body.external_id);
    if (!chosen) throw validationError(c, { external_id: [{ key: "validation.in", rule: "in" }] });
    const provider = catalog.providers.get(row.provider);
    if (!provider) throw new AppError("notFound", { message: "error.notFound.provider" });
    // The pick is used once: the pending tokens are dropped before linking.
    const taken = await db
      .update(oauthStates)
      .set({ pending: null })
      .where(and(eq(oauthStates.id, row.id), eq(oauthStates.pending, row.pending as Pending)))
      .returning({ id: oauthStates.id });
    if (taken.length !== 1) throw new AppError("notFound", { message: "error.notFound.connection" });
    await link(c, row, provider, chosen, pending.tokens);
    return c.json({
      linked: { external_id: chosen.external_id, name: chosen.name },
      page: pageOf(row.inviteKey),
    });
  });
