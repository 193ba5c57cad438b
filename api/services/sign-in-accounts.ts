/**
 * The networks a person signs in with (docs/decisions/038), and who a network's sign-in is:
 *
 * 1. a network login already added to a person signs that person in;
 * 2. otherwise an e-mail address the network says it VERIFIED finds the person who has it (the login is added to
 *    them), or registers a new person exactly as the e-mail code does (registerUser: the same defaults, a default
 *    team on the basic plan);
 * 3. an unverified or absent e-mail signs nobody in and registers nobody: the person signs in with the e-mail
 *    code, then adds the network from /me/settings (the same answer whether or not someone has that address).
 *
 * A signed-in person adding a network gets it unless another person already signs in with that login.
 */
import { and, asc, eq } from "drizzle-orm";
import { normalizeEmail } from "../auth/codes";
import type { UserRow } from "../auth/sessions";
import type { NetworkIdentity } from "../auth/sign-in/oidc";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { first } from "../db/query";
import { signInAccounts, users } from "../db/tables";
import { transaction } from "../db/transaction";
import { newId } from "../ids";
import { findUserByEmail, registerUser } from "./users";

export type SignInAccountRow = typeof signInAccounts.$inferSelect;

/** Why a network's sign-in signs nobody in (the login page says it). */
export type SignInRefusal = "unverified" | "taken";

export type SignInOutcome =
  | { ok: true; user: UserRow; created: boolean; added: boolean }
  | { ok: false; reason: SignInRefusal };

type Who = { provider: string; identity: NetworkIdentity };

async function loginOf(db: Db, provider: string, subject: string) {
  return first(
    db
      .select({ login: signInAccounts, user: users })
      .from(signInAccounts)
      .innerJoin(users, eq(users.id, signInAccounts.userId))
      .where(and(eq(signInAccounts.provider, provider), eq(signInAccounts.subject, subject))),
  );
}

function rowOf(deps: Pick<Deps, "clock">, userId: string, { provider, identity }: Who): SignInAccountRow {
  const now = deps.clock().toISOString();
  return {
    id: newId(),
    userId,
    provider,
    subject: identity.subject,
    name: identity.name ?? identity.screenName ?? identity.email ?? provider,
    screenName: identity.screenName,
    email: identity.email,
    profilePicture: identity.picture,
    createdAt: now,
    lastUsedAt: now,
  };
}

/** A new person's name: what the network calls them, else the e-mail's local part. */
function nameOf(identity: NetworkIdentity, email: string): string {
  return (identity.name ?? identity.screenName ?? email.split("@")[0] ?? email).slice(0, 100);
}

export async function signInWithNetwork(
  deps: Pick<Deps, "db" | "clock">,
  who: Who,
  o: { locale: string },
): Promise<SignInOutcome> {
  try {
    return await signInOnce(deps, who, o);
  } catch (err) {
    // Two sign-ins of one new person at once: the other one registered them; this one now finds them.
    if (!isUniqueViolation(err)) throw err;
    return signInOnce(deps, who, o);
  }
}

async function signInOnce(
  deps: Pick<Deps, "db" | "clock">,
  who: Who,
  o: { locale: string },
): Promise<SignInOutcome> {
  const { db, clock } = deps;
  const known = await loginOf(db, who.provider, who.identity.subject);
  if (known && !known.user.deletedAt) {
    await db
      .update(signInAccounts)
      .set({ lastUsedAt: clock().toISOString() })
      .where(eq(signInAccounts.id, known.login.id));
    return { ok: true, user: known.user, created: false, added: false };
  }
  const { email: raw, emailVerified } = who.identity;
  if (!raw || !emailVerified) return { ok: false, reason: "unverified" };
  const email = normalizeEmail(raw);
  return transaction(db, async (tx) => {
    // A login left by a deleted person is freed.
    if (known) await tx.delete(signInAccounts).where(eq(signInAccounts.id, known.login.id));
    const existing = await findUserByEmail(tx, email);
    const user =
      existing ??
      (await registerUser(tx, clock, { email, name: nameOf(who.identity, email), locale: o.locale }));
    await tx.insert(signInAccounts).values(rowOf(deps, user.id, who));
    return { ok: true, user, created: !existing, added: true };
  });
}

/** A signed-in person adds a network to sign in with. */
export async function addSignInAccount(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  who: Who,
): Promise<SignInOutcome> {
  const known = await loginOf(deps.db, who.provider, who.identity.subject);
  if (known && !known.user.deletedAt) {
    return known.user.id === user.id
      ? { ok: true, user, created: false, added: false }
      : { ok: false, reason: "taken" };
  }
  await transaction(deps.db, async (tx) => {
    if (known) await tx.delete(signInAccounts).where(eq(signInAccounts.id, known.login.id));
    await tx.insert(signInAccounts).values(rowOf(deps, user.id, who));
  });
  return { ok: true, user, created: false, added: true };
}

export async function signInAccountsOf(db: Db, userId: string): Promise<SignInAccountRow[]> {
  return db
    .select()
    .from(signInAccounts)
    .where(eq(signInAccounts.userId, userId))
    .orderBy(asc(signInAccounts.createdAt), asc(signInAccounts.id));
}

/** The API shape: no subject (the network's id of the person stays on the server). */
export function signInAccountShape(row: SignInAccountRow) {
  return {
    _id: row.id,
    provider: row.provider,
    name: row.name,
    screen_name: row.screenName,
    email: row.email,
    profile_picture: row.profilePicture,
    linked_at: row.createdAt,
    last_used_at: row.lastUsedAt,
  };
}

/** Removes one of the person's network logins; false when it is not theirs. */
export async function removeSignInAccount(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(signInAccounts)
    .where(and(eq(signInAccounts.id, id), eq(signInAccounts.userId, userId)))
    .returning({ id: signInAccounts.id });
  return gone.length === 1;
}

/** A deleted person's logins are let go (api/routes/users.ts). */
export async function forgetSignInAccounts(db: Db, userId: string): Promise<void> {
  await db.delete(signInAccounts).where(eq(signInAccounts.userId, userId));
}
