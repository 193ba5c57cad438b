import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { entrants } from "../../../api/db/tables";
import type { Session } from "../../helpers/api-client";
import { expectShape, setPlan } from "../../helpers/world";
import { buildWorld, contestPath, loadedImport, memberOf, type World } from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

const entrantPath = (id: string, entrant: string) =>
  `${contestPath(id)}/entries/${encodeURIComponent(entrant)}`;

const check = (id: string, entrant: string, body: unknown, s = w.owner) =>
  s.call("POST", `${entrantPath(id, entrant)}/check`, body);

const openProfile = (id: string, entrant: string, s: Session = w.owner) =>
  s.call("POST", `${entrantPath(id, entrant)}/profile`);

/** Opens the profile as `s` and expects it recorded. */
async function opened(id: string, entrant: string, s: Session = w.owner): Promise<void> {
  const res = await openProfile(id, entrant, s);
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The distinct ids of a contest's valid entries, in load order. */
async function validIds(id: string): Promise<string[]> {
  const rows = await w.t.db
    .select({ id: entrants.id })
    .from(entrants)
    .where(and(eq(entrants.contestId, id), eq(entrants.valid, true)))
    .orderBy(entrants.position);
  return [...new Set(rows.map((r) => r.id))];
}

async function rowsOf(id: string, entrant: string) {
  return await w.t.db
    .select()
    .from(entrants)
    .where(and(eq(entrants.contestId, id), eq(entrants.id, entrant)));
}

async function firstValid(): Promise<{ id: string; first: string }> {
  const id = await loadedImport(w);
  const [first] = await validIds(id);
  if (!first) throw new Error("no valid entry");
  return { id, first };
}

async function errorsOf(res: Response): Promise<Record<string, string[]>> {
  expect(res.status).toBe(422);
  return (await res.json()).errors;
}

const NOT_OPENED = { opened_profile: ["Open the entrant's profile before deciding."] };

describe("POST /api/v1/teams/current/contests/:id/entries/:entrantId/profile", { timeout: 30_000 }, () => {
  it("records that the reviewer opened the profile, on every entry of the account, and answers its address", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    const res = await openProfile(id, first);
    expect(res.status).toBe(200);
    const answer = await res.json();
    const [row] = await rowsOf(id, first);
    expect(answer).toEqual({
      entrant_id: first,
      profile_url: row?.profileUrl,
      opened_at: w.t.deps.clock().toISOString(),
    });
    expect(answer.profile_url).toMatch(/^https:\/\/x\.com\//);
    for (const r of await rowsOf(id, first)) {
      expect(r).toMatchObject({ profileOpenedBy: w.owner.userId, profileOpenedAt: answer.opened_at });
    }
    // Nobody else's entry is marked.
    const others = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(others.filter((r) => r.profileOpenedBy !== null).every((r) => r.id === first)).toBe(true);
  });

  it("answers the provider's profile address when the network gave none or not a web one", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    const [row] = await rowsOf(id, first);
    await w.t.db
      .update(entrants)
      .set({ profileUrl: "javascript:alert(1)" })
      .where(and(eq(entrants.contestId, id), eq(entrants.id, first)));
    const answer = await (await openProfile(id, first)).json();
    expect(answer.profile_url).toBe(`https://x.com/${row?.screenName}`);
  });

  it("refuses an account without a profile address with a 409, and records nothing", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    await w.t.db
      .update(entrants)
      .set({ profileUrl: null, provider: "nowhere" })
      .where(and(eq(entrants.contestId, id), eq(entrants.id, first)));
    const res = await openProfile(id, first);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("conflict");
    expect((await rowsOf(id, first)).every((r) => r.profileOpenedBy === null)).toBe(true);
  });

  it("needs the check's permissions and plan feature, and an entry of the team's contest", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    expect((await openProfile(id, "twitter:404")).status).toBe(404);
    expect((await openProfile("no-such-contest", first)).status).toBe(404);

    const bob = await memberOf(w, "bob@brand.example", null);
    expect((await openProfile(id, first, bob)).status).toBe(403);
    const alice = await memberOf(w, "alice@brand.example", { "team.contests.do_finaldraw": true });
    expect((await openProfile(id, first, alice)).status).toBe(200);

    await setPlan(w.t, w.teamId, "starter");
    const res = await openProfile(id, first);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("planNotSupported");
    expect((await rowsOf(id, first)).every((r) => r.profileOpenedBy === alice.userId)).toBe(true);
  });
});

describe("POST /api/v1/teams/current/contests/:id/entries/:entrantId/check", { timeout: 30_000 }, () => {
  it("approves an entry with no reason once the reviewer opened the profile, and answers it", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    await opened(id, first);
    const res = await check(id, first, { decision: "approve", reasons: [] });
    expect(res.status).toBe(200);
    const entry = await res.json();
    expectShape("stored/entry", entry);
    expect(entry.manual_check).toMatchObject({ status: "approved", reasons: [], profile_opened: true });
    expect(entry.manual_check.checked_at).not.toBeNull();
  });

  it("refuses the check before the reviewer opened the profile, whatever the body claims", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    expect(await errorsOf(await check(id, first, { decision: "approve", reasons: [] }))).toEqual(NOT_OPENED);
    // The client's flag of before is ignored: only the server's record counts.
    expect(
      await errorsOf(await check(id, first, { decision: "approve", reasons: [], opened_profile: true })),
    ).toEqual(NOT_OPENED);
    expect((await rowsOf(id, first)).every((r) => r.manualCheck === "pending")).toBe(true);

    await opened(id, first);
    expect((await check(id, first, { decision: "approve", reasons: [] })).status).toBe(200);
  });

  it("does not count another reviewer's opening: only the last to open the profile may decide", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    const alice = await memberOf(w, "alice@brand.example", { "team.contests.load_entries": true });
    await opened(id, first, alice);
    const body = { decision: "reject", reasons: ["seemsAutomated"] };
    expect(await errorsOf(await check(id, first, body))).toEqual(NOT_OPENED);
    expect((await rowsOf(id, first)).every((r) => r.manualCheck === "pending")).toBe(true);

    // The owner opens it in turn: the opening is theirs now, no longer Alice's.
    await opened(id, first);
    expect(await errorsOf(await check(id, first, body, alice))).toEqual(NOT_OPENED);
    expect((await check(id, first, body)).status).toBe(200);
  });

  it("tells each reviewer in the entries list whether they opened the profile, over a reload of the entries", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    const alice = await memberOf(w, "alice@brand.example", { "team.contests.load_entries": true });
    await opened(id, first);
    const openedIn = async (s: Session) => {
      const res = await s.call("GET", `${contestPath(id)}/entries?valid=true&per_page=500`);
      const list = (await res.json()).data as { _id: string; manual_check: { profile_opened: boolean } }[];
      for (const entry of list) expectShape("stored/entry", entry);
      return [...new Set(list.filter((e) => e.manual_check.profile_opened).map((e) => e._id))];
    };
    expect(await openedIn(w.owner)).toEqual([first]);
    expect(await openedIn(alice)).toEqual([]);

    const reload = await w.owner.call("POST", `${contestPath(id)}/load_entries`, { consent: true });
    expect(reload.status).toBe(200);
    expect(await openedIn(w.owner)).toEqual([first]);
    expect((await check(id, first, { decision: "approve", reasons: [] })).status).toBe(200);
  });

  it("approves only without reasons and rejects only with one", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    await opened(id, first);
    expect(
      await errorsOf(await check(id, first, { decision: "approve", reasons: ["seemsAutomated"] })),
    ).toEqual({
      reasons: ["An entry is approved without a reason: remove the reasons or reject it."],
    });
    expect(await errorsOf(await check(id, first, { decision: "reject", reasons: [] }))).toEqual({
      reasons: ["Must have at least 1 element(s)."],
    });
    expect(Object.keys(await errorsOf(await check(id, first, { decision: "maybe" })))).toEqual(["decision"]);
    expect(
      await errorsOf(await check(id, first, { decision: "reject", reasons: ["ok", 3, "x".repeat(51)] })),
    ).toEqual({
      "reasons.0": ["Must be at least 3 characters."],
      "reasons.1": ["Must be a text."],
      "reasons.2": ["May not be greater than 50 characters."],
    });
    expect((await rowsOf(id, first)).every((r) => r.manualCheck === "pending")).toBe(true);
  });

  it("names the body's problems and the missing opening in one 422", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    expect(Object.keys(await errorsOf(await check(id, first, { decision: "maybe" }))).sort()).toEqual([
      "decision",
      "opened_profile",
    ]);
  });

  it("counts a rejected entrant nowhere as valid: the entries tabs, the final-draw count and the draw agree", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    type Page = {
      data: { _id: string }[];
      meta: { total: number; valid: number; invalid: number; drawable: number };
    };
    const page = async (valid: boolean): Promise<Page> =>
      (await w.owner.call("GET", `${contestPath(id)}/entries?valid=${valid}&per_page=100`)).json();
    const before = await page(true);
    const rejected = (await validIds(id))[0] ?? "";
    await opened(id, rejected);
    expect((await check(id, rejected, { decision: "reject", reasons: ["seemsAutomated"] })).status).toBe(200);

    const valid = await page(true);
    const removed = await page(false);
    expect(valid.meta.valid).toBe(before.meta.valid - 1);
    expect(valid.meta.invalid).toBe(before.meta.invalid + 1);
    expect(valid.meta.total).toBe(valid.meta.valid);
    expect(valid.data.map((e) => e._id)).not.toContain(rejected);
    expect(removed.data.map((e) => e._id)).toContain(rejected);
    expect(removed.meta.total).toBe(removed.meta.invalid);

    // The final-draw dialog's count is the draw's own: the accounts it picks among.
    const draw = await (
      await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true })
    ).json();
    expect(valid.meta.drawable).toBe(draw.entrants_count);
    expect(draw.entrants_count).toBe((await validIds(id)).length - 1);
  });

  it("takes the catalogue's reasons and free text, and the rejected entrants are not drawn", async () => {
    w = await buildWorld();
    const id = await loadedImport(w);
    const ids = await validIds(id);
    const keep = ids.slice(0, 2);
    for (const [i, entrant] of ids.slice(2).entries()) {
      const reasons = i % 2 === 0 ? ["seemsAutomated", "teamOrFriendAccount"] : ["Posts only giveaways"];
      await opened(id, entrant);
      const res = await check(id, entrant, { decision: "reject", reasons });
      expect(res.status).toBe(200);
      expect((await res.json()).manual_check).toMatchObject({ status: "rejected", reasons });
    }
    const draw = await (
      await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true })
    ).json();
    expect(draw.entrants_count).toBe(2);
    expect([...draw.winners, ...draw.substitutes].sort()).toEqual([...keep].sort());

    // Once drawn, the checks are frozen: opened or not, the answer is the 409.
    const late = { decision: "reject", reasons: ["seemsAutomated"] };
    const notOpened = await check(id, keep[0] ?? "", late);
    expect(notOpened.status).toBe(409);
    expect((await notOpened.json()).error).toBe("contestAlreadyDrawn");
    await opened(id, keep[1] ?? "");
    const res = await check(id, keep[1] ?? "", late);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("contestAlreadyDrawn");
    expect((await rowsOf(id, keep[1] ?? "")).every((r) => r.manualCheck === "pending")).toBe(true);
  });

  it("needs the draw.manualCheck feature, a permission, and an entry of the team's contest", async () => {
    w = await buildWorld();
    const { id, first } = await firstValid();
    const body = { decision: "approve", reasons: [] };
    expect((await check(id, "twitter:404", body)).status).toBe(404);

    const bob = await memberOf(w, "bob@brand.example", null);
    expect((await check(id, first, body, bob)).status).toBe(403);
    const alice = await memberOf(w, "alice@brand.example", { "team.contests.load_entries": true });
    await opened(id, first, alice);
    expect((await check(id, first, body, alice)).status).toBe(200);

    await setPlan(w.t, w.teamId, "starter");
    const res = await check(id, first, body);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("planNotSupported");
  });
});
