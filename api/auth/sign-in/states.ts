/**
 * The state of a sign-in with a network (docs/decisions/038), as account-connect.ts keeps a link's: only the
 * state's SHA-256 is stored, with the nonce and the sealed PKCE verifier; it is bound to the browser that started
 * it (the hash of the `fd_sign_in` cookie, httpOnly, SameSite=Lax, on the callback's path only), lives 10 minutes,
 * and the callback marks it used in the same UPDATE that checks it, so a replayed or stolen state signs nobody in.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../context";
import { signInStates } from "../../db/tables";
import { generateCodeVerifier, generateState } from "../../drivers/shared/oauth-client";
import { SecretBox } from "../../drivers/shared/secrets";

export const BROWSER_COOKIE = "fd_sign_in";
export const CALLBACK_PATH = "/api/v1/auth/callback";
const STATE_MS = 10 * 60_000;

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

/** This browser's sign-in cookie (made when it has none), as its hash. */
function browserOf(c: Context<AppEnv>): string {
  let value = getCookie(c, BROWSER_COOKIE);
  if (!value || !/^[A-Za-z0-9_-]{32,}$/.test(value)) {
    value = randomBytes(24).toString("base64url");
    setCookie(c, BROWSER_COOKIE, value, {
      httpOnly: true,
      sameSite: "Lax",
      secure: c.get("deps").env.nodeEnv === "production",
      path: CALLBACK_PATH,
      maxAge: STATE_MS / 1000,
    });
  }
  return sha256(value);
}

export type Begun = { state: string; nonce: string; verifier: string | null };

export async function beginSignIn(
  c: Context<AppEnv>,
  o: { provider: string; pkce: boolean; next: string | null; userId: string | null },
): Promise<Begun> {
  const { db, clock, env } = c.get("deps");
  const state = generateState();
  const nonce = generateState();
  const verifier = o.pkce ? generateCodeVerifier() : null;
  const now = clock();
  await db.insert(signInStates).values({
    id: sha256(state),
    provider: o.provider,
    browser: browserOf(c),
    nonce,
    verifier: verifier ? new SecretBox(env.accountSecretKey).seal(verifier) : null,
    next: o.next,
    userId: o.userId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + STATE_MS).toISOString(),
    usedAt: null,
  });
  return { state, nonce, verifier };
}

export type TakenState = {
  nonce: string;
  verifier: string | null;
  next: string | null;
  userId: string | null;
};

/** The state used once, by the browser that began it, within its 10 minutes; null otherwise. */
export async function takeState(
  c: Context<AppEnv>,
  provider: string,
  state: string,
): Promise<TakenState | null> {
  const { db, clock, env } = c.get("deps");
  const cookie = getCookie(c, BROWSER_COOKIE);
  if (!state || !cookie) return null;
  const now = clock().toISOString();
  const [row] = await db
    .update(signInStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInStates.id, sha256(state)),
        eq(signInStates.browser, sha256(cookie)),
        eq(signInStates.provider, provider),
        isNull(signInStates.usedAt),
        gt(signInStates.expiresAt, now),
      ),
    )
    .returning();
  if (!row) return null;
  return {
    nonce: row.nonce,
    verifier: row.verifier ? new SecretBox(env.accountSecretKey).open<string>(row.verifier) : null,
    next: row.next,
    userId: row.userId,
  };
}
