/**
 * insertMany (api/db/insert-many.ts), on the engine the project runs (unit: SQLite, api-pg: PostgreSQL): rows
 * stored as drizzle's own insert stores them (JSON, booleans, defaults), a conflict skipped when asked, and nothing
 * of a transaction that fails afterwards kept.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { insertMany } from "../../api/db/insert-many";
import { jobs, publications } from "../../api/db/tables";
import { transaction } from "../../api/db/transaction";
import { newId } from "../../api/ids";
import { buildWorld, createContest, T0, twitterForm, type World } from "./lifecycle/helpers";

let w: World;
afterEach(() => w.t.cleanup());

const AT = "2030-03-02T09:00:00.000Z";

function reply(contestId: string, key: string, text: string) {
  return {
    id: newId(),
    contestId,
    sourceId: "s1",
    provider: "twitter",
    kind: "winning_moment_lost",
    key,
    text,
    media: ["upload-1", "upload-2"],
    mode: "reply",
    inReplyTo: `comment-${key}`,
    recipient: null,
    status: "publishing",
    createdAt: AT,
  };
}

describe("insertMany", () => {
  it("stores rows as drizzle does, their JSON and defaults included, and skips a conflict when asked", async () => {
    w = await buildWorld();
    const id = await createContest(w, twitterForm(w.t, T0));
    const many = Array.from({ length: 1_500 }, (_, i) => reply(id, `k${i}`, `Not this time ${i}`));
    await transaction(w.t.db, (tx) => insertMany(tx, publications, many, { onConflictDoNothing: true }));
    // Again, with other texts and one new key: the first text of each key stays, the new one is written.
    await transaction(w.t.db, (tx) =>
      insertMany(tx, publications, [reply(id, "k0", "Changed"), reply(id, "k-new", "New")], {
        onConflictDoNothing: true,
      }),
    );
    const rows = await w.t.db
      .select()
      .from(publications)
      .where(and(eq(publications.contestId, id), eq(publications.kind, "winning_moment_lost")));
    expect(rows).toHaveLength(1_501);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get("k0")).toMatchObject({ text: "Not this time 0", media: ["upload-1", "upload-2"] });
    expect(byKey.get("k1499")).toMatchObject({ text: "Not this time 1499", inReplyTo: "comment-k1499" });
    expect(byKey.get("k-new")).toMatchObject({ text: "New", externalPostId: null, publishedAt: null });

    // Columns left out take their defaults (a job: pending, no attempt).
    await transaction(w.t.db, (tx) =>
      insertMany(tx, jobs, [
        { id: newId(), contestId: id, kind: "closing", key: "s9", dueAt: AT, createdAt: AT },
      ]),
    );
    const job = (
      await w.t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.contestId, id), eq(jobs.key, "s9")))
    )[0];
    expect(job).toMatchObject({ status: "pending", attempts: 0, claimedAt: null });
  });

  it("refuses a conflict when not asked to skip it, and the transaction keeps none of its rows", async () => {
    w = await buildWorld();
    const id = await createContest(w, twitterForm(w.t, T0));
    await transaction(w.t.db, (tx) => insertMany(tx, publications, [reply(id, "k0", "First")]));
    await expect(
      transaction(w.t.db, (tx) =>
        insertMany(tx, publications, [reply(id, "k1", "Second"), reply(id, "k0", "Again")]),
      ),
    ).rejects.toThrow();
    const rows = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(rows.filter((r) => r.kind === "winning_moment_lost").map((r) => [r.key, r.text])).toEqual([
      ["k0", "First"],
    ]);
  });
});
