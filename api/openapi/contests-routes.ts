import type { RouteDoc } from "./routes";

/** The contests routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const CONTESTS_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/list",
    summary:
      "The team's contests, newest first, 20 a page (?page=, ?per_page= up to 100), each with prev_id and next_id; " +
      "?status=draft|planned|started|closed|ended|canceled (comma-separated or repeated) filters, drafts only when " +
      "asked for. Answers { data, meta: { page, per_page, total } }.",
    tag: "contests",
    access: "team",
    permission: "team.contests.view_contests",
    ok: { status: 200, schema: "stored/contest-list-item", list: true },
    errors: [402],
  },
  {
    method: "GET",
    path: "/api/v1/users/me/contests/list",
    summary:
      "The contests the signed-in user created, in every team they belong to (not deleted) where they hold " +
      "team.contests.view_contests, newest first; the query and pages of the team's list (?page=, ?per_page=, " +
      "?status=, drafts only when asked for). Each item has its team { _id, name } and in_current_team, no " +
      "prev_id or next_id. Answers { data, meta: { page, per_page, total } }.",
    tag: "contests",
    access: "session",
    ok: { status: 200, schema: "stored/contest-list-item", list: true },
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/create",
    summary:
      "Create a contest (status planned: everything validated; create_contests, the contestBuilder feature unless " +
      "paid, the contests quota) or a draft (status draft: the name validated; create_drafts, the drafts quota; " +
      "forPayment: a draft kept for a one-shot payment, whatever the plan). The body is the builder form with an " +
      "idempotency_key: the same key and body answer the first answer again, another body is a 409. " +
      "is_duplicate marks a copy of another contest. Answers { contest_id }.",
    tag: "contests",
    access: "team",
    permission: "team.contests.create_drafts team.contests.create_contests",
    body: "contest/form",
    ok: { status: 201, description: "{ contest_id }" },
    errors: [402, 409],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/:id",
    summary:
      "A contest or draft of the team with its builder form (cb_data); ?with=files lists the uploads its media " +
      "name, ?with=prev-next its neighbours in its list (both: ?with=files,prev-next).",
    tag: "contests",
    access: "team",
    permission: "team.contests.view_contests",
    ok: { status: 200, schema: "stored/contest" },
    errors: [402, 404],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id",
    summary:
      "Save a draft again (status draft: update_drafts), submit a draft as the contest (status planned: same id; " +
      "create_contests) or save a planned contest (update_contests). Started, closed, ended or canceled contests " +
      "can't be changed (contestNotUpdatable), nor a planned one whose start is within the start-date lead " +
      "window (contestNoLongerEditable). Answers { contest_id }.",
    tag: "contests",
    access: "team",
    permission: "team.contests.update_drafts team.contests.create_contests team.contests.update_contests",
    body: "contest/form",
    ok: { status: 200, description: "{ contest_id }" },
    errors: [402, 404, 409],
  },
  {
    method: "DELETE",
    path: "/api/v1/teams/current/contests/:id",
    summary:
      "Delete a draft (delete_drafts) or a planned contest (delete_contests); others can't be (contestNotDeletable). " +
      "A planned contest whose start is under way (its start job publishing, or the start within the edit lock) " +
      "can't be either (contestNoLongerEditable), unless its start only waits with nothing published.",
    tag: "contests",
    access: "team",
    permission: "team.contests.delete_drafts team.contests.delete_contests",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404, 409],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/templates/list",
    summary:
      "The team's templates, newest first, 20 a page, in the contest list item shape (status template). " +
      "Answers { data, meta: { page, per_page, total } }.",
    tag: "templates",
    access: "team",
    permission: "team.templates.view_templates",
    ok: { status: 200, schema: "stored/contest-list-item", list: true },
    errors: [402],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/templates/create",
    summary:
      "Save the builder form as a template (status template, the name validated, the templates quota), with an " +
      "idempotency_key as for contests. Answers { template_id }.",
    tag: "templates",
    access: "team",
    permission: "team.templates.create_templates",
    body: "object",
    ok: { status: 201, description: "{ template_id }" },
    errors: [402, 409],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/templates/:id",
    summary:
      "A template in the contest shape (status template) with its form in cb_data; ?with=files lists its uploads.",
    tag: "templates",
    access: "team",
    permission: "team.templates.view_templates",
    ok: { status: 200, schema: "stored/contest" },
    errors: [402, 404],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/templates/:id",
    summary: "Save a template again (the name validated); contests made from it are not touched.",
    tag: "templates",
    access: "team",
    permission: "team.templates.update_templates",
    body: "object",
    ok: { status: 200, description: "{ template_id }" },
    errors: [402, 404],
  },
  {
    method: "DELETE",
    path: "/api/v1/teams/current/templates/:id",
    summary: "Delete a template.",
    tag: "templates",
    access: "team",
    permission: "team.templates.delete_templates",
    ok: { status: 200, description: "{ success: true }" },
    errors: [402, 404],
  },
];
