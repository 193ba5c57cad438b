import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import {
  accounts,
  activities,
  delegations,
  invites,
  mails,
  teamMembers,
  teams,
  users,
} from "../../api/db/tables";
import { newId } from "../../api/ids";
import { signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { currentTeamId, expectShape, setPlan } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const MEMBER_INVITE = "/api/v1/teams/current/members/invite";
const ACCOUNT_INVITE = "/api/v1/teams/current/accounts/invite";
const LIST = "/api/v1/teams/current/invites/list";
const DAY = 86_400_000;

/** Olive, owner of her default team, on the business plan (5 members, 5 accounts of each network). */
async function owner(plan = "business") {
  const s = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t, s.userId);
  await setPlan(t, teamId, plan);
  return { s, teamId };
}

/** Someone else made a member of the team (their current team) with exactly these permissions. */
async function memberWith(teamId: string, email: string, permissions: Record<string, boolean>) {
  const s = await signIn(t, email, email.split("@")[0]);
  await t.db
    .insert(teamMembers)
    .values({ teamId, userId: s.userId, role: "member", permissions, createdAt: new Date().toISOString() });
  await t.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, s.userId));
  return s;
}

async function activityTypes(teamId: string): Promise<string[]> {
  return (
    await t.db.select().from(activities).where(eq(activities.teamId, teamId)).orderBy(activities.id)
  ).map((a) => a.type);
}

async function mailbox(): Promise<{ to: string; subject: string; text: string }[]> {
  return (await (await t.app.request("/api/dev/mailbox")).json()).data;
}

describe("invitation mail limits", () => {
  it("refuses with 429 once the team sent its invitation mails, leaving no invite behind; cancel does not give them back", async () => {
    t = await createTestApp({ env: { limits: { "mail.per_team": "3/1d" } } });
    const { s: olive, teamId } = await owner();
    for (let i = 0; i < 3; i++) {
      const res = await olive.call("POST", MEMBER_INVITE, { email: `p${i}@example.com` });
      expect(res.status).toBe(201);
      const invite = await res.json();
      // Looping invite + cancel (the quota of members stays free) still counts every mail.
      expect((await olive.call("DELETE", `/api/v1/teams/current/invites/${invite._id}`)).status).toBe(200);
    }
    const refused = await olive.call("POST", MEMBER_INVITE, { email: "p9@example.com" });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: "tooManyAttempts",
      message: expect.any(String),
      uid: expect.any(String),
      limit: "mail.per_team",
    });
    expect(await t.db.select().from(invites).where(eq(invites.teamId, teamId))).toHaveLength(3);
    expect((await mailbox()).filter((m) => m.to === "p9@example.com")).toEqual([]);
    // A link without an address sends no mail and stays possible.
    expect((await olive.call("POST", MEMBER_INVITE, {})).status).toBe(201);
  });

  it("limits the invitation mails one address receives, whichever teams send them", async () => {
    t = await createTestApp({ env: { limits: { "mail.per_recipient": "2/1d" } } });
    const { s: olive } = await owner();
    const quentin = await signIn(t, "quentin@brand.example", "Quentin");
    await setPlan(t, await currentTeamId(t, quentin.userId), "business");
    const first = await olive.call("POST", MEMBER_INVITE, { email: "nia@example.com" });
    await olive.call("DELETE", `/api/v1/teams/current/invites/${(await first.json())._id}`);
    expect((await quentin.call("POST", MEMBER_INVITE, { email: "nia@example.com" })).status).toBe(201);
    const refused = await olive.call("POST", ACCOUNT_INVITE, {
      provider: "twitter",
      email: "nia@example.com",
    });
    expect(refused.status).toBe(429);
    expect((await refused.json()).limit).toBe("mail.per_recipient");
    expect((await mailbox()).filter((m) => m.to === "nia@example.com")).toHaveLength(2);
  });
});

describe("the member-invite flow", () => {
  it("mails the link, and the person who opens it joins the team with the default permissions", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();

    const res = await olive.call("POST", MEMBER_INVITE, { email: " Nia@Example.com " });
    expect(res.status).toBe(201);
    const invite = await res.json();
    expectShape("stored/invite", invite);
    expect(invite).toMatchObject({
      type: "add_member",
      status: "active",
      email: "nia@example.com",
      meta: {},
      sender: { name: "Olive", profile_picture: null },
      receiver: null,
      canceler: null,
      sent_at: expect.any(String),
      used_at: null,
      canceled_at: null,
    });
    expect(Date.parse(invite.expires_at) - Date.parse(invite.created_at)).toBe(7 * DAY);
    expect(invite.key).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const [mail] = await mailbox();
    expect(mail?.to).toBe("nia@example.com");
    // Names people choose (the team's, the sender's) stay out of the subject line, in the body only.
    expect(mail?.subject).toBe("You are invited to join a team on Fairdraw");
    expect(mail?.text).toContain(`"Olive's team"`);
    const link = `${t.env.publicUrl}/invite/${invite.key}`;
    expect(mail?.text).toContain(link);

    // The invite page reads the link without a session, and shows only what it needs.
    const key = new URL(link).pathname.split("/").pop() ?? "";
    const view = await t.app.request(`/api/v1/invites/${key}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toEqual({
      key,
      type: "add_member",
      status: "active",
      team: { name: "Olive's team" },
      provider: null,
      sender: { name: "Olive" },
      expires_at: invite.expires_at,
    });

    const nia = await signIn(t, "nia@example.com", "Nia");
    const accepted = await nia.call("POST", `/api/v1/invites/${key}/accept`);
    expect(accepted.status).toBe(200);
    const body = await accepted.json();
    expect(body.type).toBe("add_member");
    expectShape("stored/user", body.user);
    expect(body.user.current_team_id).toBe(teamId);
    expect(body.user.teams.map((x: { _id: string }) => x._id)).toContain(teamId);
    for (const p of t.deps.catalog.permissions) expect(body.user.permissions[p.name]).toBe(p.default);

    const row = await first(
      t.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, nia.userId))),
    );
    expect(row).toMatchObject({ role: "member", permissions: null });
    expect(await activityTypes(teamId)).toEqual(["createTeam", "createInvite.member", "joinTeam"]);
    const joined = await first(
      t.db
        .select()
        .from(activities)
        .where(and(eq(activities.teamId, teamId), eq(activities.type, "joinTeam"))),
    );
    expect(joined).toMatchObject({ userId: nia.userId, meta: { invite: { key } } });

    const { data } = await (await olive.call("GET", LIST)).json();
    expect(data).toHaveLength(1);
    expectShape("stored/invite", data[0]);
    expect(data[0]).toMatchObject({
      status: "used",
      receiver: { name: "Nia", profile_picture: null },
      used_at: expect.any(String),
    });

    // Used is final.
    const again = await (await signIn(t, "zed@example.com", "Zed")).call(
      "POST",
      `/api/v1/invites/${key}/accept`,
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("inviteNotActive");
  });

  it("without an e-mail makes a link to pass on and sends nothing", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const before = (await mailbox()).length;
    const res = await olive.call("POST", MEMBER_INVITE, {});
    expect(res.status).toBe(201);
    const invite = await res.json();
    expectShape("stored/invite", invite);
    expect(invite).toMatchObject({ email: null, sent_at: null });
    expect(await mailbox()).toHaveLength(before);
    const empty = await olive.call("POST", MEMBER_INVITE, { email: "" });
    expect((await empty.json()).email).toBeNull();
  });

  it("refuses a person already in the team: 409 on accepting, 422 on inviting their address", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const { key } = await (await olive.call("POST", MEMBER_INVITE, {})).json();
    const res = await olive.call("POST", `/api/v1/invites/${key}/accept`);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("conflict");
    expect((await first(t.db.select().from(invites).where(eq(invites.key, key))))?.status).toBe("active");

    const self = await olive.call("POST", MEMBER_INVITE, { email: "OLIVE@brand.example" });
    expect(self.status).toBe(422);
    expect((await self.json()).errors).toEqual({ email: ["This person is already a member of the team."] });
  });
});

describe("the account-invite flow", () => {
  it("links the invitee's own sandbox account and delegates it to the team", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const res = await olive.call("POST", ACCOUNT_INVITE, {
      provider: "twitter",
      email: "ray@agency.example",
    });
    expect(res.status).toBe(201);
    const invite = await res.json();
    expectShape("stored/invite", invite);
    expect(invite).toMatchObject({
      type: "link_account",
      email: "ray@agency.example",
      meta: { provider: "twitter", account: null },
      sent_at: expect.any(String),
    });
    const [mail] = await mailbox();
    expect(mail?.to).toBe("ray@agency.example");
    expect(mail?.subject).toContain("X (Twitter)");
    expect(mail?.text).toContain(`${t.env.publicUrl}/invite/${invite.key}`);

    const view = await (await t.app.request(`/api/v1/invites/${invite.key}`)).json();
    expect(view).toMatchObject({ type: "link_account", provider: "twitter", status: "active" });

    const ray = await signIn(t, "ray@agency.example", "Ray");
    const accepted = await ray.call("POST", `/api/v1/invites/${invite.key}/accept`);
    expect(accepted.status).toBe(200);
    const body = await accepted.json();
    expect(body.type).toBe("link_account");
    expectShape("stored/delegated-account", body.delegation);
    expect(body.delegation).toMatchObject({
      provider: "twitter",
      name: "Sandbox X (Twitter) 1",
      screen_name: "sandbox1",
      nb_contests: 0,
    });

    // Ray stays out of the team; the account is his, lent to it.
    expect(
      await first(
        t.db
          .select()
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, ray.userId))),
      ),
    ).toBeUndefined();
    const account = await first(t.db.select().from(accounts));
    expect(account).toMatchObject({
      teamId: null,
      userId: ray.userId,
      sandbox: true,
      externalId: "9000000001",
    });
    expect(await t.db.select().from(delegations)).toEqual([
      expect.objectContaining({ id: body.delegation.delegation_id, accountId: account?.id, teamId }),
    ]);

    const { data } = await (await olive.call("GET", "/api/v1/teams/current/accounts/list")).json();
    expect(data).toHaveLength(1);
    expectShape("stored/account", data[0]);
    expect(data[0]).toMatchObject({
      _id: account?.id,
      sandbox: true,
      url: "https://x.com/sandbox1",
    });

    const used = (await (await olive.call("GET", LIST)).json()).data[0];
    expectShape("stored/invite", used);
    expect(used).toMatchObject({
      status: "used",
      receiver: { name: "Ray" },
      meta: {
        provider: "twitter",
        account: { screen_name: "sandbox1", url: "https://x.com/sandbox1" },
      },
    });
    expect(await activityTypes(teamId)).toEqual(["createTeam", "createInvite.account", "addTeamAccount"]);
    const added = await first(
      t.db
        .select()
        .from(activities)
        .where(and(eq(activities.teamId, teamId), eq(activities.type, "addTeamAccount"))),
    );
    expect(added).toMatchObject({
      userId: ray.userId,
      meta: { account: { name: "Sandbox X (Twitter) 1", profile_picture: null, provider: "twitter" } },
    });
  });

  it("lends the same account to a second team as one account row with two delegations", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const ben = await signIn(t, "ben@brand.example", "Ben");
    await setPlan(t, await currentTeamId(t, ben.userId), "business");
    const ray = await signIn(t, "ray@agency.example", "Ray");
    for (const sender of [olive, ben]) {
      const { key } = await (await sender.call("POST", ACCOUNT_INVITE, { provider: "bluesky" })).json();
      expect((await ray.call("POST", `/api/v1/invites/${key}/accept`)).status).toBe(200);
    }
    expect(await t.db.select().from(accounts)).toHaveLength(1);
    expect(await t.db.select().from(delegations)).toHaveLength(2);
  });

  it("refuses to link past the team's quota of that network, writing nothing", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner("basic");
    const { key } = await (await olive.call("POST", ACCOUNT_INVITE, { provider: "twitter" })).json();
    // Meanwhile the team got a twitter account another way.
    await t.db.insert(accounts).values({
      id: newId(),
      teamId,
      provider: "twitter",
      externalId: "42",
      name: "Brand",
      screenName: "brand",
      linkedAt: new Date().toISOString(),
    });
    const ray = await signIn(t, "ray@agency.example", "Ray");
    const res = await ray.call("POST", `/api/v1/invites/${key}/accept`);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("maxAccountsExceeded");
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, ray.userId))).toEqual([]);
    expect(await t.db.select().from(delegations)).toEqual([]);
    expect((await first(t.db.select().from(invites).where(eq(invites.key, key))))?.status).toBe("active");
    expect(await activityTypes(teamId)).not.toContain("addTeamAccount");
  });
});

describe("creating invites", () => {
  it("answers 401 without a session, for every team call and for accepting", async () => {
    t = await createTestApp();
    for (const [method, path] of [
      ["POST", MEMBER_INVITE],
      ["POST", ACCOUNT_INVITE],
      ["GET", LIST],
      ["DELETE", "/api/v1/teams/current/invites/abc"],
      ["POST", "/api/v1/invites/abc/accept"],
    ] as const) {
      const res = await t.app.request(path, {
        method,
        headers: { "content-type": "application/json" },
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("needs team.invites.create_invite, view_invite and cancel_invite, each for its own call", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    await t.db
      .update(teams)
      .set({ quotas: { members: 20 } })
      .where(eq(teams.id, teamId));
    const { _id } = await (await olive.call("POST", MEMBER_INVITE, {})).json();
    const bare = await memberWith(teamId, "bare@brand.example", {});
    for (const [method, path, body] of [
      ["POST", MEMBER_INVITE, {}],
      ["POST", ACCOUNT_INVITE, { provider: "twitter" }],
      ["GET", LIST, undefined],
      ["DELETE", `/api/v1/teams/current/invites/${_id}`, undefined],
    ] as const) {
      const res = await bare.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error).toBe("permissionsForbidden");
    }

    const viewer = await memberWith(teamId, "vi@brand.example", { "team.invites.view_invite": true });
    expect((await viewer.call("GET", LIST)).status).toBe(200);
    expect((await viewer.call("POST", MEMBER_INVITE, {})).status).toBe(403);
    expect((await viewer.call("DELETE", `/api/v1/teams/current/invites/${_id}`)).status).toBe(403);

    const maker = await memberWith(teamId, "ma@brand.example", { "team.invites.create_invite": true });
    expect((await maker.call("POST", MEMBER_INVITE, {})).status).toBe(201);
    expect((await maker.call("POST", ACCOUNT_INVITE, { provider: "youtube" })).status).toBe(201);
    expect((await maker.call("GET", LIST)).status).toBe(403);

    const canceler = await memberWith(teamId, "ca@brand.example", { "team.invites.cancel_invite": true });
    expect((await canceler.call("DELETE", `/api/v1/teams/current/invites/${_id}`)).status).toBe(200);
  });

  it("answers 402 for a frozen team", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    await t.db.update(teams).set({ frozenLimitDate: "2030-01-31T00:00:00.000Z" }).where(eq(teams.id, teamId));
    expect((await olive.call("POST", MEMBER_INVITE, {})).status).toBe(402);
    expect((await olive.call("GET", LIST)).status).toBe(402);
  });

  it("answers 422 on the field in the request's language, and 400 for a body that is not JSON", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const bad = await olive.call("POST", MEMBER_INVITE, { email: "not an address" });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      error: "validation",
      message: "The given data was invalid.",
      errors: { email: ["Must be a valid e-mail address."] },
    });
    const fr = await olive.call("POST", MEMBER_INVITE, { email: "nope" }, { "accept-language": "fr" });
    expect((await fr.json()).errors).toEqual({ email: ["Doit être une adresse e-mail valide."] });

    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { provider: ["Is required."] }],
      [{ provider: "myspace" }, { provider: ["Is not one of the allowed choices."] }],
      [{ provider: "linkedin" }, { provider: ["This network can only be used to sign in."] }],
      [{ provider: "twitter", email: "x" }, { email: ["Must be a valid e-mail address."] }],
      [
        { provider: "twitch", email: "x" },
        {
          provider: ["This network can only be used to sign in."],
          email: ["Must be a valid e-mail address."],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await olive.call("POST", ACCOUNT_INVITE, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).errors).toEqual(errors);
    }
    const frProvider = await olive.call(
      "POST",
      ACCOUNT_INVITE,
      { provider: "linkedin" },
      { "accept-language": "fr" },
    );
    expect((await frProvider.json()).errors).toEqual({
      provider: ["Ce réseau sert seulement à se connecter."],
    });

    const notJson = await olive.call("POST", MEMBER_INVITE, undefined, { "content-type": "text/plain" });
    expect(notJson.status).toBe(400);
    expect(await t.db.select().from(invites)).toEqual([]);
  });

  it("refuses an account invite for a network whose accounts can't be invited", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const providers = new Map(t.deps.catalog.providers);
    const bluesky = providers.get("bluesky");
    if (!bluesky) throw new Error("no bluesky");
    providers.set("bluesky", { ...bluesky, canInvite: false });
    t.deps.catalog = { ...t.deps.catalog, providers };
    const res = await olive.call("POST", ACCOUNT_INVITE, { provider: "bluesky" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      provider: ["Accounts of this network can't be linked through an invite."],
    });
  });
});

describe("quotas", () => {
  it("counts members and active member invites against the members quota, and writes nothing when full", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner("basic");
    const full = await olive.call("POST", MEMBER_INVITE, { email: "nia@example.com" });
    expect(full.status).toBe(403);
    expect((await full.json()).error).toBe("maxMembersExceeded");
    expect(await t.db.select().from(invites)).toEqual([]);
    expect(await activityTypes(teamId)).toEqual(["createTeam"]);
    expect((await mailbox()).filter((m) => m.to === "nia@example.com")).toEqual([]);

    await setPlan(t, teamId, "business"); // 5 members: Olive and 4 invites.
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await (await olive.call("POST", MEMBER_INVITE, {})).json())._id);
    expect((await olive.call("POST", MEMBER_INVITE, {})).status).toBe(403);
    // A canceled invite gives its place back.
    expect((await olive.call("DELETE", `/api/v1/teams/current/invites/${made[0]}`)).status).toBe(200);
    expect((await olive.call("POST", MEMBER_INVITE, {})).status).toBe(201);
  });

  it("refuses to accept a member invite once the team is full", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const { key } = await (await olive.call("POST", MEMBER_INVITE, {})).json();
    await setPlan(t, teamId, "basic");
    const nia = await signIn(t, "nia@example.com", "Nia");
    const res = await nia.call("POST", `/api/v1/invites/${key}/accept`);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("maxMembersExceeded");
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, nia.userId))).toHaveLength(1);
    expect(await activityTypes(teamId)).not.toContain("joinTeam");
  });

  it("counts account invites per network against the accounts quota", async () => {
    t = await createTestApp();
    const { s: olive } = await owner("basic"); // 1 account of each network
    expect((await olive.call("POST", ACCOUNT_INVITE, { provider: "twitter" })).status).toBe(201);
    const second = await olive.call("POST", ACCOUNT_INVITE, { provider: "twitter" });
    expect(second.status).toBe(403);
    expect((await second.json()).error).toBe("maxAccountsExceeded");
    expect((await olive.call("POST", ACCOUNT_INVITE, { provider: "bluesky" })).status).toBe(201);
    // The pending invite holds the twitter place against a direct link too.
    const link = await olive.call("POST", "/api/v1/teams/current/accounts/link", { provider: "twitter" });
    expect(link.status).toBe(403);
    expect(await t.db.select().from(invites)).toHaveLength(2);
  });
});

describe("expiry", () => {
  it("makes an invite expired 7 days after it was made, for every reader", async () => {
    let now = new Date("2026-06-01T12:00:00.000Z");
    t = await createTestApp({ clock: () => now });
    const { s: olive } = await owner();
    const invite = await (await olive.call("POST", MEMBER_INVITE, {})).json();
    expect(invite.expires_at).toBe("2026-06-08T12:00:00.000Z");

    now = new Date(Date.parse(invite.expires_at) - 1000);
    expect((await (await t.app.request(`/api/v1/invites/${invite.key}`)).json()).status).toBe("active");

    now = new Date(invite.expires_at);
    expect((await (await t.app.request(`/api/v1/invites/${invite.key}`)).json()).status).toBe("expired");
    expect((await first(t.db.select().from(invites)))?.status).toBe("expired");
    const listed = (await (await olive.call("GET", LIST)).json()).data[0];
    expectShape("stored/invite", listed);
    expect(listed.status).toBe("expired");

    const nia = await signIn(t, "nia@example.com", "Nia");
    const accept = await nia.call("POST", `/api/v1/invites/${invite.key}/accept`);
    expect(accept.status).toBe(409);
    expect((await accept.json()).error).toBe("inviteNotActive");
    const cancel = await olive.call("DELETE", `/api/v1/teams/current/invites/${invite._id}`);
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).error).toBe("inviteNotActive");
  });

  it("stops counting an expired invite against the quota, even before anyone reads it", async () => {
    let now = new Date("2026-06-01T12:00:00.000Z");
    t = await createTestApp({ clock: () => now });
    const { s: olive, teamId } = await owner();
    await setPlan(t, teamId, "professional"); // 2 members: Olive and one invite.
    expect((await olive.call("POST", MEMBER_INVITE, {})).status).toBe(201);
    expect((await olive.call("POST", MEMBER_INVITE, {})).status).toBe(403);
    now = new Date(now.getTime() + 7 * DAY);
    expect((await olive.call("POST", MEMBER_INVITE, {})).status).toBe(201);
  });
});

describe("canceling", () => {
  it("cancels an active invite for good, says who did it, and logs it", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const invite = await (await olive.call("POST", ACCOUNT_INVITE, { provider: "tiktok" })).json();
    const res = await olive.call("DELETE", `/api/v1/teams/current/invites/${invite._id}`);
    expect(res.status).toBe(200);
    const canceled = await res.json();
    expectShape("stored/invite", canceled);
    expect(canceled).toMatchObject({
      _id: invite._id,
      status: "canceled",
      canceler: { name: "Olive" },
      canceled_at: expect.any(String),
    });
    expect(await activityTypes(teamId)).toEqual(["createTeam", "createInvite.account", "cancelInvite"]);
    const row = await first(
      t.db
        .select()
        .from(activities)
        .where(and(eq(activities.teamId, teamId), eq(activities.type, "cancelInvite"))),
    );
    expect(row).toMatchObject({ userId: olive.userId, meta: { invite: { key: invite.key } } });

    expect((await (await t.app.request(`/api/v1/invites/${invite.key}`)).json()).status).toBe("canceled");
    const ray = await signIn(t, "ray@agency.example", "Ray");
    expect((await ray.call("POST", `/api/v1/invites/${invite.key}/accept`)).status).toBe(409);
    const twice = await olive.call("DELETE", `/api/v1/teams/current/invites/${invite._id}`);
    expect(twice.status).toBe(409);
    expect((await activityTypes(teamId)).filter((a) => a === "cancelInvite")).toHaveLength(1);
  });

  it("answers the same 404 for another team's invite and a missing one", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const ben = await signIn(t, "ben@brand.example", "Ben");
    await setPlan(t, await currentTeamId(t, ben.userId), "business");
    const theirs = await (await ben.call("POST", MEMBER_INVITE, {})).json();
    for (const id of [theirs._id, "000000000000000000000000"]) {
      const res = await olive.call("DELETE", `/api/v1/teams/current/invites/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe("notFound");
    }
    expect((await first(t.db.select().from(invites).where(eq(invites.id, theirs._id))))?.status).toBe(
      "active",
    );
    expect((await (await olive.call("GET", LIST)).json()).data).toEqual([]);
  });
});

describe("the invite link", () => {
  it("answers 404 for an unknown key and for a deleted team's invite", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    expect((await t.app.request("/api/v1/invites/nope")).status).toBe(404);
    expect((await olive.call("POST", "/api/v1/invites/nope/accept")).status).toBe(404);
    const { key } = await (await olive.call("POST", MEMBER_INVITE, {})).json();
    await t.db.update(teams).set({ deletedAt: new Date().toISOString() }).where(eq(teams.id, teamId));
    expect((await t.app.request(`/api/v1/invites/${key}`)).status).toBe(404);
    const nia = await signIn(t, "nia@example.com", "Nia");
    expect((await nia.call("POST", `/api/v1/invites/${key}/accept`)).status).toBe(404);
  });

  it("keeps the invitee's e-mail and ids out of the public view", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const { key } = await (await olive.call("POST", MEMBER_INVITE, { email: "nia@example.com" })).json();
    const text = await (await t.app.request(`/api/v1/invites/${key}`)).text();
    expect(text).not.toContain("nia@example.com");
    expect(text).not.toContain(olive.userId);
    expect(await t.db.select().from(mails).where(eq(mails.to, "nia@example.com"))).toHaveLength(1);
  });
});
