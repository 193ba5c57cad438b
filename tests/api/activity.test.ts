import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { activities, teamMembers, teams, users } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { ACTIVITY_PAGE_SIZE } from "../../api/routes/activity";
import { logActivity } from "../../api/services/activity";
import { createAjv } from "../../engine/ajv";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

const activitySchema = JSON.parse(readFileSync("schemas/stored/activity.schema.json", "utf8"));
const validActivity = createAjv().compile(activitySchema);

type Activity = {
  _id: string;
  type: string;
  user: { name: string };
  targetUser: { name: string } | null;
  team: { name: string };
  meta: Record<string, unknown>;
};

let t: TestApp;
afterEach(() => t.cleanup());

async function currentTeamId(userId: string): Promise<string> {
  const row = await first(t.db.select().from(users).where(eq(users.id, userId)));
  if (!row?.currentTeamId) throw new Error("the user has no current team");
  return row.currentTeamId;
}

async function list(s: Session, path: string): Promise<Activity[]> {
  const res = await s.call("GET", path);
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: Activity[] };
  for (const a of data) expect(validActivity(a), JSON.stringify(validActivity.errors)).toBe(true);
  return data;
}

/** Bo becomes a member of Ann's team with this permissions map, and works in it. */
async function boInAnnsTeam(permissions: Record<string, boolean>) {
  const ann = await signIn(t, "ann@brand.example", "Ann");
  const bo = await signIn(t, "bo@brand.example", "Bo");
  const team = await currentTeamId(ann.userId);
  await t.db.insert(teamMembers).values({
    teamId: team,
    userId: bo.userId,
    role: "member",
    permissions,
    createdAt: new Date().toISOString(),
  });
  const switched = await bo.call("POST", "/api/v1/users/switch_team", { team_id: team });
  expect(switched.status).toBe(200);
  return { ann, bo, team };
}

const TEAM_LIST = "/api/v1/teams/current/activity/list";
const MY_LIST = "/api/v1/users/me/activity/list";

describe("GET /api/v1/teams/current/activity/list", () => {
  it("lists the team's activity newest first in the stored shape, with who, to whom, and what", async () => {
    t = await createTestApp();
    const { ann, bo, team } = await boInAnnsTeam({});
    await logActivity(t.db, t.deps.clock, { teamId: team, type: "joinTeam", userId: bo.userId });
    await logActivity(t.db, t.deps.clock, {
      teamId: team,
      type: "removeTeamMember",
      userId: ann.userId,
      targetUserId: bo.userId,
    });
    await logActivity(t.db, t.deps.clock, {
      teamId: team,
      type: "addTeamAccount",
      userId: ann.userId,
      meta: {
        account: {
          name: "Brand",
          profile_picture: "https://cdn.example/p.png",
          provider: "bluesky",
          token: "x",
        },
      },
    });
    await logActivity(t.db, t.deps.clock, {
      teamId: team,
      type: "createContest",
      userId: ann.userId,
      meta: { contest: { _id: newId(), name: "Spring" }, invite: { key: "abc" } },
    });
    await logActivity(t.db, t.deps.clock, { teamId: team, type: "finishDraw" });

    const data = await list(ann, TEAM_LIST);
    expect(data.map((a) => a.type)).toEqual([
      "finishDraw",
      "createContest",
      "addTeamAccount",
      "removeTeamMember",
      "joinTeam",
      "createTeam",
    ]);
    const [draw, contest, account, removed, joined, created] = data;
    expect(draw?.user).toEqual({ name: "Fairdraw", profile_picture: null });
    expect(contest?.meta).toMatchObject({ contest: { name: "Spring" }, invite: { key: "abc" } });
    // Only the fields of the shape: what else the log keeps (here a token) is never shown.
    expect(account?.meta).toEqual({
      account: { name: "Brand", profile_picture: "https://cdn.example/p.png", provider: "bluesky" },
    });
    expect(removed).toMatchObject({ user: { name: "Ann" }, targetUser: { name: "Bo" } });
    expect(joined).toMatchObject({ user: { name: "Bo" }, targetUser: null, team: { name: "Ann's team" } });
    expect(created?.meta).toEqual({ team: { name: "Ann's team" } });
  });

  it("pages by 20 with ?before=<id>, and leaves out rows of unknown types", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const team = await currentTeamId(ann.userId);
    for (let i = 0; i < 24; i++) {
      await logActivity(t.db, t.deps.clock, {
        teamId: team,
        type: "loadEntries",
        userId: ann.userId,
        meta: { contest: { _id: `c${i}`, name: `Contest ${i}` } },
      });
    }
    await t.db
      .insert(activities)
      .values({ id: newId(), teamId: team, type: "somethingOld", createdAt: new Date().toISOString() });
    const first = await list(ann, TEAM_LIST);
    expect(first).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first[0]?.meta).toEqual({ contest: { _id: "c23", name: "Contest 23" } });
    const second = await list(ann, `${TEAM_LIST}?before=${first.at(-1)?._id}`);
    expect(second.map((a) => a.meta.contest ?? a.type)).toEqual([
      { _id: "c3", name: "Contest 3" },
      { _id: "c2", name: "Contest 2" },
      { _id: "c1", name: "Contest 1" },
      { _id: "c0", name: "Contest 0" },
      "createTeam",
    ]);
    const bad = await ann.call("GET", `${TEAM_LIST}?before=1%20OR%201`);
    expect(bad.status).toBe(422);
  });

  it("answers 403 permissionsForbidden to a member without team.activity.view_activity", async () => {
    t = await createTestApp();
    await boInAnnsTeam({});
    const bo = await signIn(t, "bo@brand.example");
    const res = await bo.call("GET", TEAM_LIST);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("permissionsForbidden");
  });

  it("shows the team's activity to a member granted team.activity.view_activity", async () => {
    t = await createTestApp();
    const { bo } = await boInAnnsTeam({ "team.activity.view_activity": true });
    const data = await list(bo, TEAM_LIST);
    expect(data.map((a) => [a.type, a.user.name, a.team.name])).toEqual([
      ["createTeam", "Ann", "Ann's team"],
    ]);
  });

  it("hides invite keys (invite links) from members who may not see the invites", async () => {
    t = await createTestApp();
    const { ann, bo, team } = await boInAnnsTeam({ "team.activity.view_activity": true });
    await logActivity(t.db, () => new Date(), {
      teamId: team,
      type: "createInvite.member",
      userId: ann.userId,
      meta: { invite: { key: "secret-link-key" } },
    });
    const asBo = await list(bo, TEAM_LIST);
    expect(asBo.find((a) => a.type === "createInvite.member")?.meta).toEqual({});
    const asAnn = await list(ann, TEAM_LIST);
    expect(asAnn.find((a) => a.type === "createInvite.member")?.meta).toEqual({
      invite: { key: "secret-link-key" },
    });
  });

  it("answers 402 for a frozen team and 401 without a session", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    await t.db
      .update(teams)
      .set({ frozenLimitDate: "2030-01-01T00:00:00.000Z" })
      .where(eq(teams.id, await currentTeamId(ann.userId)));
    expect((await ann.call("GET", TEAM_LIST)).status).toBe(402);
    expect((await t.app.request(TEAM_LIST)).status).toBe(401);
  });
});

describe("GET /api/v1/users/me/activity/list", () => {
  it("lists the user's own actions in every team, and nobody else's", async () => {
    t = await createTestApp();
    const { ann, bo, team } = await boInAnnsTeam({});
    await logActivity(t.db, t.deps.clock, { teamId: team, type: "joinTeam", userId: bo.userId });
    await logActivity(t.db, t.deps.clock, {
      teamId: team,
      type: "removeTeamMember",
      userId: ann.userId,
      targetUserId: bo.userId,
    });
    const mine = await list(bo, MY_LIST);
    expect(mine.map((a) => [a.type, a.team.name])).toEqual([
      ["joinTeam", "Ann's team"],
      ["createTeam", "Bo's team"],
    ]);
    expect(mine.every((a) => a.user.name === "Bo")).toBe(true);
    expect((await t.app.request(MY_LIST)).status).toBe(401);
  });

  it("pages by 20 with ?before=<id>", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const team = await currentTeamId(ann.userId);
    for (let i = 0; i < 21; i++) {
      await logActivity(t.db, t.deps.clock, { teamId: team, type: "startDraw", userId: ann.userId });
    }
    const first = await list(ann, MY_LIST);
    expect(first).toHaveLength(ACTIVITY_PAGE_SIZE);
    const second = await list(ann, `${MY_LIST}?before=${first.at(-1)?._id}`);
    expect(second.map((a) => a.type)).toEqual(["startDraw", "createTeam"]);
    expect(new Set([...first, ...second].map((a) => a._id)).size).toBe(22);
  });
});
