import type { Context } from "hono";
import type { ValidationContext } from "../../../engine/config/types";
import type { AppEnv } from "../../context";
import { refuse } from "../../errors";
import { teamOf } from "../../middleware/guards";
import { countActiveContests, countDrafts, countTemplates } from "../../services/contests/counts";
import type { Tx } from "./existing";

/** Each quota (a key of the context's quotas): its error and what it counts. */
export const QUOTAS = {
  contests: { key: "contestsQuotaExceeded", count: countActiveContests },
  drafts: { key: "draftsQuotaExceeded", count: (db: Tx, teamId: string) => countDrafts(db, teamId) },
  templates: { key: "templatesQuotaExceeded", count: countTemplates },
} as const;
export type QuotaName = keyof typeof QUOTAS;

/** A draft kept for payment counts in no plan quota, but a team keeps only so many of them at once. */
export async function assertPaymentDraftRoom(c: Context<AppEnv>, tx: Tx): Promise<void> {
  const { limiter } = c.get("deps");
  limiter.checkCount(
    "drafts.for_payment.per_team",
    await countDrafts(tx, teamOf(c).team.id, true),
    "draftsQuotaExceeded",
    "error.draftsQuotaExceeded.payment",
  );
}

/** The quota of a create, counted in the writing transaction. */
export async function assertQuota(
  c: Context<AppEnv>,
  tx: Tx,
  ctx: ValidationContext,
  name: QuotaName,
): Promise<void> {
  const { key, count } = QUOTAS[name];
  const used = await count(tx, teamOf(c).team.id);
  const quota = ctx.quotas[name] ?? 0;
  if (used >= quota) throw refuse(key, { values: { n: quota } });
}
