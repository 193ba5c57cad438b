/**
 * The tables every service, route, scheduler file, seed and test imports (docs/decisions/021-postgresql.md,
 * design of issue 17): the same names as api/db/schema.ts, typed as PostgreSQL's (api/db/pg/schema.ts) and bound
 * at run time to the dialect of the database the process opened. `openDb` calls `chooseDialect`; the bindings are
 * ESM live bindings, so a module that imported `contests` sees the reassignment. Never capture a table or a column
 * at module level (`const cols = { id: contests.id }` at the top of a file runs before openDb): build such objects
 * in a function. The drift check (npm run db:check) is what makes the cast true: same columns, same types.
 */
import * as pg from "./pg/schema";
import * as sqlite from "./schema";

export type Dialect = "sqlite" | "postgresql";

export let users = sqlite.users as unknown as typeof pg.users;
export let teams = sqlite.teams as unknown as typeof pg.teams;
export let teamMembers = sqlite.teamMembers as unknown as typeof pg.teamMembers;
export let accounts = sqlite.accounts as unknown as typeof pg.accounts;
export let contests = sqlite.contests as unknown as typeof pg.contests;
export let sessions = sqlite.sessions as unknown as typeof pg.sessions;
export let loginCodes = sqlite.loginCodes as unknown as typeof pg.loginCodes;
export let limitHits = sqlite.limitHits as unknown as typeof pg.limitHits;
export let mails = sqlite.mails as unknown as typeof pg.mails;
export let invites = sqlite.invites as unknown as typeof pg.invites;
export let delegations = sqlite.delegations as unknown as typeof pg.delegations;
export let notifications = sqlite.notifications as unknown as typeof pg.notifications;
export let activities = sqlite.activities as unknown as typeof pg.activities;
export let contactMessages = sqlite.contactMessages as unknown as typeof pg.contactMessages;
export let templates = sqlite.templates as unknown as typeof pg.templates;
export let idempotencyKeys = sqlite.idempotencyKeys as unknown as typeof pg.idempotencyKeys;
export let uploads = sqlite.uploads as unknown as typeof pg.uploads;
export let shortlinks = sqlite.shortlinks as unknown as typeof pg.shortlinks;
export let shortlinkVisitors = sqlite.shortlinkVisitors as unknown as typeof pg.shortlinkVisitors;
export let shortlinkVisitDays = sqlite.shortlinkVisitDays as unknown as typeof pg.shortlinkVisitDays;
export let jobs = sqlite.jobs as unknown as typeof pg.jobs;
export let publications = sqlite.publications as unknown as typeof pg.publications;
export let drawCommitments = sqlite.drawCommitments as unknown as typeof pg.drawCommitments;
export let entrants = sqlite.entrants as unknown as typeof pg.entrants;
export let draws = sqlite.draws as unknown as typeof pg.draws;
export let stripeEvents = sqlite.stripeEvents as unknown as typeof pg.stripeEvents;
export let oauthStates = sqlite.oauthStates as unknown as typeof pg.oauthStates;
export let networkQuota = sqlite.networkQuota as unknown as typeof pg.networkQuota;
export let networkEvents = sqlite.networkEvents as unknown as typeof pg.networkEvents;
export let dataDeletions = sqlite.dataDeletions as unknown as typeof pg.dataDeletions;
export let signInAccounts = sqlite.signInAccounts as unknown as typeof pg.signInAccounts;
export let signInStates = sqlite.signInStates as unknown as typeof pg.signInStates;

/** Every table, as one object (drizzle's `schema` option, and for code that walks the tables). */
export type Tables = typeof pg;

let chosen: Dialect | null = null;

/** The dialect this process opened, or null before the first openDb (the bindings are SQLite's until then). */
export function chosenDialect(): Dialect | null {
  return chosen;
}

/**
 * Binds every table to the dialect's. One process serves one database: choosing the other dialect later is an
 * error (tests that open both engines in one file use the schema modules directly).
 */
export function chooseDialect(dialect: Dialect): void {
  if (chosen === dialect) return;
  if (chosen !== null) {
    throw new Error(`this process already serves a ${chosen} database; it cannot open a ${dialect} one too`);
  }
  chosen = dialect;
  const s = (dialect === "postgresql" ? pg : sqlite) as unknown as typeof pg;
  users = s.users;
  teams = s.teams;
  teamMembers = s.teamMembers;
  accounts = s.accounts;
  contests = s.contests;
  sessions = s.sessions;
  loginCodes = s.loginCodes;
  limitHits = s.limitHits;
  mails = s.mails;
  invites = s.invites;
  delegations = s.delegations;
  notifications = s.notifications;
  activities = s.activities;
  contactMessages = s.contactMessages;
  templates = s.templates;
  idempotencyKeys = s.idempotencyKeys;
  uploads = s.uploads;
  shortlinks = s.shortlinks;
  shortlinkVisitors = s.shortlinkVisitors;
  shortlinkVisitDays = s.shortlinkVisitDays;
  jobs = s.jobs;
  publications = s.publications;
  drawCommitments = s.drawCommitments;
  entrants = s.entrants;
  draws = s.draws;
  stripeEvents = s.stripeEvents;
  oauthStates = s.oauthStates;
  networkQuota = s.networkQuota;
  networkEvents = s.networkEvents;
  dataDeletions = s.dataDeletions;
  signInAccounts = s.signInAccounts;
  signInStates = s.signInStates;
}
