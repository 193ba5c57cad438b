/**
 * Every API route, described once: what it is for, who may call it, what it takes and answers. The OpenAPI
 * document is built from this table and the JSON Schemas of schemas/; the permission matrix test reads it too,
 * and a test fails when a route of the app has no entry here (or an entry has no route).
 */
import { ADMIN_ROUTES } from "./admin-routes";
import { BILLING_ROUTES } from "./billing-routes";
import { CONNECT_ROUTES } from "./connect-routes";
import { CONTESTS_ROUTES } from "./contests-routes";
import { LIFECYCLE_ROUTES } from "./lifecycle-routes";
import { QUICKDRAW_ROUTES } from "./quickdraw-routes";
import { SHORTLINKS_ROUTES } from "./shortlinks-routes";
import { SIGN_IN_ROUTES } from "./sign-in-routes";
import { UPLOADS_ROUTES } from "./uploads-routes";
import { WEBHOOK_ROUTES } from "./webhook-routes";

export type Access =
  | "public" // no session needed
  | "session" // a signed-in user
  | "team" // a signed-in user acting in their current team (permission optional)
  | "admin"; // a signed-in user of grade admin (Fairdraw staff), whatever team

export type RouteDoc = {
  method: "GET" | "POST" | "DELETE";
  /** Hono's path, with :params. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** The team permission(s) needed, space-separated (any one passes). */
  permission?: string;
  /** Request body: a schema under schemas/ (forms/x or stored/x), or "object" for a free-form JSON object. */
  body?: string;
  /** Success status and the schema of the answer (a stored/ or forms/ schema; `list` wraps it in {data: [...]}). */
  ok: { status: number; schema?: string; list?: boolean; description?: string };
  /** Error statuses this route may answer besides 400/401/403/422/429/500. */
  errors?: number[];
};

export const CORE_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/health",
    summary: "Liveness, and the database this process reached: {status: ok, database: {dialect, reached}}.",
    tag: "system",
    access: "public",
    ok: {
      status: 200,
      description: "{ status: 'ok', database: { dialect: 'sqlite' | 'postgresql', reached: true } }",
    },
    errors: [503],
  },
  {
    method: "POST",
    path: "/api/v1/auth/email",
    summary: "Send a 6-digit sign-in code to an address (any address: no account enumeration).",
    tag: "auth",
    access: "public",
    body: "forms/sign-in",
    ok: { status: 204 },
  },
  {
    method: "POST",
    path: "/api/v1/auth/verify",
    summary: "Open a session with the code; registers the user (name required) when the address is new.",
    tag: "auth",
    access: "public",
    body: "forms/sign-in",
    ok: { status: 200, schema: "stored/user", description: "201 when the user was registered." },
  },
  {
    method: "POST",
    path: "/api/v1/auth/logout",
    summary: "End the session.",
    tag: "auth",
    access: "session",
    ok: { status: 204 },
  },
  {
    method: "POST",
    path: "/api/v1/auth/logout_everywhere",
    summary: "Log out everywhere: end every session of the person (this one too) and close their sockets.",
    tag: "auth",
    access: "session",
    ok: { status: 204 },
  },
  {
    method: "GET",
    path: "/api/v1/refresh_csrf",
    summary: "The session's CSRF token, for the X-CSRF-Token header of state-changing calls.",
    tag: "auth",
    access: "session",
    ok: { status: 200, description: "{ csrf_token }" },
  },
  {
    method: "GET",
    path: "/api/v1/users/me",
    summary: "The signed-in user with the current team, permissions, teams and notifications.",
    tag: "users",
    access: "session",
    ok: { status: 200, schema: "stored/user" },
  },
  {
    method: "POST",
    path: "/api/v1/users/me",
    summary:
      "Change locale, last read notification, name or e-mail (an e-mail change is confirmed with a code).",
    tag: "users",
    access: "session",
    body: "object",
    ok: {
      status: 200,
      schema: "stored/user",
      description: "202 {confirm_email, email} when a code was sent.",
    },
  },
  {
    method: "DELETE",
    path: "/api/v1/users/me",
    summary: "Delete the account (soft delete; every session ends).",
    tag: "users",
    access: "session",
    ok: { status: 200, description: "{ success: true }" },
    errors: [409],
  },
  {
    method: "POST",
    path: "/api/v1/users/switch_team",
    summary: "Make another of the user's teams the current one.",
    tag: "users",
    access: "session",
    body: "object",
    ok: { status: 200, schema: "stored/user" },
    errors: [404],
  },
  // Teams and members (api/routes/teams.ts, members.ts)
  {
    method: "POST",
    path: "/api/v1/teams",
    summary:
      "Create a team {name} on the basic plan, owned by the caller; it becomes their current team (201).",
    tag: "teams",
    access: "session",
    body: "object",
    ok: { status: 201, schema: "stored/team" },
  },
  {
    method: "POST",
    path: "/api/v1/teams/current",
    summary:
      "Rename the current team or change its builder setting (meta.contest_builder_create_shortlinks_on_paste).",
    tag: "teams",
    access: "team",
    permission: "team.settings.edit_information",
    body: "object",
    ok: { status: 200, schema: "stored/team" },
    errors: [402],
  },
  {
    method: "DELETE",
    path: "/api/v1/teams/:teamId",
    summary: "Delete a team (not the user's default team: cantDeleteYourDefaultTeam).",
    tag: "teams",
    access: "team",
    permission: "team.settings.delete_team",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404],
  },
  {
    method: "POST",
    path: "/api/v1/teams/:teamId/transfer_ownership",
    summary: "Make another member the owner; the old owner stays a member.",
    tag: "teams",
    access: "team",
    permission: "team.settings.transfer_ownership",
    body: "object",
    ok: { status: 200, schema: "stored/team" },
    errors: [402, 404],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/members/list",
    summary: "The members of the current team with their effective permissions.",
    tag: "members",
    access: "team",
    ok: { status: 200, schema: "stored/member", list: true },
    errors: [402],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/quotas",
    summary:
      "What the current team uses of each quota and its limit, counted as the server enforces them: members " +
      "(and active member invites), accounts (per network; used = the busiest network), drafts, templates, " +
      "imports (this calendar month, UTC), contests in play; winners is a limit per draw. Any member.",
    tag: "teams",
    access: "team",
    ok: {
      status: 200,
      description:
        "{ data: { members: { used, limit, invites }, accounts: { used, limit, per_provider }, drafts, " +
        "templates, imports: { used, limit, period: 'month' }, contests: { used, limit }, winners: { limit } } }",
    },
    errors: [402],
  },
  {
    method: "DELETE",
    path: "/api/v1/teams/current/members/:id",
    summary:
      "Remove a member (team.members.delete_member), or leave the team (yourself). The owner can't be removed.",
    tag: "members",
    access: "team",
    permission: "team.members.delete_member",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404],
  },
  {
    method: "POST",
    path: "/api/v1/teams/:team_id/members/:member_id/permissions",
    summary:
      "Change a member's permissions (only changed keys; not the owner, not yourself, only ones you hold).",
    tag: "members",
    access: "team",
    permission: "team.members.manage_permissions",
    body: "object",
    ok: { status: 200, schema: "stored/member" },
    errors: [402, 404],
  },
  // Invites (api/routes/invites.ts)
  {
    method: "POST",
    path: "/api/v1/teams/current/members/invite",
    summary: "Invite a member, optionally by e-mail (maxMembersExceeded past the members quota).",
    tag: "invites",
    access: "team",
    permission: "team.invites.create_invite",
    body: "forms/member-invite",
    ok: { status: 201, schema: "stored/invite" },
    errors: [402],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/accounts/invite",
    summary: "Invite someone to link an account of a network to the team.",
    tag: "invites",
    access: "team",
    permission: "team.invites.create_invite",
    body: "forms/account-invite",
    ok: { status: 201, schema: "stored/invite" },
    errors: [402],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/invites/list",
    summary: "The team's invites, newest first.",
    tag: "invites",
    access: "team",
    permission: "team.invites.view_invite",
    ok: { status: 200, schema: "stored/invite", list: true },
    errors: [402],
  },
  {
    method: "DELETE",
    path: "/api/v1/teams/current/invites/:id",
    summary: "Cancel an active invite (inviteNotActive otherwise).",
    tag: "invites",
    access: "team",
    permission: "team.invites.cancel_invite",
    ok: { status: 200, schema: "stored/invite" },
    errors: [402, 404, 409],
  },
  {
    method: "GET",
    path: "/api/v1/invites/:key",
    summary: "What the invite link page shows: team, type, network, sender, status, expiry.",
    tag: "invites",
    access: "public",
    ok: { status: 200 },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/v1/invites/:key/accept",
    summary:
      "Use an invite: join the team, or link the account and lend it to the team. An account invite takes an " +
      "optional JSON body { identifier, app_password } to link a real account (Bluesky), as the link call does; " +
      "without it the network's sandbox account is linked.",
    tag: "invites",
    access: "session",
    ok: { status: 200 },
    errors: [404, 409, 422, 429],
  },
  // Accounts (api/routes/accounts.ts)
  {
    method: "GET",
    path: "/api/v1/teams/current/accounts/list",
    summary: "The team's linked accounts (its own and those lent to it).",
    tag: "accounts",
    access: "team",
    ok: { status: 200, schema: "stored/account", list: true },
    errors: [402],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/accounts/link",
    summary:
      "Link an account of a network through its driver: { provider } links a sandbox account at once; { provider, identifier, app_password } a real account of a network with a real driver (422 on identifier or app_password when the network refuses them; maxAccountsExceeded).",
    tag: "accounts",
    access: "team",
    permission: "team.accounts.update_account",
    body: "object",
    ok: { status: 201, schema: "stored/account" },
    errors: [402, 409, 422, 429],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/accounts/:id/refresh",
    summary:
      "Read the account's profile again from the network (409 when its access was revoked: it needs reconnecting).",
    tag: "accounts",
    access: "team",
    permission: "team.accounts.update_account",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404, 409],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/accounts/:id/request_reconnect",
    summary: "Ask the account's owner to connect it again.",
    tag: "accounts",
    access: "team",
    permission: "team.accounts.request_reconnect_account",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404],
  },
  {
    method: "DELETE",
    path: "/api/v1/teams/current/accounts/:id",
    summary: "Unlink an account from the team.",
    tag: "accounts",
    access: "team",
    permission: "team.accounts.unlink_account",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404],
  },
  {
    method: "GET",
    path: "/api/v1/users/me/accounts/list",
    summary: "The accounts the user linked personally (through invites).",
    tag: "accounts",
    access: "session",
    ok: { status: 200, schema: "stored/account", list: true },
  },
  {
    method: "GET",
    path: "/api/v1/users/me/delegations/list",
    summary: "The user's accounts lent to teams.",
    tag: "accounts",
    access: "session",
    ok: { status: 200, schema: "stored/delegated-account", list: true },
  },
  {
    method: "DELETE",
    path: "/api/v1/users/me/accounts/:id",
    summary: "Unlink one of the user's own accounts (every team it was lent to loses it).",
    tag: "accounts",
    access: "session",
    ok: { status: 200, description: "{ success: true }" },
    errors: [404],
  },
  {
    method: "DELETE",
    path: "/api/v1/users/me/accounts/delegations/:delegation_id",
    summary: "Stop lending an account to a team.",
    tag: "accounts",
    access: "session",
    ok: { status: 200, description: "{ success: true }" },
    errors: [404],
  },
  // Notifications, activity, contact (api/routes/notifications.ts, activity.ts, contact.ts)
  {
    method: "GET",
    path: "/api/v1/users/me/notifications/list",
    summary:
      "The user's and the current team's notifications, newest first, 20 a page (?before=<id>), with new_count.",
    tag: "notifications",
    access: "session",
    ok: { status: 200, schema: "stored/notification", list: true },
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/activity/list",
    summary: "The team's activity log, newest first, 20 a page (?before=<id>).",
    tag: "activity",
    access: "team",
    permission: "team.activity.view_activity",
    ok: { status: 200, schema: "stored/activity", list: true },
    errors: [402],
  },
  {
    method: "GET",
    path: "/api/v1/users/me/activity/list",
    summary: "The user's own actions in every team.",
    tag: "activity",
    access: "session",
    ok: { status: 200, schema: "stored/activity", list: true },
  },
  {
    method: "POST",
    path: "/api/v1/users/me/contact_fairdraw",
    summary: "Write to support (or get the team's own support contact unless forced).",
    tag: "users",
    access: "session",
    body: "forms/contact",
    ok: { status: 200, description: "{ success: true } or { success: false, support }" },
  },
  {
    method: "GET",
    path: "/api/v1/contest-builder/defaults",
    summary: "The base group of a new contest, from the schema defaults.",
    tag: "contests",
    access: "public",
    ok: { status: 200, description: "{ base }" },
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contest-builder/config",
    summary:
      "The builder config: rules, can_edit, plan gates, defaults, limits, and the team's features, quotas and accounts.",
    tag: "contests",
    access: "team",
    permission: "team.contests.view_contests",
    ok: { status: 200 },
    errors: [402],
  },
  {
    method: "GET",
    path: "/api/v1/openapi.json",
    summary: "This document.",
    tag: "system",
    access: "public",
    ok: { status: 200 },
  },
  {
    method: "GET",
    path: "/api/v1/ws",
    summary:
      "The realtime WebSocket (add_notification, refresh_user, load_contest); session cookie and same Origin.",
    tag: "realtime",
    access: "session",
    ok: { status: 101 },
  },
];

/** Every route of the app: the core ones above and each area's own file. */
export const ROUTES: RouteDoc[] = [
  ...CORE_ROUTES,
  ...CONTESTS_ROUTES,
  ...UPLOADS_ROUTES,
  ...SHORTLINKS_ROUTES,
  ...CONNECT_ROUTES,
  ...SIGN_IN_ROUTES,
  ...QUICKDRAW_ROUTES,
  ...LIFECYCLE_ROUTES,
  ...ADMIN_ROUTES,
  ...BILLING_ROUTES,
  ...WEBHOOK_ROUTES,
];
