/**
 * Idempotency of the create calls (contests/create, templates/create): the builder keeps one key per form, so a
 * repeated call (a double click, a retry after a lost answer) creates nothing twice.
 *
 * - Keys are scoped per team: (team_id, key) is the table's primary key.
 * - The same key with the same call (scope) and the same body answers what the first call answered (status and
 *   JSON), without creating anything; the same key with another call or another body is a 409 `conflict`.
 * - Only a success is remembered, written in the transaction that creates the object: a refused call (422, 403)
 *   leaves the key free, so the builder can correct the form and send it again with the same key.
 * - The body is compared by a SHA-256 of its canonical JSON (keys sorted), without the key itself.
 * - Keys are kept as long as the team: an answer replayed later names an object that may since be deleted.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { idempotencyKeys } from "../db/tables";
import { AppError } from "../errors";

type Reader = Pick<Db, "select">;
type Writer = Pick<Db, "insert">;

export type IdempotentAnswer = { status: ContentfulStatusCode; response: Record<string, unknown> };

/** Keys quoted once: a form's keys repeat across its sources and lists (bounded: keys come from clients). */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 10_000;

function quoted(key: string): string {
  let text = quotedKeys.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, text);
  }
  return text;
}

/**
 * JSON with every object's keys sorted, so that two equal bodies give one text whatever their key order. Built by
 * concatenation in one pass (a create's body is tens of KB: the entries/filter/map/join arrays of each object cost
 * more than the text itself). Keys sort in code-unit order, as Array#sort does without a comparator.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  let out = "{";
  for (const key of Object.keys(object).sort()) {
    const item = object[key];
    if (item === undefined) continue;
    out += `${out.length === 1 ? "" : ","}${quoted(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}

/** The hash a key's request is remembered by: the body without `idempotency_key`. */
export function requestHash(body: Record<string, unknown>): string {
  const { idempotency_key: _key, ...rest } = body;
  return createHash("sha256").update(canonicalJson(rest)).digest("hex");
}

/**
 * What was answered the first time this key was used for this request; null when the key is new. Throws the
 * 409 when the key was used for another call or another body.
 */
export async function replayOf(
  db: Reader,
  request: { teamId: string; key: string; scope: string; hash: string },
): Promise<IdempotentAnswer | null> {
  const row = await first(
    db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.teamId, request.teamId), eq(idempotencyKeys.key, request.key))),
  );
  if (!row) return null;
  if (row.scope !== request.scope || row.requestHash !== request.hash) {
    throw new AppError("conflict", { message: "error.conflict.idempotencyKey" });
  }
  return { status: row.status as ContentfulStatusCode, response: row.response };
}

/** Remembers a success; call it in the transaction that created the object. */
export async function rememberAnswer(
  db: Writer,
  clock: Clock,
  request: { teamId: string; key: string; scope: string; hash: string },
  answer: IdempotentAnswer,
): Promise<void> {
  await db.insert(idempotencyKeys).values({
    teamId: request.teamId,
    key: request.key,
    scope: request.scope,
    requestHash: request.hash,
    status: answer.status,
    response: answer.response,
    createdAt: clock().toISOString(),
  });
}
