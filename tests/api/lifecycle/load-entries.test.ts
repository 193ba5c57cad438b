import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activities, entrants } from "../../../api/db/tables";
import { afterCommit } from "../../../api/db/transaction";
import { signIn } from "../../helpers/api-client";
import { currentTeamId, expectShape } from "../../helpers/world";
import {
  buildWorld,
  contestPath,
  contestRow,
  createContest,
  importContest,
  loadedImport,
  memberOf,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(async () => {
  vi.restoreAllMocks();
  await w.t.cleanup();
});

const load = (id: string, body: unknown = { consent: true }) =>
  w.owner.call("POST", `${contestPath(id)}/load_entries`, body);

describe("POST /api/v1/teams/current/contests/:id/load_entries", { timeout: 30_000 }, () => {
  it("asks for consent on the first load: 422 on consent without it, then loads and closes the contest", async () => {
    w = await buildWorld();
    const id = await importContest(w);
    for (const body of [{}, { consent: false }, { consent: "yes" }]) {
      const refused = await load(id, body);
      expect(refused.status).toBe(422);
      expect(Object.keys((await refused.json()).errors)).toEqual(["consent"]);
    }
    expect((await contestRow(w, id)).entriesLoadedAt).toBeNull();

    const res = await load(id);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ contest_id: id, truncated: false, limit: 3000 });
    expect(answer.loaded).toBeGreaterThan(0);
    const row = await contestRow(w, id);
    expect(row).toMatchObject({
      status: "closed",
      entriesCount: answer.loaded,
      loadedAt: row.entriesLoadedAt,
    });
    expect(row.closedAt).toBe(row.entriesLoadedAt);
    const log = await w.t.db.select().from(activities).where(eq(activities.type, "loadContest"));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ userId: w.owner.userId, meta: { contest: { _id: id } } });

    // Loading again needs no consent, and gives the same entries (the sandbox is deterministic).
    // In id order: PostgreSQL returns rows in no fixed order once the load has updated them.
    const ids = () =>
      w.t.db
        .select({ id: entrants.id })
        .from(entrants)
        .where(eq(entrants.contestId, id))
        .orderBy(entrants.id);
    const before = await ids();
    expect((await load(id, {})).status).toBe(200);
    const after = await ids();
    expect(after).toEqual(before);
  });

  it("keeps the first 3000 entries of a bigger post and says so in the answer", async () => {
    w = await buildWorld();
    const id = await importContest(w, "01", 3100);
    const res = await load(id);
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ loaded: 3000, truncated: true, limit: 3000 });
    expect(answer.message).toMatch(/first 3000/);
    const rows = await w.t.db
      .select({ position: entrants.position })
      .from(entrants)
      .where(eq(entrants.contestId, id));
    expect(rows).toHaveLength(3000);
    expect(Math.max(...rows.map((r) => r.position))).toBe(2999);
    expect((await contestRow(w, id)).funnel).toMatchObject({
      total: 3000,
      kept: 3000,
      read: 3001,
      truncated: true,
    });
  });

  it("stores every entry with its verdict, the reasons that removed it and the funnel", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const all = await (await w.owner.call("GET", `${contestPath(id)}/entries?per_page=500`)).json();
    const removed = await (
      await w.owner.call("GET", `${contestPath(id)}/entries?valid=false&per_page=500`)
    ).json();
    const kept = await (
      await w.owner.call("GET", `${contestPath(id)}/entries?valid=true&per_page=500`)
    ).json();
    expect(all.meta.total).toBe(kept.meta.total + removed.meta.total);
    expect(all.meta).toMatchObject({ valid: kept.meta.total, invalid: removed.meta.total });
    expect(removed.data.length).toBeGreaterThan(0);
    expect(
      removed.data.every((e: { valid: boolean; reasons: string[] }) => !e.valid && e.reasons.length > 0),
    ).toBe(true);
    expect(
      kept.data.every((e: { valid: boolean; reasons: string[] }) => e.valid && e.reasons.length === 0),
    ).toBe(true);
    for (const entry of all.data.slice(0, 5)) expectShape("stored/entry", entry);
    expect(all.funnel).toMatchObject({ total: all.meta.total, valid: kept.meta.total });
    const removedCount = Object.values(all.funnel.removed as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );
    expect(removedCount).toBe(removed.meta.total);
    // A second page continues in load order.
    const page2 = await (await w.owner.call("GET", `${contestPath(id)}/entries?per_page=5&page=2`)).json();
    expect(page2.data.map((e: { position: number }) => e.position)).toEqual([5, 6, 7, 8, 9]);
  });

  it("refuses a tunnel contest, a drawn contest, another team's contest and a member without load_entries", async () => {
    w = await buildWorld();
    const tunnel = await createContest(w, twitterForm(w.t, T0));
    const res = await load(tunnel);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("contestNotLoadable");

    const drawn = await loadedImport(w, "02");
    expect(
      (await w.owner.call("POST", `${contestPath(drawn)}/draws`, { kind: "final", consent: true })).status,
    ).toBe(201);
    expect((await load(drawn)).status).toBe(409);

    const other = await signIn(w.t, "oscar@other.example", "Oscar");
    expect(await currentTeamId(w.t, other.userId)).not.toBe(w.teamId);
    const id = await importContest(w, "03");
    expect((await other.call("POST", `${contestPath(id)}/load_entries`, { consent: true })).status).toBe(404);
    expect((await other.call("GET", `${contestPath(id)}/entries`)).status).toBe(404);

    const bob = await memberOf(w, "bob@brand.example", null);
    expect((await bob.call("POST", `${contestPath(id)}/load_entries`, { consent: true })).status).toBe(403);
    expect((await bob.call("GET", `${contestPath(id)}/entries`)).status).toBe(200);
  });

  it("reads the contest it loads into again inside the load's transaction, never beside it", async () => {
    w = await buildWorld();
    const id = await importContest(w);
    // A read made on the database handle itself from inside a transaction's body is beside the transaction: on
    // PostgreSQL it runs on another pooled connection, blind to what the transaction wrote (and a second
    // connection held while the first waits). On SQLite the body's `tx` is the one connection itself, so there
    // is no beside and this counts nothing: the check bites on the PostgreSQL run (project api-pg).
    const inTransactionBody = () => {
      let outside = false;
      afterCommit(() => {
        outside = true; // at once outside a transaction; queued (and harmless) inside one
      });
      return !outside;
    };
    const select = w.t.db.select.bind(w.t.db);
    let beside = 0;
    vi.spyOn(w.t.db, "select").mockImplementation(((...args: Parameters<typeof select>) => {
      if (w.t.dialect === "postgresql" && inTransactionBody()) beside++;
      return select(...args);
    }) as typeof select);
    expect((await load(id)).status).toBe(200);
    expect((await contestRow(w, id)).status).toBe("closed");
    expect(beside).toBe(0);
  });

  it("answers 422 for a list filter or page it does not know", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    for (const query of ["valid=maybe", "page=0", "per_page=501", "page=x"]) {
      expect((await w.owner.call("GET", `${contestPath(id)}/entries?${query}`)).status).toBe(422);
    }
  });
});
