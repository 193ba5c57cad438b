/**
 * The database tables (drizzle, SQLite dialect). Kept portable for a later PostgreSQL dialect:
 * ids are opaque text, dates are ISO 8601 UTC text, JSON lives in text columns, no SQLite-only SQL.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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

export const teams = sqliteTable("teams", {
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
  createdAt: text("created_at").notNull(),
  deletedAt: text("deleted_at"),
});

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
    /** Numeric id on the network, used as publication.account_id by the builder. */
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
  },
  (t) => [index("contests_team_status").on(t.teamId, t.status, t.createdAt)],
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
