import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { ContestRow, TemplateRow } from "../../services/contests/form";
import { findContest, findTemplate } from "../../services/contests/queries";
import type { replayOf } from "../../services/idempotency";

export function notFound(what: "contest" | "template"): AppError {
  return new AppError("notFound", { message: `error.notFound.${what}` });
}

/** The transaction of a write (db.transaction's callback argument). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Reader = Parameters<typeof findContest>[0];
export type IdempotentRequest = Parameters<typeof replayOf>[1];

/** The team's contest or draft with that id, or 404. */
export function existingContest(db: Reader, teamId: string, id: string): ContestRow {
  const row = findContest(db, teamId, id);
  if (!row) throw notFound("contest");
  return row;
}

/** The team's template with that id, or 404. */
export function existingTemplate(db: Reader, teamId: string, id: string): TemplateRow {
  const row = findTemplate(db, teamId, id);
  if (!row) throw notFound("template");
  return row;
}
