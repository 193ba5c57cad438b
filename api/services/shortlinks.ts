/**
 * Shortlinks (app-shell.md §3, §5, §9): https://{domain}/{key} → url, on one of the three short domains, with
 * visit counts. Keys are unique per domain (case matters: random keys use both cases).
 *
 * - A random key is 6 characters drawn with crypto from 62 (about 5.7e10 keys), drawn again on a collision.
 * - A visitor is an HMAC-SHA256, under the server's SHORTLINK_SECRET, of the link id, the IP and the
 *   User-Agent: it tells a returning visitor of that link apart without keeping the IP, and the same person's
 *   hashes on two links can't be matched.
 */
import { createHmac, randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import constants from "../../schemas/constants.json";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { shortlinks, shortlinkVisitDays, shortlinkVisitors } from "../db/tables";
import { transaction } from "../db/transaction";
import { newId } from "../ids";

export type ShortlinkRow = typeof shortlinks.$inferSelect;

export const SHORTLINK_DOMAINS: readonly string[] = constants.shortlinks.domains;
/** The first configured domain is the default (app-shell.md §5). */
export const DEFAULT_SHORTLINK_DOMAIN = SHORTLINK_DOMAINS[0] ?? "fdraw.co";
const KEY_PATTERN = new RegExp(constants.shortlinks.key.pattern);
const KEY_LENGTH = constants.shortlinks.key;

export const RANDOM_KEY_LENGTH = 6;
const RANDOM_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** With 5.7e10 keys a collision is rare; this many in a row means something else is wrong. */
const RANDOM_KEY_ATTEMPTS = 10;

export function randomKey(): string {
  let key = "";
  for (let i = 0; i < RANDOM_KEY_LENGTH; i++)
    key += RANDOM_KEY_ALPHABET[randomInt(RANDOM_KEY_ALPHABET.length)];
  return key;
}

/** Whether a path segment can be a key at all (so an odd one is a 404 without a query). */
export function isKeyShaped(key: string): boolean {
  return key.length >= KEY_LENGTH.min && key.length <= KEY_LENGTH.max && KEY_PATTERN.test(key);
}

/** The shortlink as the API answers it (schemas/stored/shortlink.schema.json). */
export function shortlinkShape(row: ShortlinkRow) {
  return {
    _id: row.id,
    type: row.type as "random" | "custom",
    domain: row.domain,
    key: row.key,
    url: row.url,
    nb_visits: row.nbVisits,
    nb_uniq_visits: row.nbUniqVisits,
    created_at: row.createdAt,
  };
}

/**
 * Creates a shortlink: with the given key (custom), or a random one. "taken" when a custom key is already
 * used on that domain (by any team).
 */
export async function createShortlink(
  db: Db,
  clock: Clock,
  input: { teamId: string; userId: string; domain: string; key: string | null; url: string },
): Promise<ShortlinkRow | "taken"> {
  const attempts = input.key === null ? RANDOM_KEY_ATTEMPTS : 1;
  for (let i = 0; i < attempts; i++) {
    const row: ShortlinkRow = {
      id: newId(),
      teamId: input.teamId,
      type: input.key === null ? "random" : "custom",
      domain: input.domain,
      key: input.key ?? randomKey(),
      url: input.url,
      nbVisits: 0,
      nbUniqVisits: 0,
      createdBy: input.userId,
      createdAt: clock().toISOString(),
    };
    // A taken key inserts nothing (no error: on PostgreSQL an error would end the caller's transaction).
    const inserted = await db
      .insert(shortlinks)
      .values(row)
      .onConflictDoNothing({ target: [shortlinks.domain, shortlinks.key] })
      .returning({ id: shortlinks.id });
    if (inserted.length === 1) return row;
  }
  if (input.key !== null) return "taken";
  throw new Error(`no free random shortlink key on ${input.domain} after ${RANDOM_KEY_ATTEMPTS} draws`);
}

/** The team's shortlinks, newest first. */
export async function listShortlinks(db: Db, teamId: string, limit?: number): Promise<ShortlinkRow[]> {
  const query = db
    .select()
    .from(shortlinks)
    .where(eq(shortlinks.teamId, teamId))
    .orderBy(desc(shortlinks.createdAt), desc(shortlinks.id));
  return limit === undefined ? await query : await query.limit(limit);
}

/**
 * One of the team's shortlinks by its _id, or by its key (the page /team/shortlinks/{key}): on `domain` when
 * given, else the newest with that key.
 */
export async function findTeamShortlink(
  db: Db,
  teamId: string,
  idOrKey: string,
  domain?: string,
): Promise<ShortlinkRow | undefined> {
  const byId = await first(
    db
      .select()
      .from(shortlinks)
      .where(and(eq(shortlinks.teamId, teamId), eq(shortlinks.id, idOrKey))),
  );
  if (byId) return byId;
  return await first(
    db
      .select()
      .from(shortlinks)
      .where(
        and(
          eq(shortlinks.teamId, teamId),
          eq(shortlinks.key, idOrKey),
          domain === undefined ? undefined : eq(shortlinks.domain, domain),
        ),
      )
      .orderBy(desc(shortlinks.createdAt), desc(shortlinks.id)),
  );
}

/** The short domain a request was made to (its Host), or the default one for the app's own host. */
export function domainOfHost(host: string | undefined): string {
  const name = (host ?? "").trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  return SHORTLINK_DOMAINS.includes(name) ? name : DEFAULT_SHORTLINK_DOMAIN;
}

export async function resolveShortlink(
  db: Db,
  domain: string,
  key: string,
): Promise<ShortlinkRow | undefined> {
  return await first(
    db
      .select()
      .from(shortlinks)
      .where(and(eq(shortlinks.domain, domain), eq(shortlinks.key, key))),
  );
}

/** The visitor of one link, as a keyed hash: never the IP itself. */
export function visitorHash(secret: string, shortlinkId: string, ip: string, userAgent: string): string {
  return createHmac("sha256", secret).update(`${shortlinkId}\n${ip}\n${userAgent}`).digest("hex");
}

/**
 * Counts a visit, and a unique visit the first time this visitor comes to this link; and the visit in its UTC
 * day's row (the statistics over time, api/services/shortlink-statistics.ts). One instant for both, so a visit
 * at midnight falls on the same day in the visitors and in the days.
 */
export async function recordVisit(db: Db, clock: Clock, row: ShortlinkRow, visitor: string): Promise<void> {
  const at = clock().toISOString();
  await transaction(db, async (tx) => {
    const added = await tx
      .insert(shortlinkVisitors)
      .values({ shortlinkId: row.id, visitorHash: visitor, firstSeenAt: at })
      .onConflictDoNothing()
      .returning({ id: shortlinkVisitors.shortlinkId });
    await tx
      .insert(shortlinkVisitDays)
      .values({ shortlinkId: row.id, day: at.slice(0, 10), visits: 1 })
      .onConflictDoUpdate({
        target: [shortlinkVisitDays.shortlinkId, shortlinkVisitDays.day],
        set: { visits: sql`${shortlinkVisitDays.visits} + 1` },
      });
    const isNew = added.length === 1 ? 1 : 0;
    await tx
      .update(shortlinks)
      .set({
        nbVisits: sql`${shortlinks.nbVisits} + 1`,
        nbUniqVisits: sql`${shortlinks.nbUniqVisits} + ${isNew}`,
      })
      .where(eq(shortlinks.id, row.id));
  });
}
