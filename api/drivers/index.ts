/**
 * Which driver reaches a network: chosen by the account. A real account (sandbox: false) of a network that has a
 * real driver gets it (Bluesky: api/drivers/bluesky, at BLUESKY_SERVICE_URL); a sandbox account, or a network
 * without a real driver yet, gets the sandbox. Linking with credentials (a Bluesky handle and app password) asks
 * the real driver; without them, the sandbox links a rehearsal account as before.
 */
import type { ProviderDefinition } from "../catalog";
import type { Deps } from "../context";
import { credentialStore, loadProgress, uploadMedia } from "../services/account-credentials";
import { withoutNul } from "../services/network-text";
import { blueskyDriver } from "./bluesky/driver";
import { sandboxDriver } from "./sandbox";
import { SecretBox } from "./shared/secrets";
import type { NetworkDriver, StoredAccount } from "./types";

export type {
  AccountProfile,
  EntrantProfile,
  EntriesRequest,
  LinkRequest,
  NetworkDriver,
  PrivateMessageRequest,
  PublicationKind,
  PublicationMode,
  PublishRequest,
  ReplyRequest,
  StoredAccount,
} from "./types";

export type DriverDeps = Pick<Deps, "env" | "db" | "clock" | "realtime" | "uploads">;

/** Networks with a real driver (the provider definition's `driver`). */
export function hasRealDriver(provider: ProviderDefinition): boolean {
  return provider.driver === "atproto";
}

/**
 * The most a request made by a person waits in all on a network's rate limit (a link, a refresh, loading
 * entries): beyond it the request answers 429 with retry_after. The scheduler's jobs wait as the network asks.
 */
export const PERSON_WAIT_MS = 3_000;

/** Who waits for a driver's calls: a person's request (a few seconds at most) or the scheduler. */
export type Waiter = { person?: boolean };

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
  if (!real || !hasRealDriver(provider)) return storableSandbox;
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
