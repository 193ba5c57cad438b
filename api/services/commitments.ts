/**
 * A contest's draw commitments (docs/draw.md): when it is scheduled (it becomes planned) it gets its secret seed
 * and the seed's SHA-256, published as {SEED} from the main publication on; the seed is revealed by the final
 * draw only. A twitter source with winning moments commits its moments the same way (a secret salt and the hash
 * of salt + moments); they are revealed at the close, when they are resolved.
 *
 * Saving a planned contest again keeps its seed (nothing was published yet, but nothing needs a new one) and
 * commits its moments again (they may have changed; they are only published from the start). Once the contest
 * started, moments already committed stay as they are (a started contest scheduled again, adopted by the
 * scheduler, must not get moments committed after its start).
 *
 * The entries a source's moments are resolved over (momentEntries) are its valid entries as stored at the close:
 * a tunnel contest's entries are loaded once, at the close, and their verdicts do not change afterwards (only a
 * classic contest is loaded or filtered again, and it has no winning moments), so the verify API publishes the
 * same list the close resolved.
 */
import { randomBytes } from "node:crypto";
import { eq, getTableColumns } from "drizzle-orm";
import { momentsCommitment, newSeed, seedCommitment } from "../../engine/lifecycle";
import { getIn, isPlainObject, toTime } from "../../engine/values";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { type contests, drawCommitments, type entrants } from "../db/tables";
import { formSourcesOf } from "./contest-sources";
import type { StoredSource } from "./contests/form";

/** A commitment without the moments' entries list (up to 50 000 entries: read only where it is published). */
export type CommitmentRow = Omit<typeof drawCommitments.$inferSelect, "momentsEntries">;

function commitmentColumns() {
  // Built on use: the tables are bound to the dialect when the database opens (api/db/tables.ts).
  const { momentsEntries: _list, ...columns } = getTableColumns(drawCommitments);
  return columns;
}

/**
 * A moment whose won reply went out during the run (docs/draw.md "Frozen winners"): its winner, that entry's
 * time, and when it was frozen (just before the reply was sent). The close keeps it.
 */
export type FrozenRecord = { moment: string; winner: string; at: string; frozen_at: string };

/** One source's committed moments, and those frozen during the run (kept beside them, from the start on). */
export type SourceMoments = { moments: string[]; salt: string; commitment: string; frozen: FrozenRecord[] };

const nodeRandom = (n: number) => new Uint8Array(randomBytes(n));

/** The winning moments of each source that has them on (a schema with winning_moments), by stored source _id. */
function momentsOf(row: Pick<typeof contests.$inferSelect, "cbData" | "sources">): Record<string, string[]> {
  const forms = formSourcesOf(row);
  const stored = (Array.isArray(row.sources) ? row.sources : []) as unknown as StoredSource[];
  const out: Record<string, string[]> = {};
  forms.forEach((form, i) => {
    const source = stored[i];
    if (!source || getIn(form, ["winning_moments", "enabled"]) !== true) return;
    const list = getIn(form, ["winning_moments", "list"]);
    const moments = (Array.isArray(list) ? list : []).flatMap((m) => {
      const time = isPlainObject(m) ? toTime(m.date) : null;
      return time === null ? [] : [new Date(time).toISOString()];
    });
    if (moments.length > 0) out[source._id] = moments;
  });
  return out;
}

/** Makes the contest's seed (once) and commits its moments again; in the caller's transaction. */
export async function commitContest(
  tx: Pick<Db, "insert" | "update" | "select">,
  row: Pick<typeof contests.$inferSelect, "id" | "status" | "cbData" | "sources">,
  at: string,
  random: (n: number) => Uint8Array = nodeRandom,
): Promise<void> {
  const seed = newSeed(random);
  const commitment = { contestId: row.id, seed, seedCommitment: seedCommitment(seed), committedAt: at };
  if (row.status === "planned") {
    // The moments follow the form as it is now; the seed stays the one drawn first. One statement: a create's
    // or a save's.
    const moments = committedMomentsOf(row, random);
    await tx
      .insert(drawCommitments)
      .values({ ...commitment, moments })
      .onConflictDoUpdate({ target: drawCommitments.contestId, set: { moments } });
    return;
  }
  await tx.insert(drawCommitments).values(commitment).onConflictDoNothing();
  if ((await findCommitment(tx, row.id))?.moments != null) return;
  await tx
    .update(drawCommitments)
    .set({ moments: committedMomentsOf(row, random) })
    .where(eq(drawCommitments.contestId, row.id));
}

/** Each source's moments with a fresh salt and their commitment; null without any. */
function committedMomentsOf(
  row: Pick<typeof contests.$inferSelect, "cbData" | "sources">,
  random: (n: number) => Uint8Array,
): Record<string, SourceMoments> | null {
  const moments: Record<string, SourceMoments> = {};
  for (const [sourceId, list] of Object.entries(momentsOf(row))) {
    const salt = newSeed(random);
    moments[sourceId] = { moments: list, salt, commitment: momentsCommitment(list, salt), frozen: [] };
  }
  return Object.keys(moments).length > 0 ? moments : null;
}

export async function findCommitment(
  db: Pick<Db, "select">,
  contestId: string,
): Promise<CommitmentRow | undefined> {
  return await first(
    db.select(commitmentColumns()).from(drawCommitments).where(eq(drawCommitments.contestId, contestId)),
  );
}

/**
 * Freezes a moment's winner (docs/draw.md "Frozen winners"), in the caller's immediate transaction: kept beside
 * the source's committed moments, so every later resolution (the next loads, the close) keeps it. Once: the
 * same moment and winner again (a load retried) changes nothing (false then).
 */
export async function freezeMoment(
  tx: Pick<Db, "select" | "update">,
  contestId: string,
  sourceId: string,
  record: FrozenRecord,
): Promise<boolean> {
  const row = await findCommitment(tx, contestId);
  const source = row?.moments?.[sourceId];
  if (!row?.moments || !isPlainObject(source) || row.momentsResult) return false;
  const frozen = committedMoments(row)[sourceId]?.frozen ?? [];
  // Resolutions keep frozen winners, so a record again (a load retried) names the same moment and winner.
  if (frozen.some((f) => f.moment === record.moment && f.winner === record.winner)) return false;
  await tx
    .update(drawCommitments)
    .set({ moments: { ...row.moments, [sourceId]: { ...source, frozen: [...frozen, record] } } })
    .where(eq(drawCommitments.contestId, contestId));
  return true;
}

/** Per source, the entries its moments were resolved over (kept by the close; empty before). */
export async function momentsEntriesOf(
  db: Pick<Db, "select">,
  contestId: string,
): Promise<Record<string, { id: string; at: string }[]>> {
  return (
    (
      await first(
        db
          .select({ list: drawCommitments.momentsEntries })
          .from(drawCommitments)
          .where(eq(drawCommitments.contestId, contestId)),
      )
    )?.list ?? {}
  );
}

/** A commitment's moments, per source, read safely. */
export function committedMoments(row: CommitmentRow | undefined): Record<string, SourceMoments> {
  const out: Record<string, SourceMoments> = {};
  for (const [sourceId, value] of Object.entries(row?.moments ?? {})) {
    if (
      isPlainObject(value) &&
      Array.isArray(value.moments) &&
      typeof value.salt === "string" &&
      typeof value.commitment === "string"
    ) {
      out[sourceId] = {
        moments: value.moments.filter((m): m is string => typeof m === "string"),
        salt: value.salt,
        commitment: value.commitment,
        frozen: (Array.isArray(value.frozen) ? value.frozen : []).flatMap((f) =>
          isPlainObject(f) &&
          typeof f.moment === "string" &&
          typeof f.winner === "string" &&
          typeof f.at === "string" &&
          typeof f.frozen_at === "string"
            ? [{ moment: f.moment, winner: f.winner, at: f.at, frozen_at: f.frozen_at }]
            : [],
        ),
      };
    }
  }
  return out;
}

type EntryRow = Pick<typeof entrants.$inferSelect, "id" | "sourceId" | "valid" | "firstAt" | "comments">;

/** When an entry was made: the earliest of the entrant's first action and its comments (winning moments). */
export function entryTime(entry: Pick<EntryRow, "firstAt" | "comments">): string {
  let best = entry.firstAt;
  let bestTime = toTime(best);
  for (const comment of entry.comments) {
    const time = toTime(comment.at);
    if (time !== null && (bestTime === null || time < bestTime)) {
      best = comment.at;
      bestTime = time;
    }
  }
  return best;
}

/**
 * The list a source's winning moments are resolved over (docs/draw.md "Instant win"): the source's valid entries
 * in load order, each with its entrant id and when it was made. `rows` are the contest's entries in load order.
 */
export function momentEntries(rows: readonly EntryRow[], sourceId: string): { id: string; at: string }[] {
  return rows.filter((e) => e.sourceId === sourceId && e.valid).map((e) => ({ id: e.id, at: entryTime(e) }));
}
