/**
 * The networks' daily quota ledger (network_quota: one row per network, project and day, shared by every process)
 * and the per-source checkpoints of incremental loads (contests.meta.network_cursors.{source id}, never answered
 * by the API). Units are added in SQL (units = units + n), so two processes spending at once both count.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../context";
import { jsonSet } from "../db/json-sql";
import { first } from "../db/query";
import { accounts, contests, networkQuota } from "../db/tables";
import type { CheckpointStore, QuotaLedger } from "../drivers/shared/stores";
import type { StoredAccount } from "../drivers/types";
import { withoutNul } from "./network-text";
import { notify } from "./notifications";

export function quotaLedger(deps: Pick<Deps, "db">, network: string): QuotaLedger {
  const where = (project: string, day: string) =>
    and(eq(networkQuota.network, network), eq(networkQuota.project, project), eq(networkQuota.day, day));
  const row = (project: string, day: string) =>
    first(deps.db.select().from(networkQuota).where(where(project, day)));
  return {
    async spend(project, day, units) {
      await deps.db
        .insert(networkQuota)
        .values({ network, project, day, units })
        .onConflictDoUpdate({
          target: [networkQuota.network, networkQuota.project, networkQuota.day],
          set: { units: sql`${networkQuota.units} + ${units}` },
        });
    },
    spent: async (project, day) => (await row(project, day))?.units ?? 0,
    pausedUntil: async (project, day) => (await row(project, day))?.pausedUntil ?? null,
    async pause(project, day, until) {
      await deps.db
        .insert(networkQuota)
        .values({ network, project, day, units: 0, pausedUntil: until })
        .onConflictDoUpdate({
          target: [networkQuota.network, networkQuota.project, networkQuota.day],
          set: { pausedUntil: until },
        });
    },
  };
}

export function checkpointStore<T>(deps: Pick<Deps, "db">): CheckpointStore<T> {
  return {
    async load(contestId, sourceId) {
      const got = await first(
        deps.db.select({ meta: contests.meta }).from(contests).where(eq(contests.id, contestId)),
      );
      const all = got?.meta?.network_cursors as Record<string, T> | undefined;
      return all?.[sourceId] ?? null;
    },
    async save(contestId, sourceId, checkpoint) {
      await deps.db
        .update(contests)
        .set({ meta: jsonSet(contests.meta, ["network_cursors", sourceId], withoutNul(checkpoint)) })
        .where(eq(contests.id, contestId));
    },
  };
}

/**
 * Tells the account's owner that the network's daily quota is spent and loads wait until it resets: once per
 * account and day (the notification is not repeated by every paused load).
 */
export async function quotaExceededNotice(
  deps: Pick<Deps, "db" | "clock" | "realtime">,
  provider: { name: string; display_name: string },
  account: StoredAccount,
  resetsAt: string,
): Promise<void> {
  if (!account.id) return;
  const row = await first(deps.db.select().from(accounts).where(eq(accounts.id, account.id)));
  if (!row || row.meta?.quota_notice_until === resetsAt) return;
  await deps.db
    .update(accounts)
    .set({ meta: jsonSet(accounts.meta, ["quota_notice_until"], resetsAt) })
    .where(eq(accounts.id, row.id));
  const to = row.userId ? { userId: row.userId } : row.teamId ? { teamId: row.teamId } : null;
  if (!to) return;
  await notify(deps, to, {
    key: "networkQuotaExceeded",
    data: {
      account: { name: row.name, screen_name: row.screenName, provider: provider.name },
      network: provider.display_name,
      resets_at: resetsAt,
    },
    link: "/team/accounts",
  });
}
