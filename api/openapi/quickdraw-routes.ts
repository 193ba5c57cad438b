import type { RouteDoc } from "./routes";

/** The quickdraw routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const QUICKDRAW_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/quickdraw",
    summary:
      "Import an existing post as a classic contest, started now with one source. `matched` is the pasted post " +
      "URL; the network read from it must be `provider` (422 on matched otherwise). Counts against the imports " +
      "quota of the calendar month (UTC). A plan without imports answers 403 planNotSupported, a used-up quota " +
      "403 importsQuotaExceeded; both carry `checkout`, the one-shot purchase URL " +
      "(/checkout-session/one-shot/quickdraw?name=&provider=&matched=). Pushes load_contest.",
    tag: "contests",
    access: "team",
    permission: "team.contests.import_contests",
    body: "forms/quickdraw-import",
    ok: { status: 201, description: "{ contest_id }" },
    errors: [402],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id/merge",
    summary:
      "Merge the classic contest :id into target_contest_id (both the team's, else 404): its sources and " +
      "entries move to the target, :id is canceled (meta.cancel_reason merged, merged_into). Needs the " +
      "multiContests feature (403 planNotSupported). 409 mergeIntoItself, mergeNotClassic, mergeAlreadyMerged, " +
      "mergeContestFinished (ended or canceled), mergeSamePost. Pushes load_contest for both.",
    tag: "contests",
    access: "team",
    permission: "team.contests.update_contests",
    body: "object",
    ok: { status: 200, description: "{ success: true, contest_id } (contest_id: the target)" },
    errors: [402, 404, 409],
  },
];
