/**
 * Which driver reaches a network: chosen by the account. A real account (sandbox: false) of a network that has a
 * real driver gets it (Bluesky: api/drivers/bluesky, at BLUESKY_SERVICE_URL); a sandbox account, or a network
 * without a real driver yet, gets the sandbox. Linking with credentials (a Bluesky handle and app password) asks
 * the real driver; without them, the sandbox links a rehearsal account as before.
 */
import type { ProviderDefinition } from "../catalog";
import type { Deps } from "../context";
import { credentialStore, loadProgress, uploadMedia } from "../services/account-credentials";
import { blueskyDriver } from "./bluesky/driver";
import { SecretBox } from "./bluesky/secrets";
import { sandboxDriver } from "./sandbox";
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
 * The driver for an account of this network ("real": a link with credentials, before the account exists).
 * Without an account (a source with no publishing account), the sandbox.
 */
export function driverFor(
  provider: ProviderDefinition,
  deps: DriverDeps,
  account: Pick<StoredAccount, "sandbox"> | StoredAccount | "real" | null = null,
  waiter: Waiter = {},
): NetworkDriver {
  const real = account === "real" || (account !== null && !account.sandbox);
  if (!real || !hasRealDriver(provider)) return sandboxDriver;
  return blueskyDriver({
    provider,
    serviceUrl: deps.env.blueskyServiceUrl,
    box: new SecretBox(deps.env.accountSecretKey),
    store: credentialStore(deps, provider.display_name),
    media: uploadMedia(deps),
    progress: loadProgress(deps),
    account: account !== "real" && "provider" in account ? account : null,
    ...(waiter.person ? { polite: { maxWaitMs: PERSON_WAIT_MS, budgetMs: PERSON_WAIT_MS } } : {}),
  });
}
