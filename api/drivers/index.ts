/**
 * Which driver reaches a network: chosen by the account. A real account (sandbox: false) of a network that has a
 * real driver gets it (Bluesky: api/drivers/bluesky, at BLUESKY_SERVICE_URL); a sandbox account, or a network
 * without a real driver yet, gets the sandbox. Linking with credentials (a Bluesky handle and app password) asks
 * the real driver; without them, the sandbox links a rehearsal account as before.
 */

import type { ProviderLoginVariant } from "../../codegen/types";
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
 * Networks with a real driver (the provider definition's `driver`): Bluesky always; an OAuth network when one of
 * its ways in is configured (its P_CLIENT_ID, or a `via` variant's network's), else it stays the sandbox.
 */
export function hasRealDriver(provider: ProviderDefinition, env: Pick<Env, "oauth">): boolean {
  return linksWithAppPassword(provider) || connectWaysOf(provider, env).length > 0;
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
 * A login variant of the network that links through another network's OAuth (`via`: Instagram through a Facebook
 * Page); null for the network's own login, an unknown id, or a variant that is not one.
 */
export function viaVariantOf(
  provider: ProviderDefinition,
  variant: string | null | undefined,
): ProviderLoginVariant | null {
  const found = variant ? provider.login_variants?.find((v) => v.id === variant) : undefined;
  return found?.via ? found : null;
}

/** The client a way in uses: the network's own, or for a `via` variant the other network's (the same Meta app). */
function wayConfigOf(
  provider: ProviderDefinition,
  env: Pick<Env, "oauth">,
  variant: ProviderLoginVariant | null,
): OAuthClientConfig | null {
  if (!OAUTH_DRIVERS[provider.driver ?? ""]) return null;
  return variant?.via ? (env.oauth[variant.via as OAuthNetworkName] ?? null) : oauthConfigOf(provider, env);
}

/**
 * The ways this server connects a network's accounts by OAuth: its own login when its client is configured
 * (`variant` absent), and each `via` login variant whose network's client is ({ provider: "instagram", variant:
 * "via_facebook_page" } with FACEBOOK_* set).
 */
export function connectWaysOf(
  provider: ProviderDefinition,
  env: Pick<Env, "oauth">,
): { provider: string; variant?: string }[] {
  if (!OAUTH_DRIVERS[provider.driver ?? ""]) return [];
  const own = oauthConfigOf(provider, env) ? [{ provider: provider.name }] : [];
  const via = (provider.login_variants ?? [])
    .filter((v) => v.via && wayConfigOf(provider, env, v))
    .map((v) => ({ provider: provider.name, variant: v.id }));
  return [...own, ...via];
}

/**
 * A configured OAuth network's client and its optional webhook part (the network pushes events: Meta's webhooks,
 * api/routes/meta-webhooks.ts); null when the network is not configured. `secrets`: the app secrets a delivery
 * or a callback may be signed with: the network's own, and the client's of each `via` way (Instagram through a
 * Facebook Page: the Facebook app's), so either way's accounts are reached.
 */
export function pushedEventsOf(
  provider: ProviderDefinition,
  env: Pick<Env, "oauth">,
): { config: OAuthClientConfig; secrets: string[]; webhook: OAuthNetwork["webhook"] | null } | null {
  const network = OAUTH_DRIVERS[provider.driver ?? ""];
  const configs = [
    oauthConfigOf(provider, env),
    ...(provider.login_variants ?? []).filter((v) => v.via).map((v) => wayConfigOf(provider, env, v)),
  ].filter((c): c is OAuthClientConfig => c !== null);
  const [config] = configs;
  if (!config || !network) return null;
  return {
    config,
    secrets: [...new Set(configs.map((c) => c.clientSecret))],
    webhook: network.webhook ?? null,
  };
}

/** Where the network sends the person back after consent: the same for every OAuth network. */
export function redirectUriOf(provider: ProviderDefinition, env: Pick<Env, "publicUrl">): string {
  return `${env.publicUrl.replace(/\/$/, "")}/api/v1/accounts/callback/${provider.name}`;
}

/** What an OAuth network's builders are given, for one way in; null when that way stays the sandbox. */
function oauthContextOf(
  provider: ProviderDefinition,
  env: Pick<Env, "oauth" | "publicUrl">,
  variantId: string | null = null,
): { network: OAuthNetwork; context: OAuthNetworkContext } | null {
  const variant = viaVariantOf(provider, variantId);
  const config = wayConfigOf(provider, env, variant);
  const network = OAUTH_DRIVERS[provider.driver ?? ""];
  if (!config || !network) return null;
  return { network, context: { provider, config, redirectUri: redirectUriOf(provider, env), variant } };
}

/**
 * The configured ways in whose tokens the scheduler keeps (their registry entry's `tokenLife`, or `wayTokenLife`
 * for a `via` login variant), each with the keeper its driver uses: the way's own refresh, `tokenLife.beforeMs`
 * ahead. `variant`: the accounts' login_variant for a `via` way; null for the network's own login (its accounts
 * carry no variant or one that is not `via`), so an Instagram account linked through a Page is never refreshed by
 * Instagram Login's endpoint.
 */
export function keptTokenNetworks(providers: Iterable<ProviderDefinition>, deps: DriverDeps): KeptTokenWay[] {
  const out: KeptTokenWay[] = [];
  for (const provider of providers) {
    const network = OAUTH_DRIVERS[provider.driver ?? ""];
    const viaIds = (provider.login_variants ?? []).filter((v) => v.via).map((v) => v.id);
    for (const variant of [null, ...viaIds]) {
      const life = variant === null ? network?.tokenLife : network?.wayTokenLife?.[variant];
      const found = life ? oauthContextOf(provider, deps.env, variant) : null;
      if (!found || !life) continue;
      const steps = found.network.steps(found.context, deps);
      const skew = life.kind === "ahead" ? { skewMs: life.beforeMs } : {};
      const keeper = tokenKeeper(found.context, deps, steps.refresh, skew);
      out.push({ provider, variant, otherWays: variant === null ? viaIds : [], life, keeper });
    }
  }
  return out;
}

/** A way in whose tokens the scheduler keeps: see keptTokenNetworks. */
export type KeptTokenWay = {
  provider: ProviderDefinition;
  variant: string | null;
  /** For the network's own login: the `via` variants whose accounts are not its own. */
  otherWays: string[];
  life: TokenLife;
  keeper: TokenKeeper;
};

/**
 * The OAuth steps of a configured network (the connect flow), for its own login or a `via` login variant; null
 * when that way stays the sandbox.
 */
export function oauthStepsFor(
  provider: ProviderDefinition,
  deps: Pick<Deps, "env" | "db" | "clock">,
  variant: string | null = null,
): OAuthSteps | null {
  const found = oauthContextOf(provider, deps.env, variant);
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
  const stored = account !== "real" && account !== null && "provider" in account ? account : null;
  // An account linked through another network's login (Instagram through a Page) is reached by that way.
  const oauth = real ? oauthContextOf(provider, deps.env, stored?.login_variant ?? null) : null;
  if (oauth) return storable(oauth.network.driver(oauth.context, deps, stored, waiter));
  if (!real || !hasRealDriver(provider, deps.env)) return storableSandbox;
  return storable(
    blueskyDriver({
      provider,
      serviceUrl: deps.env.blueskyServiceUrl,
      box: new SecretBox(deps.env.accountSecretKey),
      store: credentialStore(deps, provider.display_name),
      media: uploadMedia(deps),
      progress: loadProgress(deps),
      account: stored,
      ...(waiter.person ? { polite: { maxWaitMs: PERSON_WAIT_MS, budgetMs: PERSON_WAIT_MS } } : {}),
    }),
  );
}
