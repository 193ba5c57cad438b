import type { RouteDoc } from "./routes";

/**
 * The admin routes (api/routes/admin.ts), described for the OpenAPI document and the route-coverage test (see
 * routes.ts). Every one needs a user of grade admin: 403 permissionsForbidden for anyone else.
 */
export const ADMIN_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/v1/admin/users",
    summary:
      "Users whose e-mail or name contains ?q= (every user when empty), newest first, with their teams; " +
      "?page= and ?per_page= (1 to 100, default 25), answered with meta {page, per_page, total}.",
    tag: "admin",
    access: "admin",
    ok: { status: 200, description: "{ data: [{ _id, name, email, grade, teams: [team + role] }], meta }" },
    errors: [403],
  },
  {
    method: "GET",
    path: "/api/v1/admin/contests",
    summary:
      "Every team's contests, drafts included, newest first: ?status= (one or more, comma-separated), ?q= " +
      "(in the name), ?page= and ?per_page=, answered with meta {page, per_page, total}.",
    tag: "admin",
    access: "admin",
    ok: { status: 200, description: "{ data: [{ _id, name, type, status, entries_count, team }], meta }" },
    errors: [403],
  },
  {
    method: "GET",
    path: "/api/v1/admin/stats",
    summary:
      "Counts: users, teams by plan and frozen, contests by status, entries loaded, sign-ins (sessions " +
      "opened) and active users of the last 7 days.",
    tag: "admin",
    access: "admin",
    ok: {
      status: 200,
      description:
        "{ users, teams: { total, by_plan, frozen }, contests: { total, by_status }, entries, ... }",
    },
    errors: [403],
  },
  {
    method: "POST",
    path: "/api/v1/admin/teams/:teamId/plan",
    summary:
      "Set a team's plan ({plan}: an id of schemas/plans.json, 422 on plan otherwise); every member is told " +
      "to refresh. There is no payment provider: this is how a team changes plan (decisions.md).",
    tag: "admin",
    access: "admin",
    body: "object",
    ok: { status: 200, schema: "stored/team" },
    errors: [403, 404],
  },
  {
    method: "POST",
    path: "/api/v1/admin/teams/:teamId/freeze",
    summary:
      "Freeze a team until payment is regularised ({limit_date}: an ISO 8601 date, the deadline its members " +
      "see on the 402 page) or lift the freeze ({limit_date: null}); every member is told to refresh.",
    tag: "admin",
    access: "admin",
    body: "object",
    ok: { status: 200, schema: "stored/team" },
    errors: [403, 404],
  },
];
