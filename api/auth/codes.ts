/**
 * Six-digit sign-in codes (decisions.md): sent to any address (no account enumeration), valid 10 minutes,
 * 5 wrong tries then 429. Only a hash of the code is stored. Asking for a new code retires the old ones; asking
 * too often (6 codes in an hour) is refused with 429 too.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { loginCodes } from "../db/schema";
import { AppError } from "../errors";
import { newId } from "../ids";

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
const MAX_CODES_PER_HOUR = 6;

function hashCode(id: string, code: string): string {
  return createHash("sha256").update(`${id}:${code}`).digest("hex");
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function issueCode(db: Db, email: string, clock: Clock): string {
  const now = clock();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const recent = db
    .select({ id: loginCodes.id })
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), gt(loginCodes.createdAt, hourAgo)))
    .all();
  if (recent.length >= MAX_CODES_PER_HOUR) {
    throw new AppError("tooManyAttempts", "Too many codes asked for this address. Try again in an hour.");
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const id = newId();
  db.transaction((tx) => {
    tx.update(loginCodes)
      .set({ consumedAt: now.toISOString() })
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt)))
      .run();
    tx.insert(loginCodes)
      .values({
        id,
        email,
        codeHash: hashCode(id, code),
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      })
      .run();
  });
  return code;
}

/**
 * Checks the code, counting a wrong try (422 when wrong or expired, 429 after 5 wrong tries). It is consumed
 * only when `consume` is set, so a registration missing its name can be sent again with the same code.
 */
export function checkCode(
  db: Db,
  email: string,
  code: string,
  clock: Clock,
  opts: { wrongMessage: string; consume: boolean },
): void {
  const wrongMessage = opts.wrongMessage;
  const now = clock().toISOString();
  const row = db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt)))
    .orderBy(desc(loginCodes.createdAt))
    .get();
  const invalid = () =>
    new AppError("validation", "The given data was invalid.", { errors: { code: [wrongMessage] } });
  if (!row || row.expiresAt <= now) throw invalid();
  if (row.attempts >= MAX_CODE_ATTEMPTS) {
    throw new AppError("tooManyAttempts", "Too many wrong codes. Ask for a new code.");
  }
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(hashCode(row.id, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    db.update(loginCodes).set({ attempts }).where(eq(loginCodes.id, row.id)).run();
    if (attempts >= MAX_CODE_ATTEMPTS)
      throw new AppError("tooManyAttempts", "Too many wrong codes. Ask for a new code.");
    throw invalid();
  }
  if (opts.consume) db.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.id, row.id)).run();
}
