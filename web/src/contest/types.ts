/** The contest shapes the contest pages read (schemas/stored/contest.schema.json, contest-list-item.schema.json). */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Contest, ContestListItem } from "../../../codegen/types";

export type ContestStatus = Contest["status"];
export type ContestType = Contest["type"];

/** A contest as GET /teams/current/contests/{id} answers it (with `timeline`, the dates of its steps). */
export type ContestData = Contest;

/** One row of GET /teams/current/contests/list (or of the templates list, status "template"). */
export type ContestListEntry = ContestListItem;

/**
 * The API answers the stored shapes (tests/api check every answer against schemas/stored/); the typed client's
 * inferred types are looser (status as string, sources as JSON), so the casts live here, once.
 */
export function asContest(body: unknown): ContestData {
  return body as ContestData;
}

export function asListEntries(body: { data: unknown[] }): ContestListEntry[] {
  return body.data as ContestListEntry[];
}

/** Contest statuses in their order (app-shell.md §4); draft and template are builder origins. */
export const CONTEST_STATUSES = ["planned", "started", "closed", "ended", "canceled"] as const;

export const STATUS_LABELS: Record<ContestStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  template: msg`Template`,
  planned: msg`Planned`,
  started: msg`Started`,
  closed: msg`Closed`,
  ended: msg`Ended`,
  canceled: msg`Canceled`,
};

export const TYPE_LABELS: Record<ContestType, MessageDescriptor> = {
  classic: msg`Classic`,
  tunnel: msg`Tunnel`,
};

/** The contest's full page. */
export function contestPath(id: string, page = ""): string {
  return `/contest/${encodeURIComponent(id)}/${page}`;
}
