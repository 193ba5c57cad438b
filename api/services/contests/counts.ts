/**
 * The counts the quotas are enforced with, in the transaction that creates: `drafts` = the team's drafts that
 * are not deleted, leaving out drafts saved for payment (they wait for a one-shot purchase, whatever the plan);
 * `templates` = templates not deleted; `contests` = contests in play at once (planned, started, closed: not
 * deleted, not paid one-shots), so an ended or canceled contest frees its place. Paid one-shot contests are
 * bought one by one and are neither counted nor refused by the contests quota.
 */
import { and, count, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { first } from "../../db/query";
import { contests, templates } from "../../db/tables";
import { ACTIVE_STATUSES } from "./form";

type Reader = Pick<Db, "select">;

/** How many rows of the table match. */
export async function countOf(
  db: Reader,
  table: typeof contests | typeof templates,
  where: SQL | undefined,
): Promise<number> {
  return (await first(db.select({ n: count() }).from(table).where(where)))?.n ?? 0;
}

/** The team's templates that are not deleted. */
export function ofTemplates(teamId: string): SQL | undefined {
  return and(eq(templates.teamId, teamId), isNull(templates.deletedAt));
}

/** Drafts of the team: the plan's `drafts` quota, or (forPayment) those kept for a one-shot payment, which have
 * no plan quota but the limiter's drafts.for_payment.per_team. */
export function countDrafts(db: Reader, teamId: string, forPayment = false): Promise<number> {
  return countOf(
    db,
    contests,
    and(
      eq(contests.teamId, teamId),
      eq(contests.status, "draft"),
      eq(contests.forPayment, forPayment),
      isNull(contests.deletedAt),
    ),
  );
}

export function countActiveContests(db: Reader, teamId: string): Promise<number> {
  return countOf(
    db,
    contests,
    and(
      eq(contests.teamId, teamId),
      // Builder contests only: quick imports (classic) have their own imports quota.
      eq(contests.type, "tunnel"),
      inArray(contests.status, [...ACTIVE_STATUSES]),
      eq(contests.paidContest, false),
      isNull(contests.deletedAt),
    ),
  );
}

export function countTemplates(db: Reader, teamId: string): Promise<number> {
  return countOf(db, templates, ofTemplates(teamId));
}

// ---------------------------------------------------------------------------------------------------------
// Reading
