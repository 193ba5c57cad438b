/**
 * An account whose access the network will end and that cannot be refreshed (a Facebook user token lives about 60
 * days): its owner is told a week before, once per expiry date, to connect it again in time (the notification
 * accountAccessEnding, linking to the accounts page).
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { jsonSet } from "../db/json-sql";
import { first } from "../db/query";
import { accounts } from "../db/tables";
import type { StoredAccount } from "../drivers/types";
import { notify } from "./notifications";

/** How long before the access ends the owner is told. */
export const ACCESS_NOTICE_MS = 7 * 86_400_000;

export async function accessEndingNotice(
  deps: Pick<Deps, "db" | "clock" | "realtime">,
  provider: { name: string; display_name: string },
  account: StoredAccount,
  endsAt: string,
): Promise<void> {
  if (!account.id || Date.parse(endsAt) - deps.clock().getTime() > ACCESS_NOTICE_MS) return;
  const row = await first(deps.db.select().from(accounts).where(eq(accounts.id, account.id)));
  if (!row || row.disabled || row.meta?.access_notice_for === endsAt) return;
  await deps.db
    .update(accounts)
    .set({ meta: jsonSet(accounts.meta, ["access_notice_for"], endsAt) })
    .where(eq(accounts.id, row.id));
  const to = row.userId ? { userId: row.userId } : row.teamId ? { teamId: row.teamId } : null;
  if (!to) return;
  await notify(deps, to, {
    key: "accountAccessEnding",
    data: {
      account: { name: row.name, screen_name: row.screenName, provider: provider.name },
      network: provider.display_name,
      ends_at: endsAt,
    },
    link: "/team/accounts",
  });
}
