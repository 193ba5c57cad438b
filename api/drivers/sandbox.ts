/**
 * The sandbox network (decisions.md "Social networks"): the driver used when no credentials are configured for a
 * network. It links an account at once, without leaving the app, and answers the same thing every time for the
 * same request, so a person (or a test) can rehearse the whole flow and predict what they will see.
 *
 * Nothing leaves the server: what it "publishes" or "sends" is what the publications table records (the caller
 * writes every publication there, whatever the driver; for the sandbox that row is the publication), under a
 * post id derived from the publication's key, so asking twice gives the same post. Its entries are the
 * deterministic synthetic entrants of engine/lifecycle/sandbox-entrants.ts.
 */
import crypto, { createHash } from "node:crypto";
import {
  askedKinds,
  readAsNetwork,
  type Sha256Text,
  sandboxEntrants,
  seededRandom,
} from "../../engine/lifecycle";
import { profileUrlOf } from "../../engine/provider";
import { type HandleProvider, normalizeHandle } from "../../engine/text/handle";
import type { ProviderDefinition } from "../catalog";
import type {
  AccountProfile,
  EntrantProfile,
  EntriesLoad,
  EntriesRequest,
  LinkRequest,
  NetworkDriver,
  PublicationKey,
  StoredAccount,
} from "./types";

/** Sandbox external ids are SANDBOX_ID_BASE + n: numeric like a network's, far from any seeded or real one. */
export const SANDBOX_ID_BASE = 9_000_000_000;

/**
 * A sandbox account's handle, valid by the network's own rule (schemas/providers/<name>.json `handle`): letters and
 * digits only, which every network accepts, plus the network's suffix where it needs one (bluesky's .bsky.social).
 * The builder validates a source's accounts with that rule (the team's own accounts are excluded by default).
 */
export function sandboxHandle(provider: HandleProvider, base: string): string {
  return normalizeHandle(provider, base) ?? base;
}

/** The n-th sandbox account of a network: "Sandbox <network> <n>", @sandbox<n> (by the network's handle rule). */
export function sandboxProfile(provider: ProviderDefinition, n: number): AccountProfile {
  const screenName = sandboxHandle(provider, `sandbox${n}`);
  return {
    external_id: String(SANDBOX_ID_BASE + n),
    name: `Sandbox ${provider.display_name} ${n}`,
    screen_name: screenName,
    profile_picture: null,
    url: profileUrlOf(provider, screenName),
    sandbox: true,
  };
}

/** How many entrants a sandbox source has when the contest does not say (meta.sandbox_entrants). */
export const SANDBOX_ENTRANTS_PER_SOURCE = 60;

/** The post id of a sandbox publication: the same key, the same id. */
export function sandboxPostId(key: PublicationKey): string {
  // node's SHA-256 (the same digest as the engine's sha256Hex, several times faster): a close names thousands.
  const digest = createHash("sha256")
    .update(`${key.contest_id}:${key.source_id}:${key.kind}:${key.key}`)
    .digest("hex");
  return `sandbox-${BigInt(`0x${digest.slice(0, 15)}`).toString()}`;
}

/**
 * SHA-256 by node's one-shot crypto.hash (Node 20.12+, 21.7+), else its Hash object: the same digests as the
 * engine's @noble/hashes, far cheaper a call (the entrants of a 50 k close draw about 300 k blocks).
 */
export const nodeSha256: Sha256Text =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha256", text, "buffer") as unknown as Uint8Array
    : (text) => createHash("sha256").update(text).digest();

/** A synthetic account of the sandbox network: created 1 month to 10 years ago, fixed by its id. */
export function sandboxEntrantProfile(
  provider: ProviderDefinition,
  externalId: string,
  now: Date,
): EntrantProfile {
  const random = seededRandom(externalId, `sandbox-profile:${provider.name}`, nodeSha256);
  const n = random.below(1_000_000);
  const screenName = sandboxHandle(provider, `sandbox${n}`);
  const ageDays = 30 + random.below(3650);
  return {
    external_id: externalId,
    screen_name: screenName,
    name: `Sandbox entrant ${n}`,
    profile_url: profileUrlOf(provider, screenName),
    account_created_at: new Date(now.getTime() - ageDays * 86_400_000).toISOString(),
    followers: random.below(5000),
    following: random.below(2000),
    posts: random.below(20_000),
  };
}

/**
 * The sandbox's entrants of a source: engine/lifecycle's synthetic ones, under the stored source's id, read the
 * way the real network reads them (its capabilities: nobody listed for an unchecked action, at most `max` for a
 * partial one), with how much of each asked action's list that is.
 */
function entriesOf(request: EntriesRequest): EntriesLoad {
  if (request.post_id === null) return { entrants: [], lists: [] };
  const all = sandboxEntrants({
    contestId: request.contest_id,
    network: request.provider,
    // Entrants carry the stored source's _id (what the entrants table and the filters key sources by).
    source: { ...request.source, id: request.source_id },
    count: Math.min(request.limit, request.sandbox_entrants ?? SANDBOX_ENTRANTS_PER_SOURCE),
    now: request.now.toISOString(),
    accountsToFollow: request.accounts_to_follow,
    base: request.base,
    returning: request.previous_winners ?? [],
    ...(request.window ? { window: request.window } : {}),
    digest: nodeSha256,
  });
  return readAsNetwork(all, request.provider, askedKinds(request.provider, request.source));
}

/**
 * SANDBOX_DRIVER_DELAY_MS (tests only, refused in production): every sandbox publication, reply, message and
 * entries load waits this long, so a test can kill a process while it holds claimed jobs. Set once per process.
 */
let delayMs = 0;

export function setSandboxDelay(ms: number): void {
  delayMs = ms;
}

const wait = () => (delayMs > 0 ? new Promise<void>((r) => setTimeout(r, delayMs)) : Promise.resolve());

export const sandboxDriver: NetworkDriver = {
  /** The first sandbox account of the network that the team has not linked yet: 1, then 2, ... */
  async linkAccount(request: LinkRequest) {
    const taken = new Set(request.linked);
    let n = 1;
    while (taken.has(String(SANDBOX_ID_BASE + n))) n++;
    return sandboxProfile(request.provider, n);
  },
  /** Nothing changes on the sandbox network: the account reads as it was stored. */
  async refreshAccount(account: StoredAccount) {
    return {
      external_id: account.external_id,
      name: account.name,
      screen_name: account.screen_name,
      profile_picture: account.profile_picture,
      url: account.url,
      sandbox: account.sandbox,
    };
  },
  /** A sandbox account holds no access to drop. */
  async requestReconnect() {},
  async publish(request) {
    await wait();
    return { external_post_id: sandboxPostId(request) };
  },
  async reply(request) {
    await wait();
    return { external_post_id: sandboxPostId(request) };
  },
  async replyMany(requests) {
    await wait();
    return requests.map((request) => ({ external_post_id: sandboxPostId(request) }));
  },
  async sendPrivateMessage(request) {
    await wait();
    return { external_message_id: sandboxPostId(request) };
  },
  async loadEntries(request) {
    await wait();
    return entriesOf(request);
  },
  async fetchProfile(provider, externalId, now) {
    return sandboxEntrantProfile(provider, externalId, now);
  },
};
