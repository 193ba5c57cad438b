/**
 * Invites (app-shell.md §3, §4): a link /invite/{key} to join a team (add_member) or to link an account to it
 * (link_account). Active for 7 days; active → used | expired | canceled, all final. Expiry is settled when an
 * invite is read after its expires_at, so every reader sees the same status.
 */
import { and, count, eq, gt, inArray, lte } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { invites, users } from "../db/tables";
import { transaction } from "../db/transaction";
import type { Env } from "../env";
import { newId, newToken } from "../ids";
import { logActivity } from "./activity";

export const INVITE_TTL_MS = 7 * 86_400_000;

export type InviteRow = typeof invites.$inferSelect;
export type InviteType = "add_member" | "link_account";
export type InviteStatus = "active" | "used" | "expired" | "canceled";

type Reader = Pick<Db, "select">;
type Writer = Pick<Db, "select" | "update">;

/** Marks the team's active invites whose time is up as expired (one invite when `id` is given). */
export async function expireDueInvites(
  db: Pick<Db, "update">,
  clock: Clock,
  where: { teamId: string } | { id: string },
) {
  const now = clock().toISOString();
  await db
    .update(invites)
    .set({ status: "expired" })
    .where(
      and(
        "teamId" in where ? eq(invites.teamId, where.teamId) : eq(invites.id, where.id),
        eq(invites.status, "active"),
        lte(invites.expiresAt, now),
      ),
    );
}

/** The invite behind a link, with its expiry settled; undefined when the key is unknown. */
export async function findInviteByKey(db: Writer, clock: Clock, key: string): Promise<InviteRow | undefined> {
  const row = await first(db.select().from(invites).where(eq(invites.key, key)));
  if (!row) return undefined;
  await expireDueInvites(db, clock, { id: row.id });
  return await first(db.select().from(invites).where(eq(invites.id, row.id)));
}

/** Active invites of a team of one type (and network), the ones still within their 7 days. */
export async function countActiveInvites(
  db: Reader,
  clock: Clock,
  teamId: string,
  type: InviteType,
  provider?: string,
): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(invites)
      .where(
        and(
          eq(invites.teamId, teamId),
          eq(invites.type, type),
          eq(invites.status, "active"),
          gt(invites.expiresAt, clock().toISOString()),
          provider === undefined ? undefined : eq(invites.provider, provider),
        ),
      ),
  );
  return row?.n ?? 0;
}

type Person = { name: string; profile_picture: string | null };

/** Names and pictures of the people an invite mentions. */
export async function peopleOf(db: Reader, rows: InviteRow[]): Promise<Map<string, Person>> {
  const ids = new Set<string>();
  for (const r of rows) for (const id of [r.senderId, r.receiverId, r.cancelerId]) if (id) ids.add(id);
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: users.id, name: users.name, picture: users.profilePicture })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((u) => [u.id, { name: u.name, profile_picture: u.picture }]));
}

const NOBODY: Person = { name: "", profile_picture: null };

/** The invite as the team sees it (schemas/stored/invite.schema.json). */
export function inviteShape(row: InviteRow, people: Map<string, Person>) {
  const person = (id: string | null) => (id ? (people.get(id) ?? NOBODY) : null);
  const account = row.meta?.account as { url: string | null; screen_name: string } | undefined;
  return {
    _id: row.id,
    key: row.key,
    type: row.type as InviteType,
    status: row.status as InviteStatus,
    email: row.email,
    meta:
      row.type === "link_account"
        ? {
            provider: row.provider ?? "",
            account: account ? { url: account.url, screen_name: account.screen_name } : null,
          }
        : {},
    sender: person(row.senderId) ?? NOBODY,
    receiver: person(row.receiverId),
    canceler: person(row.cancelerId),
    created_at: row.createdAt,
    sent_at: row.sentAt,
    used_at: row.usedAt,
    canceled_at: row.canceledAt,
    expires_at: row.expiresAt,
  };
}

/** The invite link page (/invite/{key}): only what a person holding the link needs, no e-mail, no ids. */
export function invitePublicShape(row: InviteRow, teamName: string, sender: Person | undefined) {
  return {
    key: row.key,
    type: row.type as InviteType,
    status: row.status as InviteStatus,
    team: { name: teamName },
    provider: row.provider,
    sender: { name: sender?.name ?? "" },
    expires_at: row.expiresAt,
  };
}

/**
 * Uses an active invite: the one write that moves it to "used", so two people can't both use the same link.
 * Answers false when it was no longer active.
 */
export async function markInviteUsed(
  db: Pick<Db, "update">,
  clock: Clock,
  row: InviteRow,
  receiverId: string,
  meta: Record<string, unknown> = row.meta ?? {},
): Promise<boolean> {
  const now = clock().toISOString();
  const result = await db
    .update(invites)
    .set({ status: "used", receiverId, usedAt: now, meta })
    .where(and(eq(invites.id, row.id), eq(invites.status, "active"), gt(invites.expiresAt, now)))
    .returning({ id: invites.id });
  return result.length === 1;
}

/**
 * A new active invite and its activity line, written together. The caller that counted the team's invites
 * against a quota calls it with the tx of that transaction (begun with lockTeam).
 */
export async function createInvite(
  db: Db,
  clock: Clock,
  input: { teamId: string; type: InviteType; senderId: string; email: string | null; provider?: string },
): Promise<InviteRow> {
  const now = clock();
  const row: InviteRow = {
    id: newId(),
    key: newToken(),
    teamId: input.teamId,
    type: input.type,
    status: "active",
    provider: input.provider ?? null,
    email: input.email,
    meta: input.type === "link_account" ? { account: null } : {},
    senderId: input.senderId,
    receiverId: null,
    cancelerId: null,
    createdAt: now.toISOString(),
    sentAt: null,
    usedAt: null,
    canceledAt: null,
    expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
  };
  await transaction(db, async (tx) => {
    await tx.insert(invites).values(row);
    await logActivity(tx, clock, {
      teamId: input.teamId,
      type: input.type === "add_member" ? "createInvite.member" : "createInvite.account",
      userId: input.senderId,
      meta: { invite: { key: row.key } },
    });
  });
  return row;
}

export function inviteUrl(env: Pick<Env, "publicUrl">, key: string): string {
  return `${env.publicUrl.replace(/\/+$/, "")}/invite/${key}`;
}

/**
 * 429 when the team or the address has had its invitation mails (the limiter's mail.per_team and
 * mail.per_recipient): checked before the invite is made, so a refused call leaves nothing behind.
 */
export async function checkInviteMailLimits(
  deps: Pick<Deps, "limiter">,
  teamId: string,
  email: string | null,
): Promise<void> {
  if (!email) return;
  await deps.limiter.check("mail.per_team", teamId, "error.tooManyAttempts.teamMails");
  await deps.limiter.check("mail.per_recipient", email, "error.tooManyAttempts.recipientMails");
}

/**
 * Mails the invite link to its address and records sent_at. The subject is ours alone: the team's and the
 * sender's names are chosen by whoever sends, so they stay in the body, quoted, never in the subject line. A mail that can't be sent leaves the invite as a
 * link to pass on (sent_at null): the call still succeeds and the page shows the link to copy.
 */
export async function mailInvite(
  deps: Pick<Deps, "db" | "clock" | "mailer" | "env" | "logger" | "limiter">,
  row: InviteRow,
  about: { teamName: string; senderName: string; providerName?: string },
): Promise<InviteRow> {
  if (!row.email) return row;
  const url = inviteUrl(deps.env, row.key);
  const until = row.expiresAt.slice(0, 10);
  const mail =
    row.type === "add_member"
      ? {
          subject: "You are invited to join a team on Fairdraw",
          text: `${about.senderName} invites you to join the team "${about.teamName}" on Fairdraw.\n\nOpen this link to accept: ${url}\n\nThe invite is valid until ${until}.`,
        }
      : {
          subject: `You are asked to link your ${about.providerName} account on Fairdraw`,
          text: `${about.senderName} asks you to link your ${about.providerName} account to the team "${about.teamName}" on Fairdraw. The account stays yours: you can take it back at any time from your Fairdraw profile.\n\nOpen this link to link it: ${url}\n\nThe invite is valid until ${until}.`,
        };
  await deps.limiter.hit("mail.per_team", row.teamId);
  await deps.limiter.hit("mail.per_recipient", row.email);
  try {
    await deps.mailer.send({ to: row.email, ...mail });
  } catch (err) {
    deps.logger.warn({ err, invite: row.id }, "the invite mail could not be sent");
    return row;
  }
  const sentAt = deps.clock().toISOString();
  await deps.db.update(invites).set({ sentAt }).where(eq(invites.id, row.id));
  return { ...row, sentAt };
}
