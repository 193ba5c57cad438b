/**
 * Which driver reaches a network: chosen by the account. A real account (sandbox: false) of a network that has a
 * real driver gets it (Bluesky: api/drivers/bluesky, at BLUESKY_SERVICE_URL); a sandbox account, or a network
 * without a real driver yet, gets the sandbox. Linking with credentials (a Bluesky handle and app password) asks
 * the real driver; without them, the sandbox links a rehearsal account as before.
 */

import type { ProviderDefinition } from "../catalog";
import type { Deps } from "../context";
import type { Env, OAuthClientConfig, OAuthNetwork as OAuthNetworkName } from "../env";
import { credentialStore, loadProgress, uploadMedia } from "../services/account-credentials";
import { withoutNul } from "../services/network-text";
import { blueskyDriver } from "./bluesky/driver";
import { facebookNetwork } from "./facebook/network";
import { instagramNetwork } from "./instagram/network";
import {
  type DriverDeps,
  type OAuthNetwork,
  type OAuthNetworkContext,
  PERSON_WAIT_MS,
  type TokenLife,
  tokenKeeper,
  type Waiter,
} from "./oauth-network";
import { sandboxDriver } from "./sandbox";
import { SecretBox } from "./shared/secrets";
import type { TokenKeeper } from "./shared/tokens";
import { threadsNetwork } from "./threads/network";
import { tiktokNetwork } from "./tiktok/network";
import type { NetworkDriver, OAuthSteps, StoredAccount } from "./types";
import { xNetwork } from "./x/network";
import { youtubeNetwork } from "./youtube/network";

export { type DriverDeps, PERSON_WAIT_MS, type Waiter } from "./oauth-network";
export type {
  AccountProfile,
  EntrantProfile,
  EntriesLoad,
  EntriesRequest,
  LinkRequest,
  ListReadability,
  NetworkDriver,
  PrivateMessageRequest,
  PublicationKind,
  PublicationMode,
  PublishRequest,
  ReplyRequest,
  StoredAccount,
} from "./types";

/**
 * The OAuth networks, by the provider definition's `driver`: each one's connect steps and driver
 * (./oauth-network.ts). A new network adds its line here.
 */
const OAUTH_DRIVERS: Record<string, OAuthNetwork> = {
  "youtube-data-v3": youtubeNetwork,
  "threads-graph": threadsNetwork,
  "meta-graph": facebookNetwork,
  "instagram-graph": instagramNetwork,
  "x-api-v2": xNetwork,
  "tiktok-api": tiktokNetwork,
};

/** A network whose real accounts link with a password made for the app (Bluesky), not by OAuth. */
export function linksWithAppPassword(provider: ProviderDefinition): boolean {
  return provider.driver === "atproto";
}

/**
 * Networks with a real driver (the provider definition's `driver`): Bluesky always; an OAuth network when its
 * client is configured (P_CLIENT_ID), else it stays the sandbox.
 */
export function hasRealDriver(provider: ProviderDefinition, env: Pick<Env, "oauth">): boolean {
  return linksWithAppPassword(provider) || oauthConfigOf(provider, env) !== null;
}

/** The configured OAuth client of a network with an OAuth driver; null: not configured (the sandbox). */
export function oauthConfigOf(
  provider: ProviderDefinition,
  env: Pick<Env, "oauth">,
): OAuthClientConfig | null {
  if (!OAUTH_DRIVERS[provider.driver ?? ""]) return null;
  return env.oauth[provider.name as OAuthNetworkName] ?? null;
}

/**
 * A configured OAuth network's client and its optional webhook part (the network pushes events: Meta's webhooks,
 * api/routes/meta-webhooks.ts); null when the network is not configured.
 */
export function pushedEventsOf(
  provider: ProviderDefinition,
  env: Pick<Env, "oauth">,
): { config: OAuthClientConfig; webhook: OAuthNetwork["webhook"] | null } | null {
  const config = oauthConfigOf(provider, env);
  const network = OAUTH_DRIVERS[provider.driver ?? ""];
  if (!config || !network) return null;
  return { config, webhook: network.webhook ?? null };
}

/** Where the network sends the person back after consent: the same for every OAuth network. */
export function redirectUriOf(provider: ProviderDefinition, env: Pick<Env, "publicUrl">): string {
  return `${env.publicUrl.replace(/\/$/, "")}/api/v1/accounts/callback/${provider.name}`;
}

/** What an OAuth network's builders are given; null when the network stays the sandbox. */
function oauthContextOf(
  provider: ProviderDefinition,
  env: Pick<Env, "oauth" | "publicUrl">,
): { network: OAuthNetwork; context: OAuthNetworkContext } | null {
  const config = oauthConfigOf(provider, env);
  const network = OAUTH_DRIVERS[provider.driver ?? ""];
  if (!config || !network) return null;
  return { network, context: { provider, config, redirectUri: redirectUriOf(provider, env) } };
}

/**
 * The configured networks whose tokens the scheduler keeps (their registry entry's `tokenLife`), each with the
 * keeper its driver uses: the network's own refresh, refreshing `tokenLife.beforeMs` ahead.
 */
export function keptTokenNetworks(
  providers: Iterable<ProviderDefinition>,
  deps: DriverDeps,
): { provider: ProviderDefinition; life: TokenLife; keeper: TokenKeeper }[] {
  const out: { provider: ProviderDefinition; life: TokenLife; keeper: TokenKeeper }[] = [];
  for (const provider of providers) {
    const found = oauthContextOf(provider, deps.env);
    const life = found?.network.tokenLife;
    if (!found || !life) continue;
    const steps = found.network.steps(found.context, deps);
    const skew = life.kind === "ahead" ? { skewMs: life.beforeMs } : {};
    out.push({ provider, life, keeper: tokenKeeper(found.context, deps, steps.refresh, skew) });
  }
  return out;
}

/** The OAuth steps of a configured network (the connect flow); null when it stays the sandbox. */
export function oauthStepsFor(
  provider: ProviderDefinition,
  deps: Pick<Deps, "env" | "db" | "clock">,
): OAuthSteps | null {
  const found = oauthContextOf(provider, deps.env);
  return found ? found.network.steps(found.context, deps) : null;
}

/**
 * The driver with every answer made storable on both engines: U+0000 removed from what a network sent (PostgreSQL
 * refuses it in text and jsonb; services/network-text.ts), here once for every call rather than by each caller.
 * Each method is looked up on the driver when called (a test's spy on the sandbox's method is seen).
 */
function storable(driver: NetworkDriver): NetworkDriver {
  const clean =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> =>
      withoutNul(await call(...args));
  type ReplyMany = NonNullable<NetworkDriver["replyMany"]>;
  type Resolve = NonNullable<NetworkDriver["resolvePost"]>;
  type Quota = NonNullable<NetworkDriver["quotaState"]>;
  type Expected = NonNullable<NetworkDriver["expectedCost"]>;
  type Unlink = NonNullable<NetworkDriver["unlink"]>;
  return {
    linkAccount: clean((request) => driver.linkAccount(request)),
    refreshAccount: clean((account) => driver.refreshAccount(account)),
    requestReconnect: (account) => driver.requestReconnect(account),
    publish: clean((request) => driver.publish(request)),
    reply: clean((request) => driver.reply(request)),
    // Optional: offered when the driver has it (present above, so the cast holds when called).
    ...(driver.replyMany
      ? { replyMany: clean((requests) => (driver.replyMany as ReplyMany).call(driver, requests)) }
      : {}),
    sendPrivateMessage: clean((request) => driver.sendPrivateMessage(request)),
    loadEntries: clean((request) => driver.loadEntries(request)),
    fetchProfile: clean((provider, externalId, now) => driver.fetchProfile(provider, externalId, now)),
    // Optional parts, offered when the driver has them.
    ...(driver.resolvePost
      ? { resolvePost: clean((r) => (driver.resolvePost as Resolve).call(driver, r)) }
      : {}),
    ...(driver.quotaState ? { quotaState: (a) => (driver.quotaState as Quota).call(driver, a) } : {}),
    ...(driver.expectedCost ? { expectedCost: () => (driver.expectedCost as Expected).call(driver) } : {}),
    ...(driver.unlink ? { unlink: (a) => (driver.unlink as Unlink).call(driver, a) } : {}),
  };
}

const storableSandbox = storable(sandboxDriver);

/**
 * The driver for an account of this network ("real": a link with credentials, before the account exists).
 * Without an account (a source with no publishing account), the sandbox. Its answers come without U+0000
 * (storable).
 */
export function driverFor(
  provider: ProviderDefinition,
  deps: DriverDeps,
  account: Pick<StoredAccount, "sandbox"> | StoredAccount | "real" | null = null,
  waiter: Waiter = {},
): NetworkDriver {
  const real = account === "real" || (account !== null && !account.sandbox);
  if (!real || !hasRealDriver(provider, deps.env)) return storableSandbox;
  const oauth = oauthContextOf(provider, deps.env);
  if (oauth) {
    const stored = account !== "real" && "provider" in account ? account : null;
    return storable(oauth.network.driver(oauth.context, deps, stored, waiter));
  }
  return storable(
    blueskyDriver({
      provider,
      serviceUrl: deps.env.blueskyServiceUrl,
      box: new SecretBox(deps.env.accountSecretKey),
      store: credentialStore(deps, provider.display_name),
      media: uploadMedia(deps),
      progress: loadProgress(deps),
      account: account !== "real" && "provider" in account ? account : null,
      ...(waiter.person ? { polite: { maxWaitMs: PERSON_WAIT_MS, budgetMs: PERSON_WAIT_MS } } : {}),
    }),
  );
}
