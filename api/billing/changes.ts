/**
 * A billing change is told twice: a changeBilling line in the team's activity log and a notification to the
 * team's owner (issue 26), both in the transaction that made the change.
 */
import type { ActivityItem } from "../../codegen/types";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { logActivity } from "../services/activity";
import { notify } from "../services/notifications";

export type BillingChange = NonNullable<ActivityItem["meta"]["billing"]>;

export async function recordBillingChange(
  tx: Db,
  deps: Pick<Deps, "clock" | "realtime">,
  team: { id: string; ownerId: string; name: string },
  change: BillingChange,
  userId: string | null = null,
): Promise<void> {
  await logActivity(tx, deps.clock, {
    teamId: team.id,
    type: "changeBilling",
    userId,
    meta: { billing: change },
  });
  await notify(
    { db: tx, clock: deps.clock, realtime: deps.realtime },
    { userId: team.ownerId },
    {
      key: "billingChanged",
      data: { ...change, team: { _id: team.id, name: team.name } },
      link: "/team/billing",
    },
  );
}
