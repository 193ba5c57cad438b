/**
 * The database tables (drizzle, SQLite dialect). api/db/pg/schema.ts is the same in PostgreSQL's dialect: change
 * both, then `npm run db:generate` (`npm run db:check`, in `npm test`, names any difference; decision 021).
 * Ids are opaque text, dates are ISO 8601 UTC text, JSON lives in text columns, no SQLite-only SQL.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { FrozenListRead } from "../../engine/lifecycle/commitment";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    locale: text("locale").notNull().default("en"),
    grade: text("grade"),
    profilePicture: text("profile_picture"),
    currentTeamId: text("current_team_id"),
    retweetRate: integer("retweet_rate"),
    lastReadNotificationId: text("last_read_notification_id"),
    createdAt: text("created_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const teams = sqliteTable(
  "teams",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id),
    plan: text("plan").notNull().default("basic"),
    /** Custom quotas (app-shell.md §3), JSON object of quota name → number. */
    quotas: text("quotas", { mode: "json" }).$type<Record<string, number>>(),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    frozenLimitDate: text("frozen_limit_date"),
    /** { period: "monthly" | "yearly", support?: { name, email, phone, profile_picture_url } } */
    subscription: text("subscription", { mode: "json" }).$type<Record<string, unknown>>(),
    /** The team's Stripe customer (cus_...), made at its first checkout and kept (api/billing/). */
    stripeCustomerId: text("stripe_customer_id"),
    /** The Stripe subscription as last applied (api/billing/subscription-state.ts BillingState). */
    billing: text("billing", { mode: "json" }).$type<Record<string, unknown>>(),
    /** A payment failed: the grace period ends then, and the team is frozen if it is still unpaid (api/billing/). */
    paymentDueAt: text("payment_due_at"),
    createdAt: text("created_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  // One team per Stripe customer: a webhook finds its team by the customer (api/billing/webhook.ts).
  (t) => [uniqueIndex("teams_stripe_customer_unique").on(t.stripeCustomerId)],
);

export const teamMembers = sqliteTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    role: text("role").notNull().default("member"),
    /** Permission name → granted, only the keys changed from the defaults. */
    permissions: text("permissions", { mode: "json" }).$type<Record<string, boolean>>(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_members_user").on(t.userId)],
);

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").references(() => teams.id),
    userId: text("user_id").references(() => users.id),
    provider: text("provider").notNull(),
    /** Id on the network; the builder knows the account by publicationAccountId of it (publication.account_id). */
    externalId: text("external_id").notNull(),
    name: text("name").notNull(),
    screenName: text("screen_name").notNull(),
    profilePicture: text("profile_picture"),
    url: text("url"),
    sandbox: integer("sandbox", { mode: "boolean" }).notNull().default(false),
    disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    linkedAt: text("linked_at").notNull(),
  },
  (t) => [index("accounts_team").on(t.teamId)],
);

export const contests = sqliteTable(
  "contests",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    name: text("name").notNull(),
    type: text("type").notNull().default("tunnel"),
    /** draft, planned, started, closed, ended, canceled. */
    status: text("status").notNull(),
    startAt: text("start_at"),
    closeAt: text("close_at"),
    loadedAt: text("loaded_at"),
    drawnAt: text("drawn_at"),
    canceledAt: text("canceled_at"),
    /** The builder form as submitted (base, sources, summary). */
    cbData: text("cb_data", { mode: "json" }).$type<Record<string, unknown>>(),
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>(),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    paidContest: integer("paid_contest", { mode: "boolean" }).notNull().default(false),
    /** A draft saved from the create-paid-contest dialog, waiting for its one-shot payment. */
    forPayment: integer("for_payment", { mode: "boolean" }).notNull().default(false),
    isDuplicate: integer("is_duplicate", { mode: "boolean" }).notNull().default(false),
    /** Stored sources (contest-builder.md §3 "Stored source"), filled from the form or by a quick import. */
    sources: text("sources", { mode: "json" }).$type<Record<string, unknown>[]>(),
    /** The providers of its sources, for the list. */
    providers: text("providers", { mode: "json" }).$type<string[]>(),
    entriesCount: integer("entries_count").notNull().default(0),
    /** Where this contest was merged into (merge), if it was. */
    mergedInto: text("merged_into"),
    deletedAt: text("deleted_at"),
    sandbox: integer("sandbox", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").references(() => users.id),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Timeline (contest-builder.md §4): when the status really moved, written by the move itself. */
    startedAt: text("started_at"),
    closedAt: text("closed_at"),
    /** When the entries were (last) loaded, tunnel at the close job or classic by hand. */
    entriesLoadedAt: text("entries_loaded_at"),
    endedAt: text("ended_at"),
    /** The filters' funnel of the last load ({ total, removed: { reason: n }, valid, kept, truncated }). */
    funnel: text("funnel", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [
    index("contests_team_status").on(t.teamId, t.status, t.createdAt),
    // The team's contest list and its count, read from this index alone: a row's list columns sit after its
    // stored form (tens of KB of overflow pages), which a list or a count must then not walk through.
    index("contests_team_list").on(
      t.teamId,
      t.deletedAt,
      t.createdAt,
      t.id,
      t.status,
      t.name,
      t.type,
      t.providers,
      t.startAt,
      t.closeAt,
      t.entriesCount,
      t.sandbox,
      t.paidContest,
      t.forPayment,
    ),
    // GET /users/me/contests/list: a person's contests, newest first.
    index("contests_created_by").on(t.createdBy, t.createdAt),
  ],
);

/** A signed-in browser. The cookie holds a random token; the table holds only its SHA-256 (the id). */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    csrfToken: text("csrf_token").notNull(),
    createdAt: text("created_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    /** Absolute expiry; the idle expiry is counted from last_seen_at. */
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** A 6-digit sign-in code sent by e-mail (only its hash is kept), with its wrong tries. */
export const loginCodes = sqliteTable(
  "login_codes",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    consumedAt: text("consumed_at"),
  },
  (t) => [index("login_codes_email").on(t.email, t.createdAt)],
);

/**
 * One counted event of an abuse limit (api/limits.ts): a sign-in code asked, a wrong guess, an invitation mail.
 * Kept in the database so every process counts the same hits; hits older than the longest window are pruned.
 */
export const limitHits = sqliteTable(
  "limit_hits",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    key: text("key").notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("limit_hits_name_key_at").on(t.name, t.key, t.at), index("limit_hits_at").on(t.at)],
);

/** Every e-mail the app sent; outside production this is the dev mailbox (GET /api/dev/mailbox). */
export const mails = sqliteTable("mails", {
  id: text("id").primaryKey(),
  to: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: text("created_at").notNull(),
});

export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    /** add_member or link_account. */
    type: text("type").notNull(),
    /** active, used, expired, canceled. */
    status: text("status").notNull(),
    provider: text("provider"),
    email: text("email"),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    senderId: text("sender_id").references(() => users.id),
    receiverId: text("receiver_id").references(() => users.id),
    cancelerId: text("canceler_id").references(() => users.id),
    createdAt: text("created_at").notNull(),
    sentAt: text("sent_at"),
    usedAt: text("used_at"),
    canceledAt: text("canceled_at"),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [uniqueIndex("invites_key_unique").on(t.key), index("invites_team").on(t.teamId, t.createdAt)],
);

/** An account a person linked through an invite, delegated to a team. */
export const delegations = sqliteTable(
  "delegations",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("delegations_user").on(t.userId)],
);

/** A notification for one user (user_id) or for every member of a team (team_id). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id").references(() => teams.id),
    userId: text("user_id").references(() => users.id),
    /** { key, data, title, description, link } */
    content: text("content", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("notifications_user").on(t.userId, t.id), index("notifications_team").on(t.teamId, t.id)],
);

/** The team's activity log (app-shell.md §9 types). */
export const activities = sqliteTable(
  "activities",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    type: text("type").notNull(),
    userId: text("user_id").references(() => users.id),
    targetUserId: text("target_user_id").references(() => users.id),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("activities_team").on(t.teamId, t.id), index("activities_user").on(t.userId, t.id)],
);

export const contactMessages = sqliteTable("contact_messages", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id),
  teamId: text("team_id").references(() => teams.id),
  reason: text("reason").notNull(),
  message: text("message").notNull(),
  meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
  createdAt: text("created_at").notNull(),
});

/** Templates (contest-builder.md §7): a saved builder form to start contests from. */
export const templates = sqliteTable(
  "templates",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    name: text("name").notNull(),
    cbData: text("cb_data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdBy: text("created_by").references(() => users.id),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [index("templates_team").on(t.teamId, t.createdAt)],
);

/**
 * Idempotency of create calls: the same key and body give the same answer and one object; the same key with
 * another body is a 409. The row is written in the transaction that creates the object.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    key: text("key").notNull(),
    /** What was asked: the call and a hash of its body. */
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    response: text("response", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.key] })],
);

/**
 * Uploaded media. The bytes live once on disk per content hash (UPLOAD_DIR/<sha256>); each team has its own row
 * (uuid) for a content, so a team can only view or delete what it uploaded.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    sha256: text("sha256").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    originalName: text("original_name"),
    createdBy: text("created_by").references(() => users.id),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("uploads_team_hash").on(t.teamId, t.sha256), index("uploads_hash").on(t.sha256)],
);

export const shortlinks = sqliteTable(
  "shortlinks",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    /** random or custom. */
    type: text("type").notNull(),
    domain: text("domain").notNull(),
    key: text("key").notNull(),
    url: text("url").notNull(),
    nbVisits: integer("nb_visits").notNull().default(0),
    nbUniqVisits: integer("nb_uniq_visits").notNull().default(0),
    createdBy: text("created_by").references(() => users.id),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("shortlinks_domain_key").on(t.domain, t.key),
    index("shortlinks_team").on(t.teamId, t.createdAt),
  ],
);

/** Who visited a shortlink, as a keyed hash of the visitor (never a raw IP), for unique visits. */
export const shortlinkVisitors = sqliteTable(
  "shortlink_visitors",
  {
    shortlinkId: text("shortlink_id")
      .notNull()
      .references(() => shortlinks.id),
    visitorHash: text("visitor_hash").notNull(),
    firstSeenAt: text("first_seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.shortlinkId, t.visitorHash] })],
);

/** Visits of a shortlink per UTC day (YYYY-MM-DD), for its statistics over time; unique ones come from the visitors. */
export const shortlinkVisitDays = sqliteTable(
  "shortlink_visit_days",
  {
    shortlinkId: text("shortlink_id")
      .notNull()
      .references(() => shortlinks.id),
    day: text("day").notNull(),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shortlinkId, t.day] })],
);

/**
 * The scheduler's durable jobs (api/scheduler/): one row per thing to do for a contest at a time. A job is never
 * scheduled twice (contest, kind, key); a tick claims due jobs with a guarded UPDATE, runs them, marks them done.
 * A job left claimed past the claim timeout (the process stopped) is claimed again; every job's effect is
 * idempotent.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    contestId: text("contest_id")
      .notNull()
      .references(() => contests.id),
    /** One of JOB_KINDS (api/scheduler/jobs.ts): start, load, reminder, close, closing, moment_replies, autodraw, … */
    kind: text("kind").notNull(),
    /** Tells jobs of one kind apart: the source and reminder ids, or "contest". */
    key: text("key").notNull(),
    dueAt: text("due_at").notNull(),
    /** pending, claimed, done, failed, canceled. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: text("claimed_at"),
    doneAt: text("done_at"),
    lastError: text("last_error"),
    /** What the run did ({ skipped: reason } when there was nothing to do). */
    result: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("jobs_contest_kind_key").on(t.contestId, t.kind, t.key),
    index("jobs_status_due").on(t.status, t.dueAt),
    // A contest's pending jobs, replaced on every schedule: without it the delete scanned every pending job.
    index("jobs_contest_status").on(t.contestId, t.status),
  ],
);

/**
 * What was published (or sent) on a network for a contest, whatever the driver: for the sandbox this is where the
 * publication goes. Keyed by (contest, source, kind, key) so a job run again never publishes twice.
 */
export const publications = sqliteTable(
  "publications",
  {
    id: text("id").primaryKey(),
    contestId: text("contest_id")
      .notNull()
      .references(() => contests.id),
    /** The stored source's _id. */
    sourceId: text("source_id").notNull(),
    provider: text("provider").notNull(),
    /** main, reminder, closing, winners, winning_moment_won, winning_moment_lost, private_message. */
    kind: text("kind").notNull(),
    /** "main", the reminder id, the entrant id (replies and private messages), ... */
    key: text("key").notNull(),
    /** The text with its tokens filled in. */
    text: text("text").notNull(),
    /** Upload ids of its media. */
    media: text("media", { mode: "json" }).$type<string[]>().notNull(),
    /** How it went out: post, comment, repost, reply, quote, retweet, message. */
    mode: text("mode").notNull(),
    /** The post it answers or reposts; the recipient of a private message (provider:external_id). */
    inReplyTo: text("in_reply_to"),
    recipient: text("recipient"),
    externalPostId: text("external_post_id"),
    /**
     * publishing (the driver was asked), published, refused (a private message the recipient does not take, a post
     * the network refuses for good: X's duplicate content).
     */
    status: text("status").notNull(),
    /** Why a refused publication was refused, as the network said it (null otherwise). */
    refusal: text("refusal"),
    createdAt: text("created_at").notNull(),
    publishedAt: text("published_at"),
  },
  (t) => [uniqueIndex("publications_key").on(t.contestId, t.sourceId, t.kind, t.key)],
);

/**
 * A contest's draw commitments (docs/draw.md): the secret seed and its SHA-256, made when the contest is
 * scheduled and published as {SEED}; the seed is shown only once the final draw revealed it. Twitter winning
 * moments are committed the same way (salt + moments), revealed at the close.
 */
export const drawCommitments = sqliteTable("draw_commitments", {
  contestId: text("contest_id")
    .primaryKey()
    .references(() => contests.id),
  seed: text("seed").notNull(),
  seedCommitment: text("seed_commitment").notNull(),
  committedAt: text("committed_at").notNull(),
  revealedAt: text("revealed_at"),
  /** Per twitter source with winning moments: { [sourceId]: { moments, salt, commitment } }. */
  moments: text("moments", { mode: "json" }).$type<Record<string, unknown>>(),
  /** Per source: the resolved moments ({ moment, winner }[]), once closed. */
  momentsResult: text("moments_result", { mode: "json" }).$type<Record<string, unknown>>(),
  /** Per source: the entries the moments were resolved over ({ id, at }[], load order), frozen with the result. */
  momentsEntries: text("moments_entries", { mode: "json" }).$type<
    Record<string, { id: string; at: string }[]>
  >(),
  momentsRevealedAt: text("moments_revealed_at"),
});

/**
 * One entry of a contest (engine/lifecycle Entrant): an account's entry in one source, what the filters said of
 * it and the manual check. The id is provider:external_id, the id the draw's entrants list holds; an account that
 * entered twice (a duplicate, or two sources of one network) has two rows with one id, told apart by position.
 */
export const entrants = sqliteTable(
  "entrants",
  {
    contestId: text("contest_id")
      .notNull()
      .references(() => contests.id),
    id: text("id").notNull(),
    /** Load order (0, 1, ...): the list order and which entries a capped load keeps. */
    position: integer("position").notNull(),
    sourceId: text("source_id").notNull(),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    screenName: text("screen_name").notNull(),
    name: text("name").notNull(),
    profileUrl: text("profile_url"),
    accountCreatedAt: text("account_created_at"),
    followers: integer("followers").notNull().default(0),
    following: integer("following").notNull().default(0),
    posts: integer("posts").notNull().default(0),
    isBotSignal: integer("is_bot_signal", { mode: "boolean" }).notNull().default(false),
    comments: text("comments", { mode: "json" })
      .$type<{ id: string; text: string; at: string }[]>()
      .notNull(),
    did: text("did", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    repostRatio: integer("repost_ratio"),
    firstAt: text("first_at").notNull(),
    /** first_at is when a load first saw the action: the network dates none (a repost as listed). */
    firstSeen: integer("first_seen", { mode: "boolean" }).notNull().default(false),
    valid: integer("valid", { mode: "boolean" }).notNull(),
    /** Why the filters removed it (reason codes). */
    reasons: text("reasons", { mode: "json" }).$type<string[]>().notNull(),
    /** pending, approved, rejected. */
    manualCheck: text("manual_check").notNull().default("pending"),
    manualCheckReasons: text("manual_check_reasons", { mode: "json" }).$type<string[]>().notNull(),
    checkedBy: text("checked_by").references(() => users.id),
    checkedAt: text("checked_at"),
    /** Who last opened the entrant's profile through the app, and when: a manual check needs the reviewer's own. */
    profileOpenedBy: text("profile_opened_by").references(() => users.id),
    profileOpenedAt: text("profile_opened_at"),
    loadedAt: text("loaded_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.position] }),
    index("entrants_contest_id").on(t.contestId, t.id),
    index("entrants_contest_valid").on(t.contestId, t.valid),
  ],
);

/**
 * A draw over a frozen entrants list: test draws (kind test, index 1, 2, ...) and the one final draw (index 0).
 * The list is kept as ids so anyone can recompute the draw once the seed is revealed.
 */
export const draws = sqliteTable(
  "draws",
  {
    id: text("id").primaryKey(),
    contestId: text("contest_id")
      .notNull()
      .references(() => contests.id),
    kind: text("kind").notNull(),
    testIndex: integer("test_index").notNull(),
    /** The frozen entrants list (canonical order). */
    entrants: text("entrants", { mode: "json" }).$type<string[]>().notNull(),
    entrantsHash: text("entrants_hash").notNull(),
    /**
     * The list's metadata, covered by entrants_hash (docs/draw.md): how much of each action's list the networks
     * let us read. null: a list frozen before it was recorded (its hash covers the ids alone).
     */
    listReads: text("list_reads", { mode: "json" }).$type<FrozenListRead[]>(),
    entrantsCount: integer("entrants_count").notNull(),
    winnersCount: integer("winners_count").notNull(),
    substitutesCount: integer("substitutes_count").notNull(),
    winners: text("winners", { mode: "json" }).$type<string[]>().notNull(),
    substitutes: text("substitutes", { mode: "json" }).$type<string[]>().notNull(),
    seedCommitment: text("seed_commitment").notNull(),
    /** null: the automatic draw. */
    createdBy: text("created_by").references(() => users.id),
    createdAt: text("created_at").notNull(),
  },
  (t) => [uniqueIndex("draws_contest_kind_index").on(t.contestId, t.kind, t.testIndex)],
);

/** Stripe webhook events already applied, by their id: each is applied once (api/billing/webhook.ts). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  appliedAt: text("applied_at").notNull(),
});
/**
 * An OAuth link under way (api/routes/account-connect.ts): the single-use `state` sent to the network (only its
 * SHA-256 kept, as the id), bound to the session, the team and (an account invite) the invite, for 10 minutes;
 * the PKCE verifier sealed. After a login that owns several channels, `pending` holds the sealed tokens and the
 * channels offered until the person picks one.
 */
export const oauthStates = sqliteTable(
  "oauth_states",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    sessionId: text("session_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id),
    inviteKey: text("invite_key"),
    verifier: text("verifier"),
    /** The login variant asked (schemas/providers/*.json login_variants); null: the network's default. */
    variant: text("variant"),
    pending: text("pending", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("oauth_states_expires").on(t.expiresAt)],
);

/**
 * A network's daily quota spent (YouTube: units per project and Pacific day, api/drivers/youtube/quota.ts), and
 * until when loads wait after the network refused for it.
 */
export const networkQuota = sqliteTable(
  "network_quota",
  {
    network: text("network").notNull(),
    /** Whose quota: the OAuth client (a Google Cloud project), by a hash of its client id. */
    project: text("project").notNull(),
    /** The quota's day (YYYY-MM-DD, in the network's own time zone). */
    day: text("day").notNull(),
    units: integer("units").notNull().default(0),
    /** Set when the network answered quotaExceeded: loads wait until then. */
    pausedUntil: text("paused_until"),
  },
  (t) => [primaryKey({ columns: [t.network, t.project, t.day] })],
);

/**
 * Events a network pushed (Meta's webhooks, api/routes/meta-webhooks.ts), each stored once by the network's own
 * id (a second delivery of it changes nothing), by the post it concerns: the driver's loads read them with what
 * they poll, so an entry is counted once whichever way it came.
 */
export const networkEvents = sqliteTable(
  "network_events",
  {
    provider: text("provider").notNull(),
    id: text("id").notNull(),
    postId: text("post_id").notNull(),
    action: text("action").notNull(),
    entrant: text("entrant", { mode: "json" })
      .$type<{ external_id: string; screen_name: string | null; name: string | null }>()
      .notNull(),
    text: text("text"),
    /** When it happened on the network. */
    at: text("at").notNull(),
    receivedAt: text("received_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] }), index("network_events_post").on(t.provider, t.postId)],
);

/**
 * Meta's data-deletion requests (the callback's confirmation code as the id): whose (a hash of the network's user
 * id, never the id itself), and when it was done; its status URL answers from here.
 */
export const dataDeletions = sqliteTable("data_deletions", {
  code: text("code").primaryKey(),
  provider: text("provider").notNull(),
  userHash: text("user_hash").notNull(),
  accounts: integer("accounts").notNull(),
  requestedAt: text("requested_at").notNull(),
  completedAt: text("completed_at"),
});

/**
 * A network a person signs in with (docs/decisions/038): the network's id of them (`subject`: the id_token's
 * `sub`, or the user endpoint's id), one person per network login. No token is kept: sign-in needs none afterwards.
 */
export const signInAccounts = sqliteTable(
  "sign_in_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    name: text("name").notNull(),
    screenName: text("screen_name"),
    email: text("email"),
    profilePicture: text("profile_picture"),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    uniqueIndex("sign_in_accounts_subject").on(t.provider, t.subject),
    index("sign_in_accounts_user").on(t.userId),
  ],
);

/**
 * A sign-in with a network under way: the state's SHA-256, bound to the browser that started it (the hash of a
 * cookie it holds), its nonce and sealed PKCE verifier, used once within 10 minutes. `userId`: a signed-in person
 * adding a way in (null: signing in).
 */
export const signInStates = sqliteTable(
  "sign_in_states",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    browser: text("browser").notNull(),
    nonce: text("nonce").notNull(),
    verifier: text("verifier"),
    next: text("next"),
    userId: text("user_id").references(() => users.id),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("sign_in_states_expires").on(t.expiresAt)],
);
