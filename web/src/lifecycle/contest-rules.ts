/**
 * What the lifecycle pages read from a contest's builder form: the keywords and prediction answers of the source
 * an entry came from (the manual check highlights them), the manual check's reasons a reviewer may pick, and an
 * entrant's profile link. The form's source at the same place as the stored source is its form (the server
 * pairs them the same way, api/services/contest-sources.ts).
 */
import { actionSettings } from "../../../engine/lifecycle/settings";
import { profileUrlOf as providerProfileUrl } from "../../../engine/provider";
import { getIn, isPlainObject } from "../../../engine/values";
import type { ContestData } from "../contest/types";
import { providerOf } from "../providers";
import { MANUAL_CHECK_REASON_KEYS } from "./reasons";

export type CommentTerms = { keywords: string[]; prediction: string[] };

const NO_TERMS: CommentTerms = { keywords: [], prediction: [] };

type RulesContest = Pick<ContestData, "sources" | "cb_data">;

function formSources(contest: RulesContest): Record<string, unknown>[] {
  const list = getIn(contest.cb_data, ["sources"]);
  return Array.isArray(list) ? list.filter(isPlainObject) : [];
}

/** The folded keywords and prediction answers an entry of `sourceId` (a stored source's _id) was checked with. */
export function commentTermsOf(contest: RulesContest | null, sourceId: string | undefined): CommentTerms {
  if (!contest || sourceId === undefined) return NO_TERMS;
  const forms = formSources(contest);
  const index = contest.sources.findIndex((s) => s._id === sourceId);
  const form =
    (index >= 0 ? forms[index] : undefined) ?? forms.find((f) => String(f.id ?? "") === sourceId) ?? null;
  if (!form) return NO_TERMS;
  const { comment } = actionSettings(form, typeof form.type === "string" ? providerOf(form.type) : undefined);
  if (!comment.enabled) return NO_TERMS;
  return { keywords: comment.keywords, prediction: comment.prediction ?? [] };
}

/** The reasons a reviewer may pick: the catalogue's keys, then the contest's own list (base.manual_check.list). */
export function manualCheckReasonsOf(contest: Pick<ContestData, "cb_data"> | null): string[] {
  const own = getIn(contest?.cb_data, ["base", "manual_check", "list"]);
  const list = Array.isArray(own) ? own.filter((r): r is string => typeof r === "string") : [];
  const cleaned = list
    .map((r) => r.trim().replace(/\s+/g, " "))
    .filter((r) => r.length >= 3 && r.length <= 50);
  return [...new Set([...MANUAL_CHECK_REASON_KEYS, ...cleaned])];
}

/** An account's profile: the link the network gave, else the network's profile_url pattern with its handle. */
export function profileUrlOf(account: {
  provider: string | null;
  screen_name: string | null;
  url?: string | null;
}): string | null {
  if (account.url) return account.url;
  return account.provider ? providerProfileUrl(providerOf(account.provider), account.screen_name) : null;
}

/** The public page where anyone re-runs a contest's draw. */
export function verifyPathOf(contestId: string): string {
  return `/verify/${encodeURIComponent(contestId)}`;
}
