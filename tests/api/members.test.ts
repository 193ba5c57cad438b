import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { activities, teamMembers, users } from "../../api/db/tables";
import { createTeam, membersCount } from "../../api/services/teams";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, defaultTeamId, expectShape, freeze, listen } from "../helpers/world";

async function currentTeamIdOrNull(userId: string): Promise<string | null> {
  return (await first(t.db.select().from(users).where(eq(users.id, userId))))?.currentTeamId ?? null;
}

let t: TestApp;
afterEach(() => t.cleanup());

const LIST = "/api/v1/teams/current/members/list";

async function storedOf(teamId: string, userId: string) {
  return (
    await first(
      t.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId))),
    )
  )?.permissions;
}

async function teamOfThree() {
  const owner = await signIn(t, "olive@brand.example", "Olive");
  const team = await createTeam(t.db, t.deps.clock, {
    name: "Brand",
    ownerId: owner.userId,
    plan: "business",
  });
  await t.db.update(users).set({ currentTeamId: team.id }).where(eq(users.id, owner.userId));
  const max = await signIn(t, "max@brand.example", "Max");
  await addMember(t, team.id, max, { "team.contests.create_contests": true });
  const eve = await signIn(t, "eve@brand.example", "Eve");
  await addMember(t, team.id, eve);
  return { owner, max, eve, team };
}

async function grant(teamId: string, s: Session, permissions: Record<string, boolean>) {
  await t.db
    .update(teamMembers)
    .set({ permissions })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, s.userId)));
}

describe("GET /api/v1/teams/current/members/list", () => {
  it("lists the members, owner first, each with their effective permissions", async () => {
    t = await createTestApp();
    const { owner, max, eve, team } = await teamOfThree();
    const res = await eve.call("GET", LIST);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    for (const m of data) expectShape("stored/member", m);
    expect(data.map((m: { name: string }) => m.name)).toEqual(["Olive", "Max", "Eve"]);
    const [o, mx, ev] = data;
    expect(o).toMatchObject({
      _id: owner.userId,
      profile_picture: null,
      pivot: { team_id: team.id, role: "owner" },
    });
    expect(Object.values(o.pivot.permissions).every((v) => v === true)).toBe(true);
    expect(mx.pivot).toMatchObject({
      role: "member",
      created_at: expect.any(String),
      permissions: {
        "team.contests.create_contests": true,
        "team.contests.view_contests": true,
        "team.templates.view_templates": true,
        "team.contests.delete_contests": false,
      },
    });
    expect(mx._id).toBe(max.userId);
    expect(ev.pivot.permissions["team.contests.create_contests"]).toBe(false);
    expect(Object.keys(ev.pivot.permissions)).toHaveLength(t.deps.catalog.permissions.length);
  });

  it("leaves out deleted users, as the members quota count does", async () => {
    t = await createTestApp();
    const { eve, team } = await teamOfThree();
    expect(await membersCount(t.db, team.id)).toBe(3);
    await t.db.update(users).set({ deletedAt: new Date().toISOString() }).where(eq(users.id, eve.userId));
    expect(await membersCount(t.db, team.id)).toBe(2);
    const owner = await signIn(t, "olive@brand.example");
    const { data } = await (await owner.call("GET", LIST)).json();
    expect(data).toHaveLength(2);
  });

  it("needs a session (401) and a team not frozen (402)", async () => {
    t = await createTestApp();
    const { eve, team } = await teamOfThree();
    expect((await t.app.request(LIST)).status).toBe(401);
    await freeze(t, team.id);
    const res = await eve.call("GET", LIST);
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe("teamFrozen");
  });
});

describe("DELETE /api/v1/teams/current/members/{id}", () => {
  it("removes a member, logs removeTeamMember, moves them to their default team and tells them", async () => {
    t = await createTestApp();
    const { owner, max, team } = await teamOfThree();
    const heard = listen(t, max.userId, team.id);
    const res = await owner.call("DELETE", `/api/v1/teams/current/members/${max.userId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await storedOf(team.id, max.userId)).toBeUndefined();
    expect(await t.db.select().from(activities).where(eq(activities.type, "removeTeamMember"))).toEqual([
      expect.objectContaining({ teamId: team.id, userId: owner.userId, targetUserId: max.userId }),
    ]);
    expect(heard).toEqual(["refresh_user"]);
    expect(await currentTeamIdOrNull(max.userId)).toBe(await defaultTeamId(t, max.userId));
    const me = await (await max.call("GET", "/api/v1/users/me")).json();
    expect(me.teams.map((x: { _id: string }) => x._id)).toEqual([await defaultTeamId(t, max.userId)]);
    const { data } = await (await owner.call("GET", LIST)).json();
    expect(data.map((m: { name: string }) => m.name)).toEqual(["Olive", "Eve"]);
  });

  it("lets a member leave without team.members.delete_member, but never the owner", async () => {
    t = await createTestApp();
    const { owner, eve, team } = await teamOfThree();
    const left = await eve.call("DELETE", `/api/v1/teams/current/members/${eve.userId}`);
    expect(left.status).toBe(200);
    expect(await currentTeamIdOrNull(eve.userId)).toBe(await defaultTeamId(t, eve.userId));
    expect(
      await first(t.db.select().from(activities).where(eq(activities.type, "removeTeamMember"))),
    ).toMatchObject({ userId: eve.userId, targetUserId: eve.userId });
    const ownerLeaves = await owner.call("DELETE", `/api/v1/teams/current/members/${owner.userId}`);
    expect(ownerLeaves.status).toBe(403);
    expect((await ownerLeaves.json()).error).toBe("permissionsForbidden");
    expect(await storedOf(team.id, owner.userId)).toBeNull();
  });

  it("needs team.members.delete_member to remove someone else, and the owner can't be removed", async () => {
    t = await createTestApp();
    const { owner, max, eve, team } = await teamOfThree();
    const refused = await eve.call("DELETE", `/api/v1/teams/current/members/${max.userId}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("permissionsForbidden");
    await grant(team.id, eve, { "team.members.delete_member": true });
    const ownerOut = await eve.call("DELETE", `/api/v1/teams/current/members/${owner.userId}`);
    expect(ownerOut.status).toBe(403);
    expect((await ownerOut.json()).error).toBe("permissionsForbidden");
    expect((await eve.call("DELETE", `/api/v1/teams/current/members/${max.userId}`)).status).toBe(200);
  });

  it("answers 404 for someone who is not in the current team, 401 without a session, 402 when frozen", async () => {
    t = await createTestApp();
    const { owner, max, team } = await teamOfThree();
    const stranger = await signIn(t, "sam@other.example", "Sam");
    expect((await owner.call("DELETE", `/api/v1/teams/current/members/${stranger.userId}`)).status).toBe(404);
    expect((await owner.call("DELETE", "/api/v1/teams/current/members/nobody")).status).toBe(404);
    // Max is a member of Brand, not of the stranger's team.
    expect((await stranger.call("DELETE", `/api/v1/teams/current/members/${max.userId}`)).status).toBe(404);
    expect(
      (await t.app.request(`/api/v1/teams/current/members/${max.userId}`, { method: "DELETE" })).status,
    ).toBe(401);
    await freeze(t, team.id);
    expect((await owner.call("DELETE", `/api/v1/teams/current/members/${max.userId}`)).status).toBe(402);
  });
});

describe("POST /api/v1/teams/{team_id}/members/{member_id}/permissions", () => {
  const path = (teamId: string, userId: string) => `/api/v1/teams/${teamId}/members/${userId}/permissions`;

  it("stores only the differences from the defaults and answers the member with the effective map", async () => {
    t = await createTestApp();
    const { owner, eve, team } = await teamOfThree();
    const heard = listen(t, eve.userId, team.id);
    const res = await owner.call("POST", path(team.id, eve.userId), {
      updated_permissions: {
        "team.contests.create_contests": true,
        "team.contests.view_contests": false,
        "team.activity.view_activity": false,
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectShape("stored/member", body);
    expect(body).toMatchObject({
      _id: eve.userId,
      name: "Eve",
      pivot: {
        team_id: team.id,
        role: "member",
        permissions: {
          "team.contests.create_contests": true,
          "team.contests.view_contests": false,
          "team.activity.view_activity": false,
          "team.templates.view_templates": true,
        },
      },
    });
    // view_activity is false by default: not stored.
    expect(await storedOf(team.id, eve.userId)).toEqual({
      "team.contests.create_contests": true,
      "team.contests.view_contests": false,
    });
    expect(heard).toEqual(["refresh_user"]);
    // Back to the defaults: nothing stored.
    await owner.call("POST", path(team.id, eve.userId), {
      updated_permissions: { "team.contests.create_contests": false, "team.contests.view_contests": true },
    });
    expect(await storedOf(team.id, eve.userId)).toBeNull();
    // The member's own permissions follow.
    const me = await (await eve.call("GET", "/api/v1/users/me")).json();
    expect(me.permissions["team.contests.create_contests"]).toBe(false);
  });

  it("keeps the keys not sent", async () => {
    t = await createTestApp();
    const { owner, max, team } = await teamOfThree();
    await owner.call("POST", path(team.id, max.userId), {
      updated_permissions: { "team.invites.view_invite": true },
    });
    expect(await storedOf(team.id, max.userId)).toEqual({
      "team.contests.create_contests": true,
      "team.invites.view_invite": true,
    });
  });

  it("refuses unknown names and non-boolean values with 422 on updated_permissions.<name>", async () => {
    t = await createTestApp();
    const { owner, eve, team } = await teamOfThree();
    const res = await owner.call("POST", path(team.id, eve.userId), {
      updated_permissions: { "team.contests.fly": true, "team.contests.create_contests": "yes" },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: "validation",
      message: "The given data was invalid.",
      errors: {
        "updated_permissions.team.contests.fly": ["Is not a known permission."],
        "updated_permissions.team.contests.create_contests": ["Must be yes or no."],
      },
    });
    const missing = await owner.call("POST", path(team.id, eve.userId), {});
    expect((await missing.json()).errors).toEqual({ updated_permissions: ["Is required."] });
    const list = await owner.call("POST", path(team.id, eve.userId), { updated_permissions: [] });
    expect((await list.json()).errors).toEqual({ updated_permissions: ["Has the wrong type."] });
    const french = await owner.call(
      "POST",
      path(team.id, eve.userId),
      { updated_permissions: { nope: true } },
      { "accept-language": "fr" },
    );
    expect((await french.json()).errors).toEqual({
      "updated_permissions.nope": ["N'est pas une permission connue."],
    });
    expect(await storedOf(team.id, eve.userId)).toBeNull();
  });

  it("never edits the owner's permissions nor one's own (403)", async () => {
    t = await createTestApp();
    const { owner, max, team } = await teamOfThree();
    const body = { updated_permissions: { "team.contests.create_contests": false } };
    const onOwner = await owner.call("POST", path(team.id, owner.userId), body);
    expect(onOwner.status).toBe(403);
    expect((await onOwner.json()).error).toBe("permissionsForbidden");
    await grant(team.id, max, {
      "team.members.manage_permissions": true,
      "team.contests.create_contests": true,
    });
    expect((await max.call("POST", path(team.id, owner.userId), body)).status).toBe(403);
    expect((await max.call("POST", path(team.id, max.userId), body)).status).toBe(403);
    expect(await storedOf(team.id, max.userId)).toEqual({
      "team.members.manage_permissions": true,
      "team.contests.create_contests": true,
    });
  });

  it("lets a manager change only the permissions they hold themselves", async () => {
    t = await createTestApp();
    const { max, eve, team } = await teamOfThree();
    await grant(team.id, max, {
      "team.members.manage_permissions": true,
      "team.contests.create_contests": true,
    });
    const beyond = await max.call("POST", path(team.id, eve.userId), {
      updated_permissions: { "team.contests.create_contests": true, "team.settings.delete_team": true },
    });
    expect(beyond.status).toBe(403);
    expect((await beyond.json()).error).toBe("permissionsForbidden");
    expect(await storedOf(team.id, eve.userId)).toBeNull();
    // Taking away a permission one lacks is refused too (its checkbox is disabled).
    await grant(team.id, eve, { "team.invites.view_invite": true });
    expect(
      (
        await max.call("POST", path(team.id, eve.userId), {
          updated_permissions: { "team.invites.view_invite": false },
        })
      ).status,
    ).toBe(403);
    // A key sent with the value it already has is no change, so it is allowed.
    const ok = await max.call("POST", path(team.id, eve.userId), {
      updated_permissions: { "team.contests.create_contests": true, "team.settings.delete_team": false },
    });
    expect(ok.status).toBe(200);
    expect(await storedOf(team.id, eve.userId)).toEqual({
      "team.contests.create_contests": true,
      "team.invites.view_invite": true,
    });
  });

  it("needs team.members.manage_permissions (403), and answers 404 for another team or a non-member", async () => {
    t = await createTestApp();
    const { owner, max, eve, team } = await teamOfThree();
    const body = { updated_permissions: { "team.contests.create_contests": true } };
    expect((await max.call("POST", path(team.id, eve.userId), body)).status).toBe(403);
    const stranger = await signIn(t, "sam@other.example", "Sam");
    const strangerTeam = await defaultTeamId(t, stranger.userId);
    expect((await stranger.call("POST", path(team.id, eve.userId), body)).status).toBe(404);
    expect((await owner.call("POST", path(strangerTeam, stranger.userId), body)).status).toBe(404);
    expect((await owner.call("POST", path(team.id, stranger.userId), body)).status).toBe(404);
    expect((await t.app.request(path(team.id, eve.userId), { method: "POST" })).status).toBe(401);
  });

  it("answers 402 when the team is frozen", async () => {
    t = await createTestApp();
    const { owner, eve, team } = await teamOfThree();
    await freeze(t, team.id);
    const res = await owner.call("POST", path(team.id, eve.userId), {
      updated_permissions: { "team.contests.create_contests": true },
    });
    expect(res.status).toBe(402);
  });
});
