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
    isDuplicate: integer("is_duplicate", { mode: "boolean" }).notNull().default(false),
    sandbox: integer("sandbox", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").references(() => users.id),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("contests_team_status").on(t.teamId, t.status, t.createdAt)],
);
