import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contests, teamMembers, teams, templates, users } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { createTeam } from "../../api/services/teams";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, currentTeamId, expectShape, freeze, setPlan } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const MINE = "/api/v1/users/me/contests/list";
const START = Date.UTC(2030, 0, 1);
let clock = 0;

/** A contest row written directly (the route under test only reads them), each one a minute newer than the last. */
async function contest(
  teamId: string,
  createdBy: string,
  name: string,
  over: Partial<typeof contests.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  const at = new Date(START + clock++ * 60_000).toISOString();
  await t.db.insert(contests).values({
    id,
    teamId,
    name,
    status: "planned",
    providers: ["twitter"],
    createdBy,
    createdAt: at,
    updatedAt: at,
    ...over,
  });
  return id;
}

type Item = {
  _id: string;
  name: string;
  status: string;
  team: { _id: string; name: string };
  in_current_team: boolean;
};
type Answer = { data: Item[]; meta: { page: number; per_page: number; total: number } };

async function mine(s: Session, query = ""): Promise<Answer> {
  const res = await s.call("GET", `${MINE}${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

const names = (answer: Answer) => answer.data.map((c) => c.name);

/** Olive (her default team current) and Bob, who owns another team Olive belongs to with the default permissions. */
async function world() {
  t = await createTestApp();
  clock = 0;
  const olive = await signIn(t, "olive@brand.example", "Olive");
  const oliveTeam = await currentTeamId(t, olive.userId);
  await t.db.update(teams).set({ name: "Olive's team" }).where(eq(teams.id, oliveTeam));
  const bob = await signIn(t, "bob@agency.example", "Bob");
  const bobTeam = await currentTeamId(t, bob.userId);
  await t.db.update(teams).set({ name: "Agency" }).where(eq(teams.id, bobTeam));
  await addMember(t, bobTeam, olive, null);
  await t.db.update(users).set({ currentTeamId: oliveTeam }).where(eq(users.id, olive.userId));
  return { olive, oliveTeam, bob, bobTeam };
}

describe("GET /users/me/contests/list", () => {
  it("lists the contests the person created in each of their teams, newest first, each with its team", async () => {
    const { olive, oliveTeam, bob, bobTeam } = await world();
    const own = await contest(oliveTeam, olive.userId, "Spring draw");
    const there = await contest(bobTeam, olive.userId, "Agency draw", { status: "started" });
    await contest(bobTeam, bob.userId, "Bob's draw");

    const answer = await mine(olive);
    expect(answer.meta).toEqual({ page: 1, per_page: 20, total: 2 });
    expect(answer.data).toMatchObject([
      { _id: there, name: "Agency draw", status: "started", team: { _id: bobTeam, name: "Agency" } },
      { _id: own, name: "Spring draw", status: "planned", team: { _id: oliveTeam, name: "Olive's team" } },
    ]);
    expect(answer.data.map((c) => c.in_current_team)).toEqual([false, true]);
    for (const item of answer.data) {
      expectShape("stored/contest-list-item", item);
      expect(item).not.toHaveProperty("prev_id");
    }
    // Bob sees his own only, though Olive's are in his team too.
    expect(names(await mine(bob))).toEqual(["Bob's draw"]);
  });

  it("follows the person's current team for in_current_team", async () => {
    const { olive, bobTeam } = await world();
    await contest(bobTeam, olive.userId, "Agency draw");
    const switched = await olive.call("POST", "/api/v1/users/switch_team", { team_id: bobTeam });
    expect(switched.status).toBe(200);
    expect((await mine(olive)).data[0]?.in_current_team).toBe(true);
  });

  it("lists a contest made through the API (a quick import records who made it)", async () => {
    const { olive, oliveTeam } = await world();
    await setPlan(t, oliveTeam, "business");
    const res = await olive.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "twitter",
      matched: "https://x.com/fairdraw/status/1790000000000000000",
      confirm: true,
      name: "Imported draw",
    });
    expect(res.status).toBe(201);
    const { contest_id } = (await res.json()) as { contest_id: string };
    expect((await mine(olive)).data).toMatchObject([{ _id: contest_id, name: "Imported draw" }]);
  });

  it("leaves out the teams where the person may not see the contests", async () => {
    const { olive, oliveTeam } = await world();
    const carol = await signIn(t, "carol@client.example", "Carol");
    const carolTeam = await currentTeamId(t, carol.userId);
    await addMember(t, carolTeam, olive, { "team.contests.view_contests": false });
    await contest(carolTeam, olive.userId, "Hidden draw");
    await contest(oliveTeam, olive.userId, "Spring draw");
    expect(names(await mine(olive))).toEqual(["Spring draw"]);

    // Given the permission back, they show again.
    await t.db
      .update(teamMembers)
      .set({ permissions: { "team.contests.view_contests": true } })
      .where(eq(teamMembers.userId, olive.userId));
    expect(names(await mine(olive))).toEqual(["Spring draw", "Hidden draw"]);
  });

  it("leaves out deleted contests, deleted teams and teams the person left", async () => {
    const { olive, oliveTeam, bobTeam } = await world();
    const gone = await createTeam(t.db, t.deps.clock, { name: "Gone", ownerId: olive.userId });
    await contest(gone.id, olive.userId, "In a deleted team");
    await t.db.update(teams).set({ deletedAt: new Date().toISOString() }).where(eq(teams.id, gone.id));
    await contest(oliveTeam, olive.userId, "Deleted draw", { deletedAt: new Date().toISOString() });
    await contest(bobTeam, olive.userId, "In a team she left");
    await t.db.delete(teamMembers).where(eq(teamMembers.teamId, bobTeam));
    await contest(oliveTeam, olive.userId, "Kept");
    expect(names(await mine(olive))).toEqual(["Kept"]);
  });

  it("lists the contests of a frozen team too (their pages say it is frozen)", async () => {
    const { olive, bobTeam } = await world();
    await freeze(t, bobTeam);
    await contest(bobTeam, olive.userId, "Frozen draw");
    expect(names(await mine(olive))).toEqual(["Frozen draw"]);
  });

  it("leaves out drafts unless asked for them, and never lists templates", async () => {
    const { olive, oliveTeam } = await world();
    await contest(oliveTeam, olive.userId, "A draft", { status: "draft" });
    await contest(oliveTeam, olive.userId, "Ended draw", { status: "ended" });
    const at = new Date().toISOString();
    await t.db.insert(templates).values({
      id: newId(),
      teamId: oliveTeam,
      name: "A template",
      cbData: {},
      createdBy: olive.userId,
      createdAt: at,
      updatedAt: at,
    });
    expect(names(await mine(olive))).toEqual(["Ended draw"]);
    expect(names(await mine(olive, "?status=draft"))).toEqual(["A draft"]);
    expect(names(await mine(olive, "?status=draft,ended"))).toEqual(["Ended draw", "A draft"]);
  });

  it("filters by status, comma-separated or repeated", async () => {
    const { olive, oliveTeam, bobTeam } = await world();
    await contest(oliveTeam, olive.userId, "Planned");
    await contest(bobTeam, olive.userId, "Started", { status: "started" });
    await contest(oliveTeam, olive.userId, "Canceled", { status: "canceled" });
    expect(names(await mine(olive, "?status=started"))).toEqual(["Started"]);
    const both = await mine(olive, "?status=planned&status=canceled");
    expect(names(both)).toEqual(["Canceled", "Planned"]);
    expect(both.meta.total).toBe(2);
  });

  it("pages the list, newest first, with the total of every page", async () => {
    const { olive, oliveTeam, bobTeam } = await world();
    for (let i = 1; i <= 25; i++) await contest(i % 2 ? oliveTeam : bobTeam, olive.userId, `Draw ${i}`);
    const first = await mine(olive);
    expect(first.meta).toEqual({ page: 1, per_page: 20, total: 25 });
    expect(first.data).toHaveLength(20);
    expect(first.data[0]?.name).toBe("Draw 25");

    const third = await mine(olive, "?page=3&per_page=10");
    expect(third.meta).toEqual({ page: 3, per_page: 10, total: 25 });
    expect(names(third)).toEqual(["Draw 5", "Draw 4", "Draw 3", "Draw 2", "Draw 1"]);
    expect((await mine(olive, "?page=4&per_page=10")).data).toEqual([]);
  });

  it("answers an empty list to someone who created nothing", async () => {
    const { bob } = await world();
    expect(await mine(bob)).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  });

  it("needs a session", async () => {
    t = await createTestApp();
    const res = await t.app.request(MINE);
    expect(res.status).toBe(401);
  });

  it("refuses a bad query with 422 and the field's path", async () => {
    const { olive } = await world();
    const fields = async (query: string) => {
      const res = await olive.call("GET", `${MINE}${query}`);
      expect(res.status).toBe(422);
      return Object.keys(((await res.json()) as { errors: Record<string, string[]> }).errors);
    };
    expect(await fields("?page=0")).toEqual(["page"]);
    expect(await fields("?page=two")).toEqual(["page"]);
    expect(await fields("?per_page=101")).toEqual(["per_page"]);
    expect(await fields("?page=0&per_page=0")).toEqual(["page", "per_page"]);
    expect(await fields("?status=archived")).toEqual(["status"]);
    expect(await fields("?status=template")).toEqual(["status"]);
  });
});
