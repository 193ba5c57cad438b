import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { ContestRow, TemplateRow } from "../../services/contests/form";
import { findContest, findTemplate } from "../../services/contests/queries";
import type { replayOf } from "../../services/idempotency";

export function notFound(what: "contest" | "template"): AppError {
  return new AppError("notFound", { message: `error.notFound.${what}` });
}

/** The transaction of a write (transaction(db, …)'s callback argument). */
export type Tx = Db;
export type Reader = Parameters<typeof findContest>[0];
export type IdempotentRequest = Parameters<typeof replayOf>[1];

/** The team's contest or draft with that id, or 404. */
export async function existingContest(db: Reader, teamId: string, id: string): Promise<ContestRow> {
  const row = await findContest(db, teamId, id);
  if (!row) throw notFound("contest");
  return row;
}

/** The team's template with that id, or 404. */
export async function existingTemplate(db: Reader, teamId: string, id: string): Promise<TemplateRow> {
  const row = await findTemplate(db, teamId, id);
  if (!row) throw notFound("template");
  return row;
}
