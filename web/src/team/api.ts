/**
 * The calls of the team pages and dialogs (app-shell.md §7), each read through `unwrap` (one way). Answers are
 * typed with the stored shapes of schemas/stored (the API's tests check every answer against them); the casts
 * from Hono's looser inferred types live here, once.
 *
 * The typed client only accepts `json` on a route without path parameters when the route declares no
 * validator; for the routes that read their body with jsonBody and have a `:param`, the arguments are built as
 * a value first (the same call at run time, see hono/client: it sends `json` whatever the type says).
 */
import type { Account, ActivityItem, Invite, Member, Shortlink, Team } from "../../../codegen/types";
import { api, unwrap } from "../api/client";

export type { Account, ActivityItem, Invite, Member, Shortlink, Team };

export type ShortlinksOnPaste = "always_ask" | "always" | "never";

// ------------------------------------------------------------------------------------------------ team

export async function updateTeam(body: {
  name?: string;
  meta?: { contest_builder_create_shortlinks_on_paste: ShortlinksOnPaste | null };
}): Promise<Team> {
  return (await unwrap(api.teams.current.$post({ json: body }))) as Team;
}

/** A new team on the basic plan, owned by the caller; the server makes it their current team. */
export async function createTeam(name: string): Promise<Team> {
  return (await unwrap(api.teams.$post({ json: { name } }))) as Team;
}

export async function deleteTeam(teamId: string): Promise<void> {
  await unwrap(api.teams[":teamId"].$delete({ param: { teamId } }));
}

export async function transferOwnership(teamId: string, newOwnerId: string): Promise<Team> {
  const args = { param: { teamId }, json: { new_owner_id: newOwnerId } };
  return (await unwrap(api.teams[":teamId"].transfer_ownership.$post(args))) as Team;
}

// --------------------------------------------------------------------------------------------- members

export async function listMembers(): Promise<Member[]> {
  return (await unwrap(api.teams.current.members.list.$get())).data as Member[];
}

export async function removeMember(memberId: string): Promise<void> {
  await unwrap(api.teams.current.members[":id"].$delete({ param: { id: memberId } }));
}

/** Sends only the permissions that changed (app-shell.md §7 "updated_permissions (changed only)"). */
export async function updatePermissions(
  teamId: string,
  memberId: string,
  updated: Record<string, boolean>,
): Promise<Member> {
  const args = {
    param: { team_id: teamId, member_id: memberId },
    json: { updated_permissions: updated },
  };
  return (await unwrap(api.teams[":team_id"].members[":member_id"].permissions.$post(args))) as Member;
}

// --------------------------------------------------------------------------------------------- invites

export async function inviteMember(email: string): Promise<Invite> {
  const json = email.trim() === "" ? {} : { email: email.trim() };
  return (await unwrap(api.teams.current.members.invite.$post({ json }))) as Invite;
}

export async function inviteAccount(provider: string, email: string): Promise<Invite> {
  const json = email.trim() === "" ? { provider } : { provider, email: email.trim() };
  return (await unwrap(api.teams.current.accounts.invite.$post({ json }))) as Invite;
}

export async function listInvites(): Promise<Invite[]> {
  return (await unwrap(api.teams.current.invites.list.$get())).data as Invite[];
}

export async function cancelInvite(inviteId: string): Promise<Invite> {
  return (await unwrap(api.teams.current.invites[":id"].$delete({ param: { id: inviteId } }))) as Invite;
}

// -------------------------------------------------------------------------------------------- accounts

export async function listAccounts(): Promise<Account[]> {
  return (await unwrap(api.teams.current.accounts.list.$get())).data as Account[];
}

/** Links an account of the network now, with the signed-in person's own access (the sandbox links at once). */
export async function linkAccount(provider: string): Promise<Account> {
  return (await unwrap(api.teams.current.accounts.link.$post({ json: { provider } }))) as Account;
}

/** Connects a real account with a password made for Fairdraw (Bluesky: handle or DID and an app password). */
export async function connectAccount(
  provider: string,
  identifier: string,
  appPassword: string,
): Promise<Account> {
  return (await unwrap(
    api.teams.current.accounts.link.$post({ json: { provider, identifier, app_password: appPassword } }),
  )) as Account;
}

/** Reads the profile again; answers whether it worked (app-shell.md §7 "reads success"). */
export async function refreshAccount(accountId: string): Promise<boolean> {
  const answer = await unwrap(api.teams.current.accounts[":id"].refresh.$post({ param: { id: accountId } }));
  return answer.success === true;
}

export async function requestReconnect(accountId: string): Promise<void> {
  await unwrap(api.teams.current.accounts[":id"].request_reconnect.$post({ param: { id: accountId } }));
}

export async function unlinkAccount(accountId: string): Promise<void> {
  await unwrap(api.teams.current.accounts[":id"].$delete({ param: { id: accountId } }));
}

// ------------------------------------------------------------------------------------------ shortlinks

export type ShortlinkDraft = { type: "random" | "custom"; domain: string; key: string | null; url: string };

export async function createShortlink(body: ShortlinkDraft): Promise<Shortlink> {
  return (await unwrap(api.teams.current.shortlinks.create.$post({ json: body }))) as Shortlink;
}

/** The team's shortlinks, newest first; `limit` for "the last 5". */
export async function listShortlinks(limit?: number): Promise<Shortlink[]> {
  const query = limit === undefined ? {} : { limit: String(limit) };
  return (await unwrap(api.teams.current.shortlinks.list.$get({ query }))).data as Shortlink[];
}

/** One shortlink by _id or by key (the /team/shortlinks/{key} page), on `domain` when given. */
export async function getShortlink(idOrKey: string, domain?: string | null): Promise<Shortlink> {
  const args = { param: { id: idOrKey }, query: domain ? { domain } : {} };
  return (await unwrap(api.teams.current.shortlinks[":id"].$get(args))) as Shortlink;
}

/** A shortlink's visits per UTC day, every day of the range (both ends included; the API's last 30 days without). */
export async function getShortlinkStatistics(
  id: string,
  range?: { from: string; to: string },
): Promise<ShortlinkStatistics> {
  const args = { param: { id }, query: range ?? {} };
  return await unwrap(api.teams.current.shortlinks[":id"].statistics.$get(args));
}

export type ShortlinkStatistics = {
  from: string;
  to: string;
  time_zone: "UTC";
  days: { day: string; visits: number; uniq_visits: number }[];
};

// -------------------------------------------------------------------------------------------- activity

/** The server's page size for both activity lists (api/routes/activity.ts): a shorter page is the last one. */
export const ACTIVITY_PAGE_SIZE = 20;

/** A page of the team's activity, newest first; `before` = the _id of the last one shown. */
export async function listActivity(before?: string): Promise<ActivityItem[]> {
  const query = before ? { before } : {};
  return (await unwrap(api.teams.current.activity.list.$get({ query }))).data as ActivityItem[];
}

// ------------------------------------------------------------------------------------------ quota use

/** How many drafts and templates the team holds (the lists' totals; app-shell.md §3 quotas). */
export async function countTemplates(): Promise<number> {
  return (await unwrap(api.teams.current.templates.list.$get({ query: { per_page: "1" } }))).meta.total;
}

/** One quota: what the team uses and its limit (GET /teams/current/quotas). */
export type QuotaUse = { used: number; limit: number };

/**
 * What the team uses of each quota, counted as the server enforces them (GET /teams/current/quotas): accounts
 * per network (`used` is the busiest network's count), imports of this calendar month, winners a limit per draw.
 */
export type QuotaUsage = {
  members: QuotaUse & { invites: number };
  accounts: QuotaUse & { per_provider: Record<string, number> };
  drafts: QuotaUse;
  templates: QuotaUse;
  imports: QuotaUse & { period: "month" };
  contests: QuotaUse;
  winners: { limit: number };
  /** Megabytes of uploaded media (one decimal). */
  storage_mb: QuotaUse;
};

export async function fetchQuotas(): Promise<QuotaUsage> {
  return (await unwrap(api.teams.current.quotas.$get())).data as QuotaUsage;
}
