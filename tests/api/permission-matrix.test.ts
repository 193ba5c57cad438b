/**
 * Who may call what: every route of api/openapi/routes.ts × five callers, each answer checked against a table
 * written out here by hand (not derived from the route table's access/permission fields, so a route whose guard
 * is wrong shows up as a mismatch).
 *
 * The callers, in one world built once:
 * - anonymous: no session;
 * - owner: the owner of team A (a team of their own that is not their default team), A being their current team;
 * - with: a member of A holding every permission the table needs (WITH_PERMISSIONS);
 * - without: a member of A holding only the catalogue's defaults (view_contests and view_templates are true);
 * - otherTeam: the owner of team B (every permission there, B current), calling with team A's ids — another
 *   team's object is a 404, the same as a missing one.
 * A's objects: a member to act on (Dave), an active member invite, an account the team linked, an account that
 * `without` lent to A through an account invite (so the personal routes act on `without`'s own objects: nobody
 * else, whatever they hold in the team, may touch them), a draft, a template, an upload, a shortlink and two quick
 * imports to merge. Team B is on the business plan, so what otherTeam creates in its own team succeeds.
 *
 * Every call runs inside a transaction rolled back after it, so each one meets the same world: deleting the team,
 * the user, the session or a member changes nothing for the next row, and the order of rows does not matter.
 */

import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { issueCode } from "../../api/auth/codes";
import { first } from "../../api/db/query";
import { contests, entrants, teams } from "../../api/db/tables";
import { ROUTES } from "../../api/openapi/routes";
import { publicMediaUrl } from "../../api/services/public-media";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, rolledBack, type TestApp } from "../helpers/test-app";
import { buildTeamWorld, formBody, png, type TeamWorld, uploadFile } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const ROLES = ["anonymous", "owner", "with", "without", "otherTeam"] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

/** Every permission a route of the table checks, held by `with`. */
const WITH_PERMISSIONS = {
  "team.settings.edit_information": true,
  "team.settings.transfer_ownership": true,
  "team.settings.delete_team": true,
  "team.members.manage_permissions": true,
  "team.members.delete_member": true,
  "team.invites.view_invite": true,
  "team.invites.create_invite": true,
  "team.invites.cancel_invite": true,
  "team.accounts.update_account": true,
  "team.accounts.request_reconnect_account": true,
  "team.accounts.unlink_account": true,
  "team.activity.view_activity": true,
  "team.contests.import_contests": true,
  "team.contests.create_drafts": true,
  "team.contests.update_drafts": true,
  "team.contests.delete_drafts": true,
  "team.contests.update_contests": true,
  "team.templates.create_templates": true,
  "team.templates.update_templates": true,
  "team.templates.delete_templates": true,
  "team.shortlinks.view_shortlink": true,
  "team.shortlinks.create_shortlink": true,
  "team.contests.load_entries": true,
  "team.contests.export_entries": true,
  "team.contests.do_testdraw": true,
  "team.contests.do_finaldraw": true,
  "team.subscription.upgrade_subscription": true,
};

/** Team A's objects (tests/helpers/world.ts): `without` lent A its own account through A's account invite. */
type World = TeamWorld<"with" | "without"> & { sessions: Record<Exclude<Role, "anonymous">, Session> };

/** What a row sends: the path's :params, a valid minimal JSON body or a file, extra headers. */
type Request = {
  params?: Record<string, string>;
  body?: unknown;
  file?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** The query string, without its "?". */
  query?: string;
};
type Row = { expect: Expected; request?: (w: World, role: Role) => Request | Promise<Request> };

const CONTACT_MESSAGE = "Hello, this is a message long enough to pass the fifty characters rule.";
const TWEET = "https://x.com/fairdraw/status/17900000000000000";

let uploads = 0;

/** The expected status of every route for every caller. A route without a row fails the test. */
const MATRIX: Record<string, Row> = {
  // System and public calls.
  "GET /api/health": { expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 } },
  "GET /api/v1/openapi.json": {
    expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/contest-builder/defaults": {
    expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  // A signed-in caller from the app's own origin without an Upgrade header: 400 (the socket itself is realtime.test).
  "GET /api/v1/ws": {
    expect: { anonymous: 401, owner: 400, with: 400, without: 400, otherTeam: 400 },
    request: () => ({ headers: { origin: t.env.publicUrl } }),
  },

  // Sign-in: public, no CSRF token; verify signs Dave in (an existing user: 200).
  "POST /api/v1/auth/email": {
    expect: { anonymous: 204, owner: 204, with: 204, without: 204, otherTeam: 204 },
    request: () => ({ body: { email: "someone@else.example" } }),
  },
  "POST /api/v1/auth/verify": {
    expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 },
    request: async (w) => ({
      body: {
        email: w.dave.email,
        code: await issueCode(t.db, w.dave.email, t.deps.clock, {
          limiter: t.deps.limiter,
          address: undefined,
        }),
      },
    }),
  },
  "POST /api/v1/auth/logout": {
    expect: { anonymous: 401, owner: 204, with: 204, without: 204, otherTeam: 204 },
  },
  "POST /api/v1/auth/logout_everywhere": {
    expect: { anonymous: 401, owner: 204, with: 204, without: 204, otherTeam: 204 },
  },
  "GET /api/v1/refresh_csrf": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },

  // The signed-in user's own things: any session, no team permission.
  "GET /api/v1/users/me": { expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 } },
  "POST /api/v1/users/me": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
    request: () => ({ body: { locale: "fr" } }),
  },
  // The owner of A (not their default team, other members in it) must hand it over first: 409.
  "DELETE /api/v1/users/me": {
    expect: { anonymous: 401, owner: 409, with: 200, without: 200, otherTeam: 200 },
  },
  "POST /api/v1/users/switch_team": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ body: { team_id: w.teamA } }),
  },
  "POST /api/v1/users/me/contact_fairdraw": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
    request: () => ({ body: { reason: "other", message: CONTACT_MESSAGE } }),
  },
  "GET /api/v1/users/me/accounts/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/users/me/delegations/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/users/me/activity/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/users/me/contests/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/users/me/notifications/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  // `without`'s own account and delegation: theirs alone, whatever the others hold in the team.
  "DELETE /api/v1/users/me/accounts/:id": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.lentAccount } }),
  },
  "DELETE /api/v1/users/me/accounts/delegations/:delegation_id": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { delegation_id: w.delegation } }),
  },

  // The current team's reads (otherTeam reads its own team B).
  "GET /api/v1/teams/current/contest-builder/config": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/teams/current/members/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/teams/current/accounts/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/teams/current/invites/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 200 },
  },
  "GET /api/v1/teams/current/activity/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 200 },
  },
  "GET /api/v1/teams/current/quotas": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },

  // Payments: no Stripe in this world, so whoever may buy meets 404 billingNotConfigured; the webhook too.
  "GET /api/v1/billing": { expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 } },
  "POST /api/v1/billing/portal": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 403, otherTeam: 404 },
  },
  "POST /api/v1/billing/checkout/plan/:plan/:period": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 403, otherTeam: 404 },
    request: () => ({ params: { plan: "advanced", period: "monthly" }, body: { currency: "eur" } }),
  },
  "POST /api/v1/billing/checkout/one-shot/:offer": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 403, otherTeam: 404 },
    request: () => ({ params: { offer: "quickdraw" }, body: { currency: "eur" } }),
  },
  "POST /api/v1/webhooks/stripe": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ body: {} }),
  },
  // Meta's webhooks and callbacks: public, and 404 for a network not configured here (no FACEBOOK_CLIENT_ID).
  "GET /api/v1/webhooks/:provider": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { provider: "facebook" } }),
  },
  "POST /api/v1/webhooks/:provider": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { provider: "facebook" }, body: {} }),
  },
  "POST /api/v1/webhooks/:provider/deauthorize": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { provider: "facebook" } }),
  },
  "POST /api/v1/webhooks/:provider/data-deletion": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { provider: "facebook" } }),
  },
  "GET /api/v1/webhooks/:provider/data-deletion/:code": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { provider: "facebook", code: "unknown" } }),
  },

  // Team settings, by the team's id (otherTeam names team A: 404).
  // Any signed-in person may make a team of their own.
  "POST /api/v1/teams": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 201, otherTeam: 201 },
    request: () => ({ body: { name: "Another brand" } }),
  },
  "POST /api/v1/teams/current": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 200 },
    request: () => ({ body: { name: "Renamed" } }),
  },
  "DELETE /api/v1/teams/:teamId": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { teamId: w.teamA } }),
  },
  "POST /api/v1/teams/:teamId/transfer_ownership": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { teamId: w.teamA }, body: { new_owner_id: w.dave.userId } }),
  },

  // Members.
  "POST /api/v1/teams/:team_id/members/:member_id/permissions": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({
      params: { team_id: w.teamA, member_id: w.dave.userId },
      body: { updated_permissions: { "team.invites.view_invite": true } },
    }),
  },
  "DELETE /api/v1/teams/current/members/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.dave.userId } }),
  },

  // Invites (otherTeam invites into its own team B; A's invite is a 404 to it).
  "POST /api/v1/teams/current/members/invite": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ body: { email: "newcomer@elsewhere.example" } }),
  },
  "POST /api/v1/teams/current/accounts/invite": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ body: { provider: "twitter" } }),
  },
  "DELETE /api/v1/teams/current/invites/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.invite.id } }),
  },
  // The invite link is a bearer secret: anyone may read it; accepting needs a session and a newcomer.
  "GET /api/v1/invites/:key": {
    expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 },
    request: (w) => ({ params: { key: w.invite.key } }),
  },
  "POST /api/v1/invites/:key/accept": {
    expect: { anonymous: 401, owner: 409, with: 409, without: 409, otherTeam: 200 },
    request: (w) => ({ params: { key: w.invite.key } }),
  },

  // Linking by OAuth (api/routes/account-connect.ts). No network's client is configured in this world: the
  // connect answers 302 back to the page with reason not_configured; a made-up state or pick links nothing.
  "GET /api/v1/accounts/connectable": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/teams/current/accounts/connect/:provider": {
    expect: { anonymous: 401, owner: 302, with: 302, without: 403, otherTeam: 302 },
    request: () => ({ params: { provider: "youtube" } }),
  },
  "GET /api/v1/invites/:key/connect": {
    // The world's invite is a member invite: there is no account to connect.
    expect: { anonymous: 401, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: (w) => ({ params: { key: w.invite.key } }),
  },
  "GET /api/v1/accounts/callback/:provider": {
    expect: { anonymous: 401, owner: 302, with: 302, without: 302, otherTeam: 302 },
    request: () => ({ params: { provider: "youtube" } }),
  },
  "GET /api/v1/accounts/connect/choices/:pick": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { pick: "0".repeat(64) } }),
  },
  "POST /api/v1/accounts/connect/choices/:pick": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { pick: "0".repeat(64) }, body: { external_id: "UCx" } }),
  },
  // Signing in with a network (api/routes/sign-in.ts). No network's client is configured in this world: a start
  // goes back to a page with reason not_configured; a made-up state signs nobody in.
  "GET /api/v1/auth/networks": {
    expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/auth/sign_in/:provider": {
    expect: { anonymous: 302, owner: 302, with: 302, without: 302, otherTeam: 302 },
    request: () => ({ params: { provider: "google" } }),
  },
  "GET /api/v1/auth/callback/:provider": {
    expect: { anonymous: 302, owner: 302, with: 302, without: 302, otherTeam: 302 },
    request: () => ({ params: { provider: "google" } }),
  },
  "GET /api/v1/users/me/sign_in/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "GET /api/v1/users/me/sign_in/connect/:provider": {
    expect: { anonymous: 401, owner: 302, with: 302, without: 302, otherTeam: 302 },
    request: () => ({ params: { provider: "linkedin" } }),
  },
  "DELETE /api/v1/users/me/sign_in/:id": {
    expect: { anonymous: 401, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: () => ({ params: { id: "0".repeat(24) } }),
  },
  "GET /api/v1/teams/current/accounts/:id/quota": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.teamAccount } }),
  },

  // The team's accounts.
  "POST /api/v1/teams/current/accounts/link": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ body: { provider: "twitter" } }),
  },
  "POST /api/v1/teams/current/accounts/:id/refresh": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.teamAccount } }),
  },
  "POST /api/v1/teams/current/accounts/:id/request_reconnect": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.teamAccount } }),
  },
  "DELETE /api/v1/teams/current/accounts/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.teamAccount } }),
  },

  // Contests and drafts made by the builder (view_contests is a default permission).
  "GET /api/v1/teams/current/contests/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "POST /api/v1/teams/current/contests/create": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ body: formBody(t, "draft", "New draft", "matrix-draft") }),
  },
  "GET /api/v1/teams/current/contests/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.draft } }),
  },
  "POST /api/v1/teams/current/contests/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.draft }, body: formBody(t, "draft", "Renamed draft") }),
  },
  "DELETE /api/v1/teams/current/contests/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.draft } }),
  },
  "POST /api/v1/teams/current/contests/quickdraw": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({
      body: { provider: "twitter", matched: `${TWEET}99`, confirm: true, name: "Quick draw" },
    }),
  },
  "POST /api/v1/teams/current/contests/:id/merge": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] }, body: { target_contest_id: w.imports[1] } }),
  },
  "POST /api/v1/teams/current/contests/:id/setup": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] }, body: { nb_winners: 1 } }),
  },

  // Templates (view_templates is a default permission).
  "GET /api/v1/teams/current/templates/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 200 },
  },
  "POST /api/v1/teams/current/templates/create": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ body: formBody(t, "template", "New template", "matrix-template") }),
  },
  "GET /api/v1/teams/current/templates/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.template } }),
  },
  "POST /api/v1/teams/current/templates/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.template }, body: formBody(t, "template", "Renamed template") }),
  },
  "DELETE /api/v1/teams/current/templates/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.template } }),
  },

  // Uploads: whoever may put media in a contest, a draft or a template; viewing with view_contests.
  "POST /api/v1/upload": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ file: png(1) }),
  },
  "POST /api/v1/upload/contest_builder": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ file: png(2) }),
  },
  "GET /api/v1/upload/view/:uuid": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { uuid: w.upload } }),
  },
  // A signed address for a network's servers: the signature is the permission, whoever asks.
  "GET /api/v1/media/:uuid": {
    expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 },
    request: (w) => {
      const url = new URL(
        publicMediaUrl({
          publicUrl: t.env.publicUrl,
          accountSecretKey: t.env.accountSecretKey,
          uploadId: w.upload,
          now: t.deps.clock(),
        }),
      );
      return { params: { uuid: w.upload }, query: url.search.slice(1) };
    },
  },
  // Deleting removes the file from disk, which no rollback restores: each call deletes an upload of its own.
  "DELETE /api/v1/upload": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: async (w) => ({ body: { uuid: await uploadAs(w.sessions.owner, png(100 + ++uploads)) } }),
  },

  // Shortlinks (view_shortlink is not a default permission).
  "POST /api/v1/teams/current/shortlinks/create": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 201 },
    request: () => ({ body: { type: "random", domain: "fdraw.co", url: "https://brand.example/summer" } }),
  },
  "GET /api/v1/teams/current/shortlinks/list": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 200 },
  },
  "GET /api/v1/teams/current/shortlinks/:id": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.shortlink } }),
  },
  "GET /api/v1/teams/current/shortlinks/:id/statistics": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.shortlink } }),
  },

  // The contest lifecycle, on A's first quick import (a classic contest); entries loaded by the owner first where
  // the call needs them (rolled back with the call).
  "POST /api/v1/teams/current/contests/:id/load_entries": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: async (w) => {
      await smallRehearsal(w);
      return { params: { id: w.imports[0] }, body: { consent: true } };
    },
  },
  "GET /api/v1/teams/current/contests/:id/entries": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] } }),
  },
  "GET /api/v1/teams/current/contests/:id/entries/export": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] } }),
  },
  "POST /api/v1/teams/current/contests/:id/entries/:entrantId/profile": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: async (w) => ({ params: { id: w.imports[0], entrantId: await loadedEntrant(w) } }),
  },
  // The check needs the caller's own opening of the profile: recorded for them first (rolled back with the call).
  "POST /api/v1/teams/current/contests/:id/entries/:entrantId/check": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 403, otherTeam: 404 },
    request: async (w, role) => {
      const entrantId = await loadedEntrant(w);
      if (role !== "anonymous") await profileOpenedAs(w, role, entrantId);
      return {
        params: { id: w.imports[0], entrantId },
        body: { decision: "reject", reasons: ["seemsAutomated"] },
      };
    },
  },
  "GET /api/v1/teams/current/contests/:id/publications": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] } }),
  },
  "GET /api/v1/teams/current/contests/:id/statistics": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] } }),
  },
  "POST /api/v1/teams/current/contests/:id/draws": {
    expect: { anonymous: 401, owner: 201, with: 201, without: 403, otherTeam: 404 },
    request: async (w) => {
      await loadedEntrant(w);
      return { params: { id: w.imports[0] }, body: { kind: "test" } };
    },
  },
  "GET /api/v1/teams/current/contests/:id/draws": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] } }),
  },
  // The winners announcement: listed to anyone who sees contests, published by whoever may draw, once ended.
  "GET /api/v1/teams/current/contests/:id/winners_announcement": {
    expect: { anonymous: 401, owner: 200, with: 200, without: 200, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] } }),
  },
  "POST /api/v1/teams/current/contests/:id/winners_announcement": {
    expect: { anonymous: 401, owner: 409, with: 409, without: 403, otherTeam: 404 },
    request: (w) => ({ params: { id: w.imports[0] }, body: { source_id: "x", content: "Winners!" } }),
  },
  // The public verify API: anyone, signed in or not, in any team.
  "GET /api/v1/verify/:contestId": {
    expect: { anonymous: 200, owner: 200, with: 200, without: 200, otherTeam: 200 },
    request: (w) => ({ params: { contestId: w.imports[0] } }),
  },
  // Its pages: a list not published yet is a 404 for everyone alike (the world's contests are not drawn).
  "GET /api/v1/verify/:contestId/entrants/:page": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: (w) => ({ params: { contestId: w.imports[0], page: "1" } }),
  },
  "GET /api/v1/verify/:contestId/moments/:sourceId/entries/:page": {
    expect: { anonymous: 404, owner: 404, with: 404, without: 404, otherTeam: 404 },
    request: (w) => ({ params: { contestId: w.imports[0], sourceId: "x", page: "1" } }),
  },

  // Admin calls: user grade admin only (none of the five callers is one; tests/api/admin.test.ts covers an admin).
  "GET /api/v1/admin/users": {
    expect: { anonymous: 401, owner: 403, with: 403, without: 403, otherTeam: 403 },
  },
  "GET /api/v1/admin/contests": {
    expect: { anonymous: 401, owner: 403, with: 403, without: 403, otherTeam: 403 },
  },
  "GET /api/v1/admin/stats": {
    expect: { anonymous: 401, owner: 403, with: 403, without: 403, otherTeam: 403 },
  },
  "POST /api/v1/admin/teams/:teamId/plan": {
    expect: { anonymous: 401, owner: 403, with: 403, without: 403, otherTeam: 403 },
    request: (w) => ({ params: { teamId: w.teamA }, body: { plan: "basic" } }),
  },
  "POST /api/v1/admin/teams/:teamId/freeze": {
    expect: { anonymous: 401, owner: 403, with: 403, without: 403, otherTeam: 403 },
    request: (w) => ({ params: { teamId: w.teamA }, body: { limit_date: "2030-01-31T00:00:00.000Z" } }),
  },
};

/** A's first import as a small sandbox rehearsal (a few entrants: the loads stay quick). */
async function smallRehearsal(w: World): Promise<void> {
  await t.db
    .update(contests)
    .set({ meta: { sandbox_entrants: 6 } })
    .where(eq(contests.id, w.imports[0]));
}

/** Records that this caller opened the profile of an entrant of A's first import (as the profile call does). */
async function profileOpenedAs(w: World, role: Exclude<Role, "anonymous">, entrantId: string): Promise<void> {
  await t.db
    .update(entrants)
    .set({ profileOpenedBy: w.sessions[role].userId, profileOpenedAt: new Date().toISOString() })
    .where(and(eq(entrants.contestId, w.imports[0]), eq(entrants.id, entrantId)));
}

/** Loads the entries of A's first import as its owner; the id of one of them. */
async function loadedEntrant(w: World): Promise<string> {
  await smallRehearsal(w);
  const res = await w.sessions.owner.call(
    "POST",
    `/api/v1/teams/current/contests/${w.imports[0]}/load_entries`,
    {
      consent: true,
    },
  );
  if (res.status !== 200) throw new Error(`load_entries answered ${res.status}`);
  const row = await first(
    t.db.select({ id: entrants.id }).from(entrants).where(eq(entrants.contestId, w.imports[0])),
  );
  if (!row) throw new Error("no entry loaded");
  return row.id;
}

const BOUNDARY = "----FairdrawMatrixBoundary";

function multipart(file: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\n` +
    "Content-Type: image/png\r\n\r\n";
  return new Uint8Array(Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
}

/** Uploads a file as this person into their current team; its uuid. */
function uploadAs(s: Session, file: Uint8Array<ArrayBuffer>): Promise<string> {
  return uploadFile(t, s, file);
}

async function buildWorld(): Promise<World> {
  const world = await buildTeamWorld(t, {
    members: {
      with: { email: "wanda@team-a.example", name: "Wanda", permissions: WITH_PERMISSIONS },
      without: { email: "walt@team-a.example", name: "Walt", permissions: null },
    },
    accountInvite: { provider: "twitter", acceptedBy: "without" },
  });
  const other = await signIn(t, "oscar@team-b.example", "Oscar");
  await t.db
    .update(teams)
    .set({ plan: "business" })
    .where(and(eq(teams.ownerId, other.userId), eq(teams.isDefault, true)));
  return {
    ...world,
    sessions: {
      owner: world.owner,
      with: world.members.with,
      without: world.members.without,
      otherTeam: other,
    },
  };
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}

/** A request as this person (null: nobody signed in), with the CSRF headers a session sends. */
async function send(s: Session | null, method: string, path: string, req: Request): Promise<Response> {
  const body = req.file
    ? { type: `multipart/form-data; boundary=${BOUNDARY}`, data: multipart(req.file) }
    : req.body === undefined
      ? null
      : { type: "application/json", data: JSON.stringify(req.body) };
  return t.app.request(req.query ? `${path}?${req.query}` : path, {
    method,
    headers: {
      ...(s ? { cookie: s.cookie, "x-csrf-token": s.csrf, "x-requested-with": "XMLHttpRequest" } : {}),
      ...(body ? { "content-type": body.type } : {}),
      ...req.headers,
    },
    ...(body ? { body: body.data } : {}),
  });
}

it("answers every route with the expected status for each kind of caller", async () => {
  t = await createTestApp();
  const world = await buildWorld();
  const problems: string[] = [];

  const documented = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
  for (const key of Object.keys(MATRIX)) {
    if (!documented.has(key))
      problems.push(`${key}: a row for a route that api/openapi/routes.ts does not list`);
  }

  for (const route of ROUTES) {
    const key = `${route.method} ${route.path}`;
    const row = MATRIX[key];
    if (!row) {
      problems.push(`${key}: no row in the permission matrix (add its expected statuses to MATRIX)`);
      continue;
    }
    for (const role of ROLES) {
      await rolledBack(t, async () => {
        const req = (await row.request?.(world, role)) ?? {};
        const session = role === "anonymous" ? null : world.sessions[role];
        const res = await send(session, route.method, fillPath(route.path, req.params ?? {}), req);
        const want = row.expect[role];
        if (res.status !== want) {
          const text = (await res.text()).slice(0, 200);
          problems.push(`${key} as ${role}: expected ${want}, got ${res.status} ${text}`);
        }
      });
    }
  }

  expect(problems).toEqual([]);
  // Every route × five callers, some of them loading a contest's entries first: more than the default 5 s on a
  // busy machine.
}, 30_000);
