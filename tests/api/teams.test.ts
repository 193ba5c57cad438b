import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { invites, teamMembers, teams, users } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { createTeam } from "../../api/services/teams";
import { signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, defaultTeamId, expectShape, freeze, listen } from "../helpers/world";

async function currentTeamIdOrNull(userId: string): Promise<string | null> {
  return (await first(t.db.select().from(users).where(eq(users.id, userId))))?.currentTeamId ?? null;
}

let t: TestApp;
afterEach(() => t.cleanup());

/** An owner working in a second, non-default team (deletable and transferable). */
async function ownerWithTeam(plan = "business") {
  const owner = await signIn(t, "olive@brand.example", "Olive");
  const team = await createTeam(t.db, t.deps.clock, { name: "Brand", ownerId: owner.userId, plan });
  await t.db.update(users).set({ currentTeamId: team.id }).where(eq(users.id, owner.userId));
  return { owner, team };
}

describe("POST /api/v1/teams (create a team)", () => {
  it("creates a basic team owned by the caller, makes it their current team, and logs it", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const defaultTeam = await defaultTeamId(t, olive.userId);
    const heard = listen(t, olive.userId, defaultTeam);
    const res = await olive.call("POST", "/api/v1/teams", { name: "  Brand Asia " });
    expect(res.status).toBe(201);
    const team = await res.json();
    expectShape("stored/team", team);
    expect(team).toMatchObject({
      name: "Brand Asia",
      plan: "basic",
      owner_id: olive.userId,
      is_default: false,
    });
    expect(await currentTeamIdOrNull(olive.userId)).toBe(team._id);
    expect(heard).toContain("refresh_user");
    const me = await (await olive.call("GET", "/api/v1/users/me")).json();
    expect(me.current_team_id).toBe(team._id);
    expect(me.currentTeam).toMatchObject({ _id: team._id, name: "Brand Asia" });
    expect(me.teams.map((x: { _id: string; role: string }) => [x._id, x.role])).toEqual(
      expect.arrayContaining([
        [defaultTeam, "owner"],
        [team._id, "owner"],
      ]),
    );
    const activity = await (await olive.call("GET", "/api/v1/teams/current/activity/list")).json();
    expect(activity.data.map((a: { type: string }) => a.type)).toEqual(["createTeam"]);
  });

  it("refuses a missing, empty or too long name with 422 naming the field, creating nothing", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    for (const body of [{}, { name: "   " }, { name: 42 }, { name: "x".repeat(101) }]) {
      const res = await olive.call("POST", "/api/v1/teams", body);
      expect(res.status).toBe(422);
      expect(Object.keys((await res.json()).errors)).toEqual(["name"]);
    }
    expect(await t.db.select().from(teams)).toHaveLength(1);
    const anonymous = await t.app.request("/api/v1/teams", {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ name: "Nope" }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("limits how many teams one person creates in a day (429)", async () => {
    t = await createTestApp({ env: { limits: { "teams.created.per_user": "2/1d" } } });
    const olive = await signIn(t, "olive@brand.example", "Olive");
    expect((await olive.call("POST", "/api/v1/teams", { name: "One" })).status).toBe(201);
    expect((await olive.call("POST", "/api/v1/teams", { name: "Two" })).status).toBe(201);
    const refused = await olive.call("POST", "/api/v1/teams", { name: "Three" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).limit).toBe("teams.created.per_user");
  });

  it("hands a created team over and deletes it, all through the API", async () => {
    t = await createTestApp();
    const olive = await signIn(t, "olive@brand.example", "Olive");
    const team = await (await olive.call("POST", "/api/v1/teams", { name: "Agency brand" })).json();
    // A basic team holds 1 member: room for a second one comes with a bigger plan.
    await t.db.update(teams).set({ plan: "business" }).where(eq(teams.id, team._id));
    const invite = await (await olive.call("POST", "/api/v1/teams/current/members/invite", {})).json();
    const sam = await signIn(t, "sam@brand.example", "Sam");
    expect((await sam.call("POST", `/api/v1/invites/${invite.key}/accept`, {})).status).toBe(200);

    const given = await olive.call("POST", `/api/v1/teams/${team._id}/transfer_ownership`, {
      new_owner_id: sam.userId,
    });
    expect(given.status).toBe(200);
    expect((await given.json()).owner_id).toBe(sam.userId);
    // Olive is a plain member now: deleting is no longer hers.
    expect((await olive.call("DELETE", `/api/v1/teams/${team._id}`)).status).toBe(403);

    await sam.call("POST", "/api/v1/users/switch_team", { team_id: team._id });
    expect((await sam.call("DELETE", `/api/v1/teams/${team._id}`)).status).toBe(200);
    // Both are back in their own default teams.
    expect(await currentTeamIdOrNull(olive.userId)).toBe(await defaultTeamId(t, olive.userId));
    expect(await currentTeamIdOrNull(sam.userId)).toBe(await defaultTeamId(t, sam.userId));
  });
});

describe("POST /api/v1/teams/current", () => {
  it("renames the current team and sets the builder setting, answering the team shape", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    const res = await owner.call("POST", "/api/v1/teams/current", {
      name: "  Brand Europe  ",
      meta: { contest_builder_create_shortlinks_on_paste: "always" },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectShape("stored/team", body);
    expect(body).toMatchObject({
      _id: team.id,
      name: "Brand Europe",
      meta: { contest_builder_create_shortlinks_on_paste: "always" },
    });
    const row = await first(t.db.select().from(teams).where(eq(teams.id, team.id)));
    expect(row?.name).toBe("Brand Europe");
    expect(row?.meta).toEqual({ contest_builder_create_shortlinks_on_paste: "always" });
  });

  it("changes only what the body names, and a null setting goes back to 'not chosen yet'", async () => {
    t = await createTestApp();
    const { owner } = await ownerWithTeam();
    await owner.call("POST", "/api/v1/teams/current", {
      meta: { contest_builder_create_shortlinks_on_paste: "never" },
    });
    const renamed = await (await owner.call("POST", "/api/v1/teams/current", { name: "Renamed" })).json();
    expect(renamed.meta).toEqual({ contest_builder_create_shortlinks_on_paste: "never" });
    const cleared = await owner.call("POST", "/api/v1/teams/current", {
      meta: { contest_builder_create_shortlinks_on_paste: null },
    });
    const body = await cleared.json();
    expectShape("stored/team", body);
    expect(body).toMatchObject({ name: "Renamed", meta: {} });
  });

  it("tells every member working in the team to refresh", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    const member = await signIn(t, "max@brand.example", "Max");
    await addMember(t, team.id, member);
    const heard = listen(t, member.userId, team.id);
    await owner.call("POST", "/api/v1/teams/current", { name: "New name" });
    expect(heard).toEqual(["refresh_user"]);
  });

  it("refuses a wrong name or setting with 422 and the field paths, in the request's language", async () => {
    t = await createTestApp();
    const { owner } = await ownerWithTeam();
    const empty = await owner.call("POST", "/api/v1/teams/current", { name: "   " });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({
      error: "validation",
      message: "The given data was invalid.",
      errors: { name: ["Is required."] },
    });
    const long = await owner.call("POST", "/api/v1/teams/current", {
      name: "x".repeat(101),
      meta: { contest_builder_create_shortlinks_on_paste: "sometimes", colour: "red" },
    });
    expect((await long.json()).errors).toEqual({
      name: ["May not be greater than 100 characters."],
      "meta.contest_builder_create_shortlinks_on_paste": ["Is not one of the allowed choices."],
      "meta.colour": ["Is not a known field."],
    });
    const notText = await owner.call("POST", "/api/v1/teams/current", { name: 12, meta: "always" });
    expect((await notText.json()).errors).toEqual({
      name: ["Must be a text."],
      meta: ["Has the wrong type."],
    });
    const french = await owner.call(
      "POST",
      "/api/v1/teams/current",
      { name: "" },
      { "accept-language": "fr" },
    );
    expect((await french.json()).errors).toEqual({ name: ["Est obligatoire."] });
    expect((await owner.call("POST", "/api/v1/teams/current", { name: "x".repeat(100) })).status).toBe(200);
  });

  it("needs a session (401) and team.settings.edit_information (403)", async () => {
    t = await createTestApp();
    const { team } = await ownerWithTeam();
    expect((await t.app.request("/api/v1/teams/current", { method: "POST" })).status).toBe(401);
    const member = await signIn(t, "max@brand.example", "Max");
    await addMember(t, team.id, member);
    const refused = await member.call("POST", "/api/v1/teams/current", { name: "Mine now" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "permissionsForbidden", uid: expect.any(String) });
    const editor = await signIn(t, "eve@brand.example", "Eve");
    await addMember(t, team.id, editor, { "team.settings.edit_information": true });
    expect((await editor.call("POST", "/api/v1/teams/current", { name: "Edited" })).status).toBe(200);
  });

  it("answers 402 teamFrozen with the limit date when the team is frozen", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    await freeze(t, team.id);
    const res = await owner.call("POST", "/api/v1/teams/current", { name: "Brand" });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: "teamFrozen", limit_date: "2030-01-31T00:00:00.000Z" });
  });
});

describe("DELETE /api/v1/teams/{teamId}", () => {
  it("soft-deletes the team, moves whoever worked in it to their default team and tells them to refresh", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    const member = await signIn(t, "max@brand.example", "Max");
    await addMember(t, team.id, member);
    const elsewhere = await signIn(t, "eve@brand.example", "Eve");
    await addMember(t, team.id, elsewhere);
    await t.db
      .update(users)
      .set({ currentTeamId: await defaultTeamId(t, elsewhere.userId) })
      .where(eq(users.id, elsewhere.userId));
    const ownerHeard = listen(t, owner.userId, team.id);
    const memberHeard = listen(t, member.userId, team.id);
    const elsewhereHeard = listen(t, elsewhere.userId, await defaultTeamId(t, elsewhere.userId));

    const res = await owner.call("DELETE", `/api/v1/teams/${team.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await first(t.db.select().from(teams).where(eq(teams.id, team.id))))?.deletedAt).toEqual(
      expect.any(String),
    );
    expect(await currentTeamIdOrNull(owner.userId)).toBe(await defaultTeamId(t, owner.userId));
    expect(await currentTeamIdOrNull(member.userId)).toBe(await defaultTeamId(t, member.userId));
    expect(ownerHeard).toEqual(["refresh_user"]);
    expect(memberHeard).toEqual(["refresh_user"]);
    // Their list of teams changed too.
    expect(elsewhereHeard).toEqual(["refresh_user"]);

    const me = await (await member.call("GET", "/api/v1/users/me")).json();
    expect(me.current_team_id).toBe(await defaultTeamId(t, member.userId));
    expect(me.teams.map((x: { _id: string }) => x._id)).not.toContain(team.id);
    // The team is gone for every call.
    expect((await owner.call("DELETE", `/api/v1/teams/${team.id}`)).status).toBe(404);
    expect((await owner.call("POST", "/api/v1/users/switch_team", { team_id: team.id })).status).toBe(404);
  });

  it("cancels the team's open invites", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    const now = new Date().toISOString();
    await t.db.insert(invites).values({
      id: newId(),
      key: "k1",
      teamId: team.id,
      type: "add_member",
      status: "active",
      senderId: owner.userId,
      createdAt: now,
      expiresAt: "2099-01-01T00:00:00.000Z",
    });
    await owner.call("DELETE", `/api/v1/teams/${team.id}`);
    expect(await first(t.db.select().from(invites))).toMatchObject({
      status: "canceled",
      cancelerId: owner.userId,
      canceledAt: expect.any(String),
    });
  });

  it("refuses a default team with 403 cantDeleteYourDefaultTeam, whoever asks", async () => {
    t = await createTestApp();
    const owner = await signIn(t, "olive@brand.example", "Olive");
    const own = await defaultTeamId(t, owner.userId);
    const res = await owner.call("DELETE", `/api/v1/teams/${own}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "cantDeleteYourDefaultTeam" });
    const deputy = await signIn(t, "dep@brand.example", "Dep");
    await addMember(t, own, deputy, { "team.settings.delete_team": true });
    expect(await (await deputy.call("DELETE", `/api/v1/teams/${own}`)).json()).toMatchObject({
      error: "cantDeleteYourDefaultTeam",
    });
    expect((await first(t.db.select().from(teams).where(eq(teams.id, own))))?.deletedAt).toBeNull();
  });

  it("needs team.settings.delete_team in that team, and answers 404 for a team one is not in", async () => {
    t = await createTestApp();
    const { team } = await ownerWithTeam();
    const member = await signIn(t, "max@brand.example", "Max");
    await addMember(t, team.id, member);
    expect((await member.call("DELETE", `/api/v1/teams/${team.id}`)).status).toBe(403);
    const stranger = await signIn(t, "sam@other.example", "Sam");
    const notMine = await stranger.call("DELETE", `/api/v1/teams/${team.id}`);
    expect(notMine.status).toBe(404);
    expect((await notMine.json()).error).toBe("notFound");
    expect((await stranger.call("DELETE", "/api/v1/teams/000000000000000000000000")).status).toBe(404);
    expect((await t.app.request(`/api/v1/teams/${team.id}`, { method: "DELETE" })).status).toBe(401);
    // The permission counts in the team named, not in the current one.
    await t.db
      .update(teamMembers)
      .set({ permissions: { "team.settings.delete_team": true } })
      .where(eq(teamMembers.userId, member.userId));
    await t.db
      .update(users)
      .set({ currentTeamId: await defaultTeamId(t, member.userId) })
      .where(eq(users.id, member.userId));
    expect((await member.call("DELETE", `/api/v1/teams/${team.id}`)).status).toBe(200);
  });

  it("answers 402 for a frozen team", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    await freeze(t, team.id);
    await t.db
      .update(users)
      .set({ currentTeamId: await defaultTeamId(t, owner.userId) })
      .where(eq(users.id, owner.userId));
    expect((await owner.call("DELETE", `/api/v1/teams/${team.id}`)).status).toBe(402);
  });
});

describe("POST /api/v1/teams/{teamId}/transfer_ownership", () => {
  it("makes a member the owner; the old owner stays a plain member; both are told to refresh", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    const member = await signIn(t, "max@brand.example", "Max");
    await addMember(t, team.id, member, { "team.contests.create_contests": true });
    const ownerHeard = listen(t, owner.userId, team.id);
    const memberHeard = listen(t, member.userId, team.id);
    const res = await owner.call("POST", `/api/v1/teams/${team.id}/transfer_ownership`, {
      new_owner_id: member.userId,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectShape("stored/team", body);
    expect(body).toMatchObject({ _id: team.id, owner_id: member.userId });
    const rows = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(rows.find((r) => r.userId === owner.userId)).toMatchObject({ role: "member", permissions: null });
    expect(rows.find((r) => r.userId === member.userId)).toMatchObject({ role: "owner", permissions: null });
    expect(ownerHeard).toEqual(["refresh_user"]);
    expect(memberHeard).toEqual(["refresh_user"]);
    // The former owner now has the default permissions only.
    expect((await owner.call("POST", "/api/v1/teams/current", { name: "Mine" })).status).toBe(403);
    expect((await member.call("POST", "/api/v1/teams/current", { name: "Mine" })).status).toBe(200);
  });

  it("refuses anyone but a non-owner member of the team with 422 on new_owner_id", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    const stranger = await signIn(t, "sam@other.example", "Sam");
    const path = `/api/v1/teams/${team.id}/transfer_ownership`;
    for (const body of [{}, { new_owner_id: 42 }]) {
      const res = await owner.call("POST", path, body);
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ new_owner_id: ["Is required."] });
    }
    for (const id of [owner.userId, stranger.userId, "000000000000000000000000"]) {
      const res = await owner.call("POST", path, { new_owner_id: id });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({
        new_owner_id: ["Must be a member of this team other than its owner."],
      });
    }
    const french = await owner.call(
      "POST",
      path,
      { new_owner_id: owner.userId },
      { "accept-language": "fr" },
    );
    expect((await french.json()).errors.new_owner_id).toEqual([
      "Doit être un membre de cette équipe autre que son propriétaire.",
    ]);
    expect((await first(t.db.select().from(teams).where(eq(teams.id, team.id))))?.ownerId).toBe(owner.userId);
  });

  it("refuses to give away a default team with 403 cantTransferYourDefaultTeam", async () => {
    t = await createTestApp();
    const owner = await signIn(t, "olive@brand.example", "Olive");
    const own = await defaultTeamId(t, owner.userId);
    const member = await signIn(t, "max@brand.example", "Max");
    await addMember(t, own, member);
    const res = await owner.call("POST", `/api/v1/teams/${own}/transfer_ownership`, {
      new_owner_id: member.userId,
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("cantTransferYourDefaultTeam");
  });

  it("needs team.settings.transfer_ownership (403), membership (404) and a team not frozen (402)", async () => {
    t = await createTestApp();
    const { owner, team } = await ownerWithTeam();
    const member = await signIn(t, "max@brand.example", "Max");
    await addMember(t, team.id, member);
    const path = `/api/v1/teams/${team.id}/transfer_ownership`;
    expect((await member.call("POST", path, { new_owner_id: member.userId })).status).toBe(403);
    const stranger = await signIn(t, "sam@other.example", "Sam");
    expect((await stranger.call("POST", path, { new_owner_id: stranger.userId })).status).toBe(404);
    await freeze(t, team.id);
    expect((await owner.call("POST", path, { new_owner_id: member.userId })).status).toBe(402);
  });
});
