/**
 * The calls of the contest lifecycle pages (issue 8; api/routes/entries.ts, draws.ts, verify.ts), through the typed
 * client and `unwrap`. The client infers only `param` for routes with a path parameter (the routes read their
 * query and body themselves), so a query or a body is built apart and passed whole with it.
 */
import type { InferResponseType } from "hono/client";
import type { FrozenListRead } from "../../../engine/lifecycle";
import { api, unwrap } from "../api/client";
import { toApiError } from "../api/errors";

const contest = api.teams.current.contests[":id"];

type EntriesBody = InferResponseType<typeof contest.entries.$get, 200>;
export type Entry = EntriesBody["data"][number];

/** The filters' funnel kept with the contest (api/services/entrants.ts StoredFunnel; stored as JSON). */
export type FunnelData = {
  total: number;
  valid: number;
  removed: Record<string, number>;
  truncated?: boolean;
  read?: number;
  kept?: number;
  limit?: number;
  /** How much of each action's list the networks let us read (StoredFunnel.lists); absent from older loads. */
  lists?: FrozenListRead[];
};

export type EntriesAnswer = Omit<EntriesBody, "funnel"> & { funnel: FunnelData | null };
export type Draw = InferResponseType<typeof contest.draws.$post, 201>;
export type Statistics = InferResponseType<typeof contest.statistics.$get, 200>;
export type VerifyAnswer = InferResponseType<(typeof api.verify)[":contestId"]["$get"], 200>;
export type LoadAnswer = InferResponseType<typeof contest.load_entries.$post, 200>;

export type EntriesQuery = { valid: boolean | null; page: number; perPage: number };

export async function fetchEntries(id: string, q: EntriesQuery): Promise<EntriesAnswer> {
  const query: Record<string, string> = { page: String(q.page), per_page: String(q.perPage) };
  if (q.valid !== null) query.valid = String(q.valid);
  const args = { param: { id }, query };
  const body = await unwrap(contest.entries.$get(args));
  // The funnel is stored as JSON: the client types it loosely; its shape is the server's StoredFunnel.
  return body as unknown as EntriesAnswer;
}

/** A manual check; the server refuses it (422 on opened_profile) unless this user opened the profile first. */
export type CheckBody = { decision: "approve" | "reject"; reasons: string[] };

export async function checkEntrant(id: string, entrantId: string, body: CheckBody): Promise<Entry> {
  const args = { param: { id, entrantId }, json: body };
  return unwrap(contest.entries[":entrantId"].check.$post(args));
}

export type ProfileOpening = InferResponseType<
  (typeof contest.entries)[":entrantId"]["profile"]["$post"],
  200
>;

/** Records that the signed-in user opened the entrant's profile (the check needs it); answers its address. */
export async function openEntrantProfile(id: string, entrantId: string): Promise<ProfileOpening> {
  return unwrap(contest.entries[":entrantId"].profile.$post({ param: { id, entrantId } }));
}

export type DrawsAnswer = InferResponseType<typeof contest.draws.$get, 200>;

/** A contest's draws, and the accounts they picked by id (handle, name, profile). */
export async function fetchDraws(id: string): Promise<DrawsAnswer> {
  return unwrap(contest.draws.$get({ param: { id } }));
}

export async function makeDraw(id: string, kind: "test" | "final"): Promise<Draw> {
  const json = kind === "final" ? { kind, consent: true } : { kind };
  const args = { param: { id }, json };
  return unwrap(contest.draws.$post(args));
}

export type Announcements = InferResponseType<typeof contest.winners_announcement.$get, 200>;
export type Announcement = Announcements["data"][number];

/** Each source of an ended contest with its winners' handles and its winners announcement, when out. */
export async function fetchAnnouncements(id: string): Promise<Announcements> {
  return unwrap(contest.winners_announcement.$get({ param: { id } }));
}

/** Publishes a source's winners announcement (a reply to its main post); answers the publication. */
export async function announceWinners(id: string, sourceId: string, content: string) {
  const args = { param: { id }, json: { source_id: sourceId, content } };
  return unwrap(contest.winners_announcement.$post(args));
}

export async function fetchStatistics(id: string): Promise<Statistics> {
  return unwrap(contest.statistics.$get({ param: { id } }));
}

export async function fetchVerify(contestId: string): Promise<VerifyAnswer> {
  return unwrap(api.verify[":contestId"].$get({ param: { contestId } }));
}

/** A page (from 1) of a drawn contest's entrants list (api/routes/verify-pages.ts). */
export async function fetchVerifyEntrantsPage(contestId: string, page: number) {
  const route = api.verify[":contestId"].entrants[":page"];
  return unwrap(route.$get({ param: { contestId, page: String(page) } }));
}

/** A page (from 1) of the list a source's winning moments were resolved over (api/routes/verify-pages.ts). */
export async function fetchVerifyMomentsEntriesPage(contestId: string, sourceId: string, page: number) {
  const route = api.verify[":contestId"].moments[":sourceId"].entries[":page"];
  return unwrap(route.$get({ param: { contestId, sourceId, page: String(page) } }));
}

/** The CSV of the entries: a file name (from Content-Disposition) and its bytes; an error answer throws ApiError. */
export async function exportEntries(id: string): Promise<{ filename: string; blob: Blob }> {
  let res: Response;
  try {
    res = await contest.entries.export.$get({ param: { id } });
  } catch {
    throw toApiError(0, { error: "network", message: "The server could not be reached." });
  }
  if (!res.ok) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // the status alone speaks
    }
    throw toApiError(res.status, body);
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `entries-${id}.csv`;
  return { filename, blob: await res.blob() };
}

/** Saves a blob under a file name (the generic download of app-shell.md §7). */
export function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
