import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { entrants } from "../../../api/db/schema";
import { expectShape, setPlan } from "../../helpers/world";
import { buildWorld, contestPath, loadedImport, memberOf, type World } from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

const check = (id: string, entrant: string, body: unknown, s = w.owner) =>
  s.call("POST", `${contestPath(id)}/entries/${encodeURIComponent(entrant)}/check`, body);

/** The distinct ids of a contest's valid entries, in load order. */
function validIds(id: string): string[] {
  const rows = w.t.db
    .select({ id: entrants.id })
    .from(entrants)
    .where(and(eq(entrants.contestId, id), eq(entrants.valid, true)))
    .orderBy(entrants.position)
    .all();
  return [...new Set(rows.map((r) => r.id))];
}

async function errorsOf(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(422);
  return (await res.json()).errors;
}

describe("POST /api/v1/teams/current/contests/:id/entries/:entrantId/check", { timeout: 30_000 }, () => {
  it("approves an entry with no reason once the profile was opened, and answers it", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const [first] = validIds(id);
    if (!first) throw new Error("no valid entry");
    const res = await check(id, first, { decision: "approve", reasons: [], opened_profile: true });
    expect(res.status).toBe(200);
    const entry = await res.json();
    expectShape("stored/entry", entry);
    expect(entry.manual_check).toMatchObject({ status: "approved", reasons: [] });
    expect(entry.manual_check.checked_at).not.toBeNull();
  });

  it("approves only without reasons, rejects only with one, and never before the profile was opened", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const [first] = validIds(id);
    if (!first) throw new Error("no valid entry");
    expect(
      await errorsOf(
        await check(id, first, { decision: "approve", reasons: ["seemsAutomated"], opened_profile: true }),
      ),
    ).toEqual({
      reasons: ["An entry is approved without a reason: remove the reasons or reject it."],
    });
    expect(
      await errorsOf(await check(id, first, { decision: "reject", reasons: [], opened_profile: true })),
    ).toEqual({
      reasons: ["Must have at least 1 element(s)."],
    });
    expect(
      Object.keys(
        await errorsOf(await check(id, first, { decision: "reject", reasons: ["seemsAutomated"] })),
      ),
    ).toEqual(["opened_profile"]);
    expect(
      Object.keys(
        await errorsOf(await check(id, first, { decision: "approve", reasons: [], opened_profile: false })),
      ),
    ).toEqual(["opened_profile"]);
    expect(
      Object.keys(await errorsOf(await check(id, first, { decision: "maybe", opened_profile: true }))),
    ).toEqual(["decision"]);
    expect(
      await errorsOf(
        await check(id, first, {
          decision: "reject",
          reasons: ["ok", 3, "x".repeat(51)],
          opened_profile: true,
        }),
      ),
    ).toEqual({
      "reasons.0": ["Must be at least 3 characters."],
      "reasons.1": ["Must be a text."],
      "reasons.2": ["May not be greater than 50 characters."],
    });
    expect(w.t.db.select().from(entrants).where(eq(entrants.id, first)).get()?.manualCheck).toBe("pending");
  });

  it("takes the catalogue's reasons and free text, and the rejected entrants are not drawn", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const ids = validIds(id);
    const keep = ids.slice(0, 2);
    for (const [i, entrant] of ids.slice(2).entries()) {
      const reasons = i % 2 === 0 ? ["seemsAutomated", "teamOrFriendAccount"] : ["Posts only giveaways"];
      const res = await check(id, entrant, { decision: "reject", reasons, opened_profile: true });
      expect(res.status).toBe(200);
      expect((await res.json()).manual_check).toMatchObject({ status: "rejected", reasons });
    }
    const draw = await (
      await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true })
    ).json();
    expect(draw.entrants_count).toBe(2);
    expect([...draw.winners, ...draw.substitutes].sort()).toEqual([...keep].sort());

    // Once drawn, the checks are frozen.
    const late = await check(id, keep[0] ?? "", {
      decision: "reject",
      reasons: ["seemsAutomated"],
      opened_profile: true,
    });
    expect(late.status).toBe(409);
    expect((await late.json()).error).toBe("contestAlreadyDrawn");
  });

  it("needs the draw.manualCheck feature, a permission, and an entry of the team's contest", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const [first] = validIds(id);
    if (!first) throw new Error("no valid entry");
    const body = { decision: "approve", reasons: [], opened_profile: true };
    expect((await check(id, "twitter:404", body)).status).toBe(404);

    const bob = await memberOf(w, "bob@brand.example", null);
    expect((await check(id, first, body, bob)).status).toBe(403);
    const alice = await memberOf(w, "alice@brand.example", { "team.contests.load_entries": true });
    expect((await check(id, first, body, alice)).status).toBe(200);

    setPlan(w.t, w.teamId, "starter");
    const res = await check(id, first, body);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("planNotSupported");
  });
});
