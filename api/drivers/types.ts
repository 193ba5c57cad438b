/**
 * The edge of the outside world: each social network is reached through one driver (decisions.md "Social
 * networks"). Routes never talk to a network themselves; they ask `driverFor(provider, env)` for the driver and
 * store what it answers: accounts (link, refresh, reconnect), the contest's publications (main post, replies and
 * reposts for reminders, closing and winners, winning-moment replies), private messages to winners, the entries of
 * a post and an entrant's profile.
 *
 * Every publishing call carries its idempotency key (contest, source, kind, key): a driver asked twice for the
 * same key answers the post it made the first time (the scheduler may run a job again after a restart).
 */
import type { Entrant } from "../../engine/lifecycle";
import type { ProviderDefinition } from "../catalog";
import type { OAuthTokens } from "./shared/tokens";

/** What a network says about an account: the fields the accounts table keeps. */
export type AccountProfile = {
  /** The account's id on the network (the builder sends publicationAccountId of it as publication.account_id). */
  external_id: string;
  name: string;
  screen_name: string;
  /** null: the default profile picture. */
  profile_picture: string | null;
  url: string | null;
  /** A sandbox account: nothing reaches the real network (labelled in the UI). */
  sandbox: boolean;
  /**
   * What a real driver keeps on the account's row (accounts.meta), never answered by the API: the sealed
   * credentials (api/drivers/shared/secrets.ts), the network's own id (a Bluesky DID).
   */
  stored_meta?: Record<string, unknown>;
};

/** Who links an account, for which team, and (when it comes from an invite link) which invite. */
export type LinkRequest = {
  provider: ProviderDefinition;
  team: { id: string; name: string };
  user: { id: string; name: string };
  invite?: { key: string };
  /**
   * The external ids of this network already linked to the team. A driver that lets the person choose an
   * account (an OAuth account chooser, the sandbox) offers one that is not in it.
   */
  linked: readonly string[];
  /** A real account signed in with a password made for the app (Bluesky: handle or DID, app password). */
  credentials?: { identifier: string; app_password: string };
};

/** An account as stored, as much of it as a driver needs to reach it again. */
export type StoredAccount = {
  /** The accounts row (where a real driver keeps the account's sealed credentials). */
  id?: string;
  provider: string;
  external_id: string;
  name: string;
  screen_name: string;
  profile_picture: string | null;
  url: string | null;
  sandbox: boolean;
  /** How it was linked, when the network has several ways (accounts.meta.login_variant). */
  login_variant?: string;
  /** Instagram through a Facebook Page: the Page it is reached through (accounts.meta.page_id). */
  page_id?: string;
};

/** What a publication is in the contest's life (the publications table's kind). */
export type PublicationKind =
  | "main"
  | "reminder"
  | "closing"
  | "winners"
  | "winning_moment_won"
  | "winning_moment_lost"
  | "private_message";

/** How a publication goes out: a new post, or an answer to / a repost of an earlier one. */
export type PublicationMode = "post" | "comment" | "repost" | "reply" | "quote" | "retweet" | "message";

/** Which publication this is: the same key asked twice is the same post. */
export type PublicationKey = {
  contest_id: string;
  source_id: string;
  kind: PublicationKind;
  key: string;
  /**
   * When the publication was first asked for (its row's created_at): a network that names records by time
   * (Bluesky's TIDs) names it by this moment, the same at every retry.
   */
  recorded_at?: string;
};

export type PublishRequest = PublicationKey & {
  /** The team account that publishes. */
  account: StoredAccount;
  /** The text with its tokens filled in. */
  text: string;
  /** Upload ids (api/services/uploads.ts) of its media, 0 to 4. */
  media: string[];
  /** A dark (promoted-only) post, twitter only. */
  dark: boolean;
};

export type ReplyRequest = PublishRequest & {
  mode: Exclude<PublicationMode, "post" | "message">;
  /** The post answered or reposted (the main publication's id on the network). */
  in_reply_to: string;
};

export type PrivateMessageRequest = PublicationKey & {
  account: StoredAccount;
  recipient: { external_id: string; screen_name: string };
  text: string;
  media: string[];
};

/** Where a network's entries are read: one source of a contest, its post and what its form asks. */
export type EntriesRequest = {
  provider: ProviderDefinition;
  contest_id: string;
  /** The stored source's _id. */
  source_id: string;
  /** The main publication's id on the network (null: never published, nothing to read). */
  post_id: string | null;
  /** Who posted it, when the post id alone does not say (a Bluesky link's handle or DID). */
  post_author?: string | null;
  /** The publishing account, when the team has it. */
  account: StoredAccount | null;
  /** The builder form's source (actions, filters), or the stored source for a quick import. */
  source: Record<string, unknown>;
  /** Handles the participants are asked to follow besides the author. */
  accounts_to_follow: string[];
  /** The contest's base group (bad words, excluded accounts), when it has a builder form. */
  base?: Record<string, unknown>;
  now: Date;
  /**
   * A running contest's own window (its start and close dates): the sandbox makes its entries within it and
   * answers those made by `now`. Absent for a quick import (a post already out before the contest existed).
   */
  window?: { start: string; end: string };
  /** At most this many entrants (a network call reads pages until it has them). */
  limit: number;
  /**
   * Where each list's last load stopped (by action kind): a driver that reads incrementally reads only what came
   * after (EntriesLoad.cursors of the load before). A driver may also keep them itself, so a restart resumes.
   */
  cursors?: Record<string, string>;
  /** The sandbox only: how many entrants the rehearsal has (the contest's meta.sandbox_entrants). */
  sandbox_entrants?: number;
  /**
   * The sandbox only: the team's previous winners on this network, most recent first; the first few enter again
   * (engine/lifecycle/sandbox-entrants.ts), so a rehearsal's previous-winners filter has someone to catch.
   */
  previous_winners?: { external_id: string; screen_name: string | null; name: string | null }[];
};

/** What a network says about an entrant's account (the account-age filter reads account_created_at). */
export type EntrantProfile = {
  external_id: string;
  screen_name: string;
  name: string;
  profile_url: string | null;
  /** null: the network does not say. */
  account_created_at: string | null;
  followers: number;
  following: number;
  posts: number;
};

/** How much of one action's list the network let us read (entries page and /verify: "likes: 100 listed of 412"). */
export type ListReadability = {
  /** The action kind, as in the provider definition (comment, like, repost, quote, follow, ...). */
  action: string;
  /** Entrants read from the network for this action. */
  listed: number;
  /** What the network says the total is (a post's like count), null when it does not say. */
  total: number | null;
};
/** What one load of a post's entries answers. */
export type EntriesLoad = {
  entrants: Entrant[];
  lists: ListReadability[];
  /** Where each list stopped (by action kind), for the next load to read only what is new. */
  cursors?: Record<string, string>;
};

/**
 * One event a network pushed (Meta's webhooks: a Facebook `feed` comment, an Instagram `comments`, a Threads
 * `replies`), as the webhook route stores it once by `id` (network_events) and the driver reads it back.
 */
export type NetworkEvent = {
  /** Stable across deliveries of the same event (the comment's id, with the verb when it is a removal). */
  id: string;
  /** The post it concerns, as the source's post_id names it. */
  post_id: string;
  /** What happened: an action kind of the definition (comment, like, ...) or `remove` (a comment deleted). */
  action: string;
  entrant: { external_id: string; screen_name: string | null; name: string | null };
  text: string | null;
  /** When it happened on the network (ISO). */
  at: string;
};

/** A post a quick import names by its link, as the network has it (resolvePost). */
export type ResolvedPost = {
  post_id: string;
  /** The post's author on the network (a YouTube channel id). */
  author_id: string;
  author_screen_name: string | null;
  text: string;
  published_at: string | null;
};

/** An account's standing with its network's limits: a quota (units per day) or a rate limit. */
export type QuotaState = {
  /** What the limit counts: YouTube's quota units, or calls. */
  unit: "quota_units" | "calls";
  used: number;
  /** null: the network does not say. */
  limit: number | null;
  /** When it resets (ISO), null when unknown. */
  resets_at: string | null;
  /** Loads wait until resets_at (the network refused for the quota). */
  paused: boolean;
};

/**
 * What a contest is expected to cost of a network's limits, shown before it starts (GET …/accounts/:id/quota):
 * in the unit its quota counts, a first load of 1,000 entrants, each later load that finds nothing new, and each
 * publication; `reads_per_1000_entrants`: what a first load reads, for a network that bills reads (X).
 */
export type ExpectedCost = {
  unit: QuotaState["unit"];
  first_load_per_1000_entrants: number;
  later_load: number;
  publication: number;
  reads_per_1000_entrants?: { posts: number; users: number };
};

/**
 * How an OAuth network's account is linked (the one flow of api/routes/account-connect.ts): the authorization
 * URL, the code exchange, the refresh and revocation of tokens, and the publish targets the login owns (a Google
 * account's channels). What it answers as tokens is sealed at once and never answered by the API.
 */
export interface OAuthSteps {
  /** PKCE (S256) is sent: the network takes it. */
  readonly pkce: boolean;
  authorizationUrl(state: string, codeVerifier: string | null): URL;
  exchangeCode(code: string, codeVerifier: string | null): Promise<OAuthTokens>;
  refresh(refreshToken: string): Promise<OAuthTokens>;
  revoke(token: string): Promise<void>;
  /** The accounts this login may publish as (one per channel); each one's stored_meta is filled by the route. */
  publishTargets(tokens: OAuthTokens): Promise<AccountProfile[]>;
}

export interface NetworkDriver {
  /** Links an account: the network's answer once the person has granted access. */
  linkAccount(request: LinkRequest): Promise<AccountProfile>;
  /** Reads the account's profile again (name, handle, picture may have changed on the network). */
  refreshAccount(account: StoredAccount): Promise<AccountProfile>;
  /**
   * The team asks for the account to be connected again (its access expired or was revoked). A real driver may
   * drop the stored access here; the owner is told by a notification, not by the driver.
   */
  requestReconnect(account: StoredAccount): Promise<void>;
  /** Publishes a new post with its media: the main publication. */
  publish(request: PublishRequest): Promise<{ external_post_id: string }>;
  /** Answers or reposts a post: reminders, closing and winners publications, winning-moment replies. */
  reply(request: ReplyRequest): Promise<{ external_post_id: string }>;
  /**
   * Optional: answers many replies in one call, in order (the sandbox, which reaches no network; a close sends
   * tens of thousands of winning-moment replies). Without it they go one `reply` after the other.
   */
  replyMany?(requests: readonly ReplyRequest[]): Promise<{ external_post_id: string }[]>;
  /** Sends a private message (to a winner). */
  sendPrivateMessage(request: PrivateMessageRequest): Promise<{ external_message_id: string }>;
  /**
   * The entrants of a post: its comments, reposts, quotes, likes and the author's followers, per account; and
   * how much of each asked action's list the network let us read (capabilities.actions of the definition).
   */
  loadEntries(request: EntriesRequest): Promise<EntriesLoad>;
  /** An account's profile, with its creation date (account age). */
  fetchProfile(provider: ProviderDefinition, externalId: string, now: Date): Promise<EntrantProfile>;
  /**
   * Optional: the post a quick import names, read with the account (PostUnavailable when it does not exist or
   * cannot be read: the import is refused with a 422 and counts no import). Its post_id is the id to keep (a
   * Bluesky at:// URI by DID, so a later handle change does not lose it).
   */
  resolvePost?(request: {
    provider: ProviderDefinition;
    post_id: string;
    /** Who posted it, when the link says (a Bluesky link's handle or DID). */
    author: string | null;
    account: StoredAccount | null;
  }): Promise<ResolvedPost>;
  /** Optional: the account's quota or rate-limit state (a network with a daily quota: YouTube). */
  quotaState?(account: StoredAccount | null): Promise<QuotaState>;
  /** Optional, with quotaState: what a contest is expected to cost of it (shown before the start). */
  expectedCost?(): ExpectedCost;
  /** Optional: drops the account's access on the network (revokes its tokens) when it is unlinked. */
  unlink?(account: StoredAccount): Promise<void>;
}
