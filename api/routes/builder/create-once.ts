import type { Context } from "hono";
import type { ContestForm } from "../../../codegen/types";
import type { ValidationContext } from "../../../engine/config/types";
import type { AppEnv } from "../../context";
import { lockTeam, transaction } from "../../db/transaction";
import { newId } from "../../ids";
import { teamOf } from "../../middleware/guards";
import { logActivity } from "../../services/activity";
import { type IdempotentAnswer, rememberAnswer, replayOf, requestHash } from "../../services/idempotency";
import type { IdempotentRequest, Tx } from "./existing";
import { assertPaymentDraftRoom, assertQuota, type QuotaName } from "./quotas";

/** A create's idempotency request: the body's key for this call (scope) in the team, and the body's hash. */
export function idempotentRequest(
  c: Context<AppEnv>,
  body: Record<string, unknown>,
  form: ContestForm,
  scope: "contests.create" | "templates.create",
): IdempotentRequest {
  return { teamId: teamOf(c).team.id, key: String(form.idempotency_key), scope, hash: requestHash(body) };
}

/**
 * A create in one transaction, the team's row locked first (two processes creating for one team count their
 * quota one after the other): the key's answer again if another call used it meanwhile; else the quota (if any),
 * `write` with a new id and `now`, and the 201 `{ [idField]: id }` remembered for the key.
 */
export async function createOnce(
  c: Context<AppEnv>,
  create: {
    request: IdempotentRequest;
    now: Date;
    ctx: ValidationContext;
    quota: QuotaName | "forPayment" | null;
    idField: "contest_id" | "template_id";
  },
  write: (tx: Tx, id: string, at: string) => Promise<void>,
): Promise<{ answer: IdempotentAnswer; created: string | null }> {
  const { db, clock } = c.get("deps");
  return transaction(db, async (tx): Promise<{ answer: IdempotentAnswer; created: string | null }> => {
    await lockTeam(tx, create.request.teamId);
    const again = await replayOf(tx, create.request);
    if (again) return { answer: again, created: null };
    if (create.quota === "forPayment") await assertPaymentDraftRoom(c, tx);
    else if (create.quota) await assertQuota(c, tx, create.ctx, create.quota);
    const id = newId();
    await write(tx, id, create.now.toISOString());
    const first: IdempotentAnswer = { status: 201, response: { [create.idField]: id } };
    await rememberAnswer(tx, clock, create.request, first);
    return { answer: first, created: id };
  });
}

/** The createContest activity: a contest came into being (a create, or a draft submitted). */
export async function logContestCreated(
  c: Context<AppEnv>,
  tx: Tx,
  userId: string,
  id: string,
  name: string,
): Promise<void> {
  await logActivity(tx, c.get("deps").clock, {
    teamId: teamOf(c).team.id,
    type: "createContest",
    userId,
    meta: { contest: { _id: id, name } },
  });
}
