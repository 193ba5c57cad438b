/**
 * The contest calls of the contest pages and dialogs (app-shell.md §7, api/routes/contests.ts, quickdraw.ts), all
 * through the typed client and `unwrap`. The client infers only `param` for routes with a path parameter (the
 * routes read their query and body themselves); it sends a query or a json given in the same argument, so those
 * arguments are built apart and passed whole.
 */
import { api, unwrap } from "../api/client";
import { asContest, asListEntries, type ContestData, type ContestListEntry } from "./types";

export type ListPage = { entries: ContestListEntry[]; page: number; perPage: number; total: number };

/** The list filters of GET /contests/list (draft is apart: drafts never mix with contests). */
export type ListStatus = "draft" | "planned" | "started" | "closed" | "ended" | "canceled";

export async function fetchContest(id: string, opts: { prevNext?: boolean } = {}): Promise<ContestData> {
  const args = { param: { id }, query: opts.prevNext ? { with: "prev-next" } : {} };
  return asContest(await unwrap(api.teams.current.contests[":id"].$get(args)));
}

export async function fetchContestList(
  statuses: readonly ListStatus[],
  page = 1,
  perPage = 20,
): Promise<ListPage> {
  const query: Record<string, string> = { page: String(page), per_page: String(perPage) };
  if (statuses.length > 0) query.status = statuses.join(",");
  const body = await unwrap(api.teams.current.contests.list.$get({ query }));
  return {
    entries: asListEntries(body),
    page: body.meta.page,
    perPage: body.meta.per_page,
    total: body.meta.total,
  };
}

export async function fetchTemplateList(page = 1, perPage = 20): Promise<ListPage> {
  const query = { page: String(page), per_page: String(perPage) };
  const body = await unwrap(api.teams.current.templates.list.$get({ query }));
  return {
    entries: asListEntries(body),
    page: body.meta.page,
    perPage: body.meta.per_page,
    total: body.meta.total,
  };
}

export async function deleteContest(id: string): Promise<void> {
  await unwrap(api.teams.current.contests[":id"].$delete({ param: { id } }));
}

export async function mergeContest(id: string, targetId: string): Promise<{ contest_id: string }> {
  const args = { param: { id }, json: { target_contest_id: targetId } };
  return unwrap(api.teams.current.contests[":id"].merge.$post(args));
}

export type QuickdrawBody = { provider: string; matched: string; confirm: true; name: string };

export async function importPost(body: QuickdrawBody): Promise<{ contest_id: string }> {
  return unwrap(api.teams.current.contests.quickdraw.$post({ json: body }));
}

/** What a load of entries answers (api/routes/entries.ts): how many were kept, and whether the load stopped at its limit. */
export type LoadEntriesAnswer = {
  loaded: number;
  valid: number;
  truncated: boolean;
  limit: number;
  /** Set when the load stopped at its limit. */
  message?: string;
};

/**
 * POST /teams/current/contests/{id}/load_entries {consent}: loads a classic contest's entries (the first load
 * needs consent: true); a started contest closes with it.
 */
export async function loadEntries(id: string, consent: boolean): Promise<LoadEntriesAnswer> {
  const args = { param: { id }, json: { consent } };
  return unwrap(api.teams.current.contests[":id"].load_entries.$post(args));
}

/** The settings of a classic contest's setup (the builder's base fields of those names; an absent filter is off). */
export type ClassicSetupBody = {
  nb_winners: number;
  exclude_previous_winners?: { enabled: boolean; nb_months?: number };
  exclude_accounts?: { enabled: boolean; list?: string[] };
  exclude_contains_badword?: { enabled: boolean; list?: string[] };
  manual_check?: { enabled: boolean; list?: string[] };
};

/**
 * POST /teams/current/contests/{id}/setup: sets up a classic contest (started or closed, not drawn); the filters
 * run again over its loaded entries. Answers the contest.
 */
export async function setupContest(id: string, body: ClassicSetupBody): Promise<ContestData> {
  const args = { param: { id }, json: body };
  return asContest(await unwrap(api.teams.current.contests[":id"].setup.$post(args)));
}
