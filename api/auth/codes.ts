/**
 * Six-digit sign-in codes (decisions.md): sent to any address (no account enumeration), valid 10 minutes.
 * Only a hash of the code is stored. Asking for a new code retires the old ones. 5 wrong tries retire the code,
 * not the person: they ask for a new one. How often a client may ask and guess, per client address and per
 * e-mail, is the limiter's (api/limits.ts; the arithmetic is docs/decisions/016-sign-in-limits.md).
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { loginCodes } from "../db/tables";
import { transaction } from "../db/transaction";
import { AppError } from "../errors";
import { newId } from "../ids";
import type { Limiter, LimitName } from "../limits";

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

/** Who is asking: the limiter, and the client's address (undefined in-process: no per-address count). */
export type Asker = { limiter: Limiter; address: string | undefined };

function hashCode(id: string, code: string): string {
  return createHash("sha256").update(`${id}:${code}`).digest("hex");
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Counts one attempt on both limits, the client's then the e-mail's, each checked and counted in one step (two
 * requests, or two processes, can't both pass the last free one); refused on one, neither is counted.
 */
async function takeBoth(
  asker: Asker,
  names: { perAddress: LimitName; perEmail: LimitName },
  email: string,
  message: string,
): Promise<string[]> {
  const { limiter, address } = asker;
  const taken: string[] = [];
  if (address !== undefined) taken.push(await limiter.take(names.perAddress, address, message));
  try {
    taken.push(await limiter.take(names.perEmail, email, message));
  } catch (err) {
    for (const id of taken) await limiter.forget(id);
    throw err;
  }
  return taken;
}

export async function issueCode(db: Db, email: string, clock: Clock, asker: Asker): Promise<string> {
  await takeBoth(
    asker,
    { perAddress: "signin.codes.per_address", perEmail: "signin.codes.per_email" },
    email,
    "error.tooManyAttempts.codesAsked",
  );
  const now = clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = newId();
  await transaction(db, async (tx) => {
    await tx
      .update(loginCodes)
      .set({ consumedAt: now.toISOString() })
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt)));
    await tx.insert(loginCodes).values({
      id,
      email,
      codeHash: hashCode(id, code),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    });
  });
  return code;
}

/**
 * Checks the code, counting a wrong try (422 when wrong or expired; the 5th wrong try retires the code: 429
 * "ask for a new code"). A client or an e-mail past its guesses gets 429 before the code is even looked at.
 * The code is consumed only when `consume` is set, so a registration missing its name can be sent again with
 * the same code.
 */
export async function checkCode(
  db: Db,
  email: string,
  code: string,
  clock: Clock,
  opts: { wrongMessage: string; consume: boolean; asker: Asker },
): Promise<void> {
  const { wrongMessage, asker } = opts;
  // Every guess is counted before the code is looked at, and taken back when it was right: counted after the
  // fact, guesses sent at once would all pass the check before the first is counted.
  const guess = await takeBoth(
    asker,
    { perAddress: "signin.guesses.per_address", perEmail: "signin.guesses.per_email" },
    email,
    "error.tooManyAttempts.guesses",
  );
  const now = clock().toISOString();
  const row = await first(
    db
      .select()
      .from(loginCodes)
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt)))
      .orderBy(desc(loginCodes.createdAt))
      .limit(1),
  );
  const invalid = () => new AppError("validation", { errors: { code: [wrongMessage] } });
  if (!row || row.expiresAt <= now) throw invalid();
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(hashCode(row.id, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    // The attacked code is retired on its 5th wrong try; the person's next code is untouched.
    const retired = attempts >= MAX_CODE_ATTEMPTS;
    await db
      .update(loginCodes)
      .set({ attempts, ...(retired ? { consumedAt: now } : {}) })
      .where(eq(loginCodes.id, row.id));
    if (retired) throw new AppError("tooManyAttempts", { message: "error.tooManyAttempts.codes" });
    throw invalid();
  }
  for (const id of guess) await asker.limiter.forget(id);
  if (opts.consume) await db.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.id, row.id));
}
