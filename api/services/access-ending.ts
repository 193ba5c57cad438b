/**
 * An account whose access the network will end and that cannot be refreshed (a Facebook user token lives about 60
 * days): its owner is told a week before, once per expiry date, to connect it again in time (the notification
 * accountAccessEnding, linking to the accounts page).
 */
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Deps } from "../context";
import { jsonSet, jsonText } from "../db/json-sql";
import { accounts } from "../db/tables";
import type { StoredAccount } from "../drivers/types";
import { notify } from "./notifications";

/** How long before the access ends the owner is told. */
export const ACCESS_NOTICE_MS = 7 * 86_400_000;

/** Tells the owner if the access ends within ACCESS_NOTICE_MS and they were not told of this date; answers whether they were told now. */
export async function accessEndingNotice(
  deps: Pick<Deps, "db" | "clock" | "realtime">,
  provider: { name: string; display_name: string },
  account: StoredAccount,
  endsAt: string,
): Promise<boolean> {
  if (!account.id || Date.parse(endsAt) - deps.clock().getTime() > ACCESS_NOTICE_MS) return false;
  const toldFor = jsonText(accounts.meta, ["access_notice_for"]);
  // Marked by compare-and-set: of two processes (the token job, a use of the account) only one tells.
  const [row] = await deps.db
    .update(accounts)
    .set({ meta: jsonSet(accounts.meta, ["access_notice_for"], endsAt) })
    .where(
      and(
        eq(accounts.id, account.id),
        eq(accounts.disabled, false),
        or(isNull(toldFor), ne(toldFor, endsAt)),
      ),
    )
    .returning({
      name: accounts.name,
      screenName: accounts.screenName,
      userId: accounts.userId,
      teamId: accounts.teamId,
    });
  if (!row) return false;
  const to = row.userId ? { userId: row.userId } : row.teamId ? { teamId: row.teamId } : null;
  if (!to) return false;
  await notify(deps, to, {
    key: "accountAccessEnding",
    data: {
      account: { name: row.name, screen_name: row.screenName, provider: provider.name },
      network: provider.display_name,
      ends_at: endsAt,
    },
    link: "/team/accounts",
  });
  return true;
}
