/**
 * A paid one-shot (checkout.session.completed in payment mode, paid): the offer named in the session's metadata
 * (checkout.ts) is delivered once, by the event's transaction:
 * - quickDraw: the quick import chosen before paying is made now, as a paid contest that counts in no quota;
 * - contestBuilder: the draft saved for payment becomes a paid contest, to complete in the builder.
 * A link that no longer reads as a post of its network (the catalogue changed) delivers nothing but is logged as
 * bought, so support can see it.
 */
import { and, eq } from "drizzle-orm";
import type { Deps, TeamRow } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { contests, users } from "../db/tables";
import { afterCommit } from "../db/transaction";
import { insertQuickImport, matchPost } from "../services/quickdraw";
import { type BillingChange, recordBillingChange } from "./changes";
import type { Stripe } from "./stripe-client";
import { storedBilling } from "./subscription-state";

export async function applyOneShot(
  tx: Db,
  deps: Pick<Deps, "clock" | "realtime" | "catalog" | "env">,
  team: TeamRow,
  session: Stripe.Checkout.Session,
): Promise<BillingChange[]> {
  if (session.payment_status !== "paid") return [];
  const meta = session.metadata ?? {};
  const offer = meta.fairdraw_offer;
  const userId = meta.user_id
    ? ((await first(tx.select({ id: users.id }).from(users).where(eq(users.id, meta.user_id))))?.id ?? null)
    : null;
  let contestId: string | null = null;
  if (offer === "quickDraw") {
    const provider = deps.catalog.providers.get(meta.import_provider ?? "");
    const post = matchPost(deps.catalog, meta.import_matched ?? "");
    if (provider?.quickdraw && post && post.provider === provider.name) {
      const row = await insertQuickImport(tx, deps.clock(), {
        teamId: team.id,
        userId,
        name: meta.import_name ?? "",
        matched: meta.import_matched ?? "",
        provider,
        post,
        paid: { checkoutSession: session.id },
        env: deps.env,
      });
      contestId = row.id;
    }
  } else if (offer === "contestBuilder" && meta.contest_id) {
    const updated = await tx
      .update(contests)
      .set({ paidContest: true, updatedAt: deps.clock().toISOString() })
      .where(
        and(eq(contests.id, meta.contest_id), eq(contests.teamId, team.id), eq(contests.forPayment, true)),
      )
      .returning({ id: contests.id });
    contestId = updated[0]?.id ?? null;
  } else {
    return [];
  }
  if (contestId) {
    const id = contestId;
    afterCommit(() => deps.realtime.toTeam(team.id, { type: "load_contest", contest_id: id }));
  }
  const change: BillingChange = {
    change: "oneShotBought",
    plan: team.plan,
    period: storedBilling(team)?.period ?? null,
    offer,
  };
  await recordBillingChange(tx, deps, team, change, userId);
  return [change];
}
