/**
 * The team's Stripe customer: made at its first checkout (or portal visit) and kept on the team. Two requests at
 * once make one customer: the creation carries an idempotency key of the team, and only the first write of the
 * id on the team counts.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { teams } from "../db/tables";
import type { Stripe } from "./stripe-client";

export async function ensureCustomer(
  db: Db,
  stripe: Stripe,
  team: TeamRow,
  payer: { email: string; locale: string },
): Promise<string> {
  if (team.stripeCustomerId) return team.stripeCustomerId;
  const customer = await stripe.customers.create(
    {
      name: team.name,
      email: payer.email,
      preferred_locales: [payer.locale],
      metadata: { fairdraw_team: team.id },
    },
    { idempotencyKey: `fairdraw-customer-${team.id}` },
  );
  await db
    .update(teams)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(teams.id, team.id), isNull(teams.stripeCustomerId)));
  const kept = await first(
    db.select({ id: teams.stripeCustomerId }).from(teams).where(eq(teams.id, team.id)),
  );
  return kept?.id ?? customer.id;
}
