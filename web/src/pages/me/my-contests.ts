/**
 * The contests the person created, in all their teams (GET /users/me/contests/list, api/routes/my-contests.ts):
 * the team list's items and pages, each item with its team and whether that is the current team.
 */
import type { MessageDescriptor } from "@lingui/core";
import type { ContestListItem } from "../../../../codegen/types";
import { api, unwrap } from "../../api/client";
import type { ListStatus } from "../../contest/api";
import { FILTERS } from "../../contest/ContestsList";

/** An item of this list: its team and in_current_team are always there (optional in the shared item schema). */
export type MyContest = ContestListItem & Required<Pick<ContestListItem, "team" | "in_current_team">>;

export type MyContestsPage = { entries: MyContest[]; page: number; perPage: number; total: number };

export const MY_CONTESTS_PER_PAGE = 20;

/** The filters of the page: the team list's, templates apart (they have no author list). */
export type MyContestsFilter = "all" | ListStatus;

export const MY_CONTESTS_FILTERS = FILTERS.filter(
  (f): f is { id: MyContestsFilter; label: MessageDescriptor } => f.id !== "template",
);

export async function fetchMyContests(
  filter: MyContestsFilter,
  page = 1,
  perPage = MY_CONTESTS_PER_PAGE,
): Promise<MyContestsPage> {
  const query: Record<string, string> = { page: String(page), per_page: String(perPage) };
  if (filter !== "all") query.status = filter;
  const body = await unwrap(api.users.me.contests.list.$get({ query }));
  return {
    // The API answers the stored shape (tests/api/my-contests.test.ts checks it); the client's inferred type is looser.
    entries: body.data as MyContest[],
    page: body.meta.page,
    perPage: body.meta.per_page,
    total: body.meta.total,
  };
}
