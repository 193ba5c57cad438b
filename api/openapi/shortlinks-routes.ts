import type { RouteDoc } from "./routes";

/** The shortlinks routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const SHORTLINKS_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/api/v1/teams/current/shortlinks/create",
    summary:
      "Create a shortlink on one of the short domains: a random 6-character key, or a custom key (needs the " +
      "shortlinksCustomKey feature; 422 on key when that domain already has it). GET /s/{key} redirects.",
    tag: "shortlinks",
    access: "team",
    permission: "team.shortlinks.create_shortlink",
    body: "forms/shortlink-create",
    ok: { status: 201, schema: "stored/shortlink" },
    errors: [402],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/shortlinks/list",
    summary: "The team's shortlinks with their visit counts, newest first (?limit=n for the last n).",
    tag: "shortlinks",
    access: "team",
    permission: "team.shortlinks.view_shortlink",
    ok: { status: 200, schema: "stored/shortlink", list: true },
    errors: [402],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/shortlinks/:id",
    summary:
      "One of the team's shortlinks with its visits and unique visitors, by _id or by key (?domain= to choose " +
      "between domains; the newest otherwise).",
    tag: "shortlinks",
    access: "team",
    permission: "team.shortlinks.view_shortlink",
    ok: { status: 200, schema: "stored/shortlink" },
    errors: [402, 404],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/shortlinks/:id/statistics",
    summary:
      "A shortlink's visits per UTC day over ?from=YYYY-MM-DD&to=YYYY-MM-DD (both included; to defaults to " +
      "today, from to 29 days before to; at most 366 days, 422 on from or to otherwise), every day listed, 0 " +
      "without visits. uniq_visits counts the visitors first seen that day. Needs the shortlinks.statistics " +
      "feature (403 planNotSupported).",
    tag: "shortlinks",
    access: "team",
    permission: "team.shortlinks.view_shortlink",
    ok: {
      status: 200,
      description: "{ from, to, time_zone: 'UTC', days: [{ day, visits, uniq_visits }] }",
    },
    errors: [402, 404],
  },
];
