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
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id/setup",
    summary:
      "Set up a classic (imported) contest: { nb_winners, exclude_previous_winners?, exclude_contains_badword?, " +
      "exclude_accounts?, manual_check? }, the builder's base fields of those names (an absent filter is off). " +
      "Checked with the builder's base rules: nb_winners from 1 to the winners quota (at most 50 with manual " +
      "check), lists and their items; each filter needs its plan feature (422 validation.team_feature on its " +
      "enabled). 409 contestNoLongerEditable unless the contest is classic, started or closed, and not drawn. " +
      "Stores the settings where the filters read them (cb_data.base, config.nb_winners), sets " +
      "config.is_setup, runs the filters again over the loaded entries (verdicts and funnel) and pushes " +
      "load_contest. Answers the contest.",
    tag: "contests",
    access: "team",
    permission: "team.contests.update_contests",
    body: "object",
    ok: { status: 200, schema: "stored/contest" },
    errors: [402, 404, 409],
  },
];
