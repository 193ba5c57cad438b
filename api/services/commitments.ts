/**
 * A contest's draw commitments (docs/draw.md): when it is scheduled (it becomes planned) it gets its secret seed
 * and the seed's SHA-256, published as {SEED} from the main publication on; the seed is revealed by the final
 * draw only. A twitter source with winning moments commits its moments the same way (a secret salt and the hash
 * of salt + moments); they are revealed at the close, when they are resolved.
 *
 * Saving a planned contest again keeps its seed (nothing was published yet, but nothing needs a new one) and
 * commits its moments again (they may have changed; they are only published from the start).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { momentsCommitment, newSeed, seedCommitment } from "../../engine/lifecycle";
import { getIn, isPlainObject, toTime } from "../../engine/values";
import type { Db } from "../db/client";
import { type contests, drawCommitments } from "../db/schema";
import { formSourcesOf } from "./contest-sources";
import type { StoredSource } from "./contests";

export type CommitmentRow = typeof drawCommitments.$inferSelect;

/** One source's committed moments. */
export type SourceMoments = { moments: string[]; salt: string; commitment: string };

const nodeRandom = (n: number) => new Uint8Array(randomBytes(n));

/** The winning moments of each twitter source that has them on, by stored source _id. */
function momentsOf(row: Pick<typeof contests.$inferSelect, "cbData" | "sources">): Record<string, string[]> {
  const forms = formSourcesOf(row);
  const stored = (Array.isArray(row.sources) ? row.sources : []) as unknown as StoredSource[];
  const out: Record<string, string[]> = {};
  forms.forEach((form, i) => {
    const source = stored[i];
    if (!source || form.type !== "twitter" || getIn(form, ["winning_moments", "enabled"]) !== true) return;
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
export function commitContest(
  tx: Pick<Db, "insert" | "update" | "select">,
  row: Pick<typeof contests.$inferSelect, "id" | "cbData" | "sources">,
  at: string,
  random: (n: number) => Uint8Array = nodeRandom,
): void {
  const seed = newSeed(random);
  tx.insert(drawCommitments)
    .values({ contestId: row.id, seed, seedCommitment: seedCommitment(seed), committedAt: at })
    .onConflictDoNothing()
    .run();
  const moments: Record<string, SourceMoments> = {};
  for (const [sourceId, list] of Object.entries(momentsOf(row))) {
    const salt = newSeed(random);
    moments[sourceId] = { moments: list, salt, commitment: momentsCommitment(list, salt) };
  }
  tx.update(drawCommitments)
    .set({ moments: Object.keys(moments).length > 0 ? moments : null })
    .where(eq(drawCommitments.contestId, row.id))
    .run();
}

export function findCommitment(db: Pick<Db, "select">, contestId: string): CommitmentRow | undefined {
  return db.select().from(drawCommitments).where(eq(drawCommitments.contestId, contestId)).get();
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
      };
    }
  }
  return out;
}
