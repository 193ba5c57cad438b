/**
 * The end of a grace period: a team whose failed payment is still unpaid when its paymentDueAt passes is frozen
 * (app-shell.md §2, 402 on its pages until paid; subscription-state.ts unfreezes it when Stripe says it is paid).
 * Run by the server every scheduler tick when Stripe is configured, and by tests on their clock.
 */
import { and, eq, isNull, lte } from "drizzle-orm";
import type { Deps } from "../context";
import { first } from "../db/query";
import { teams } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import { recordBillingChange } from "./changes";
import { FREEZE_LIMIT_DAYS, storedBilling } from "./subscription-state";

const DAY_MS = 86_400_000;

/** Freezes every team whose grace period is over; answers their ids. */
export async function freezeOverdueTeams(deps: Pick<Deps, "db" | "clock" | "realtime">): Promise<string[]> {
  const now = deps.clock();
  const at = now.toISOString();
  const due = await deps.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(lte(teams.paymentDueAt, at), isNull(teams.frozenLimitDate), isNull(teams.deletedAt)));
  const frozen: string[] = [];
  for (const { id } of due) {
    await transaction(deps.db, async (tx) => {
      await lockTeam(tx, id);
      const team = await first(tx.select().from(teams).where(eq(teams.id, id)));
      // Paid or frozen meanwhile (a webhook between the list and the lock).
      if (!team?.paymentDueAt || team.paymentDueAt > at || team.frozenLimitDate) return;
      const until = new Date(now.getTime() + FREEZE_LIMIT_DAYS * DAY_MS).toISOString();
      await tx.update(teams).set({ frozenLimitDate: until }).where(eq(teams.id, id));
      const billing = storedBilling(team);
      await recordBillingChange(tx, deps, team, {
        change: "frozen",
        plan: team.plan,
        period: billing?.period ?? null,
        until,
      });
      frozen.push(id);
    });
  }
  return frozen;
}
