/**
 * What an OAuth network brings to the shared flow (api/routes/account-connect.ts) and to driverFor: its connect
 * steps and its driver, built from the parts every network shares. One entry per provider `driver` in
 * api/drivers/index.ts (OAUTH_DRIVERS); a network's own folder builds both (api/drivers/youtube/network.ts).
 */

import type { ProviderLoginVariant } from "../../codegen/types";
import type { ProviderDefinition } from "../catalog";
import type { Deps } from "../context";
import type { OAuthClientConfig } from "../env";
import { oauthTokenRow } from "../services/account-credentials";
import { CallBudget, type PoliteOptions, politeFetch } from "./shared/polite-fetch";
import { SecretBox } from "./shared/secrets";
import { TokenKeeper, type TokenKeeperOptions } from "./shared/tokens";
import type { NetworkDriver, NetworkEvent, OAuthSteps, StoredAccount } from "./types";

export type DriverDeps = Pick<Deps, "env" | "db" | "clock" | "realtime" | "uploads">;

/** Who waits for a driver's calls: a person's request (a few seconds at most) or the scheduler. */
export type Waiter = { person?: boolean };

/**
 * The most a request made by a person waits in all on a network's rate limit (a link, a refresh, loading
 * entries): beyond it the request answers 429 with retry_after. The scheduler's jobs wait as the network asks.
 */
export const PERSON_WAIT_MS = 3_000;

/** What both builders of an OAuth network are given. */
export type OAuthNetworkContext = {
  provider: ProviderDefinition;
  config: OAuthClientConfig;
  /** Where the network sends the person back after consent (the same for every OAuth network). */
  redirectUri: string;
  /**
   * The way in when it is not the network's own login: a login variant reached through another network's OAuth
   * (Instagram through a Facebook Page: `via` facebook, and `config` is then Facebook's, the same Meta app).
   */
  variant?: ProviderLoginVariant | null;
};

/**
 * How a network's tokens live, as its provider defines it; the scheduler keeps idle accounts' tokens by it
 * (api/scheduler/tokens.ts):
 * - `ahead`: refreshed by the network's own refresh once fewer than `beforeMs` are left, when the token is at least
 *   `minAgeMs` old (its age read from its expiry and its `lifetimeMs`: the network answers no issue date);
 * - `notice`: cannot be refreshed; the owner is told `beforeMs` before it ends, once (services/access-ending.ts).
 */
export type TokenLife =
  | { kind: "ahead"; beforeMs: number; minAgeMs: number; lifetimeMs: number }
  | { kind: "notice"; beforeMs: number };

export type OAuthNetwork = {
  /** How its tokens live; none: the scheduler leaves its accounts alone (refreshed when used). */
  tokenLife?: TokenLife;
  /** How the tokens of its `via` login variants live, by variant id (Instagram through a Facebook Page: Facebook's). */
  wayTokenLife?: Record<string, TokenLife>;
  /** The connect flow's steps (before any account exists). */
  steps(context: OAuthNetworkContext, deps: Pick<Deps, "env" | "db" | "clock">): OAuthSteps;
  /** The driver for one of its accounts (null: reads that need no account of the team's). */
  driver(
    context: OAuthNetworkContext,
    deps: DriverDeps,
    account: StoredAccount | null,
    waiter: Waiter,
  ): NetworkDriver;
  /** Optional: a network that pushes events (Meta's webhooks): what one verified delivery means. */
  webhook?: {
    /** The events of one delivery (its JSON body, signature already checked by the route), each with a stable id. */
    events(body: unknown): NetworkEvent[];
  };
};

/** One call budget per process, shared by every driver: an account's calls never go faster than it allows. */
const CALLS = new CallBudget(120, 60_000);

/**
 * The polite fetch for one account of a network: its calls counted in the process's budget, retried on 5xx and
 * timeouts, and a person's request waiting no longer than PERSON_WAIT_MS.
 */
export function accountFetch(
  context: OAuthNetworkContext,
  deps: Pick<Deps, "env">,
  account: Pick<StoredAccount, "external_id">,
  waiter: Waiter,
  options: Partial<PoliteOptions> = {},
): typeof globalThis.fetch {
  return politeFetch({
    retries5xx: 3,
    timeoutMs: deps.env.networkTimeoutMs,
    calls: { budget: CALLS, key: `${context.provider.name}:${account.external_id}` },
    ...(waiter.person ? { maxWaitMs: PERSON_WAIT_MS, budgetMs: PERSON_WAIT_MS } : {}),
    ...options,
  });
}

/**
 * The token keeper of a network's accounts: sealed tokens on the account's row, refreshed before they expire
 * (`options.skewMs`: how long before; a network whose tokens last months refreshes days ahead).
 */
export function tokenKeeper(
  context: OAuthNetworkContext,
  deps: DriverDeps,
  refresh: OAuthSteps["refresh"],
  options: Omit<TokenKeeperOptions, "now"> = {},
): TokenKeeper {
  return new TokenKeeper(
    new SecretBox(deps.env.accountSecretKey),
    oauthTokenRow(deps, context.provider.display_name),
    refresh,
    { ...options, now: () => deps.clock().getTime() },
  );
}
