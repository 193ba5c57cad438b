import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import {
  accounts,
  activities,
  contests,
  delegations,
  notifications,
  teamMembers,
  teams,
  users,
} from "../../api/db/tables";
import { newId } from "../../api/ids";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { currentTeamId, expectShape, setPlan } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const LIST = "/api/v1/teams/current/accounts/list";
const LINK = "/api/v1/teams/current/accounts/link";
const MY_ACCOUNTS = "/api/v1/users/me/accounts/list";
const MY_DELEGATIONS = "/api/v1/users/me/delegations/list";

/** Olive, owner of her default team, on the business plan (5 accounts of each network) unless told. */
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

/** A team account written directly, as the demo seed does (nobody linked it). */
async function seededAccount(teamId: string, provider = "twitter") {
  const id = newId();
  await t.db.insert(accounts).values({
    id,
    teamId,
    provider,
    externalId: "1000",
    name: "Brand",
    screenName: "brand",
    sandbox: true,
    linkedAt: new Date().toISOString(),
  });
  return id;
}

/** Ray lends his own account of `provider` to the team of `sender` through an account invite. */
async function delegate(sender: Session, ray: Session, provider = "twitter") {
  const invite = await (
    await sender.call("POST", "/api/v1/teams/current/accounts/invite", { provider })
  ).json();
  const res = await ray.call("POST", `/api/v1/invites/${invite.key}/accept`);
  expect(res.status).toBe(200);
  return (await res.json()).delegation as { delegation_id: string };
}

async function activityOf(teamId: string, type: string) {
  return await t.db
    .select()
    .from(activities)
    .where(and(eq(activities.teamId, teamId), eq(activities.type, type)));
}

async function list(s: Session, path = LIST) {
  const res = await s.call("GET", path);
  expect(res.status).toBe(200);
  return (await res.json()).data as Record<string, unknown>[];
}

describe("linking a team account", () => {
  it("links a sandbox account at once, lists it and logs it", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    expect(await list(olive)).toEqual([]);

    const res = await olive.call("POST", LINK, { provider: "twitter" });
    expect(res.status).toBe(201);
    const account = await res.json();
    expectShape("stored/account", account);
    expect(account).toEqual({
      _id: expect.any(String),
      provider: "twitter",
      external_id: "9000000001",
      name: "Sandbox X (Twitter) 1",
      screen_name: "sandbox1",
      profile_picture: null,
      url: "https://x.com/sandbox1",
      linked_at: expect.any(String),
      nb_contests: 0,
      disabled: false,
      sandbox: true,
      meta: {},
    });
    const listed = await list(olive);
    for (const a of listed) expectShape("stored/account", a);
    expect(listed).toEqual([account]);
    expect(await first(t.db.select().from(accounts))).toMatchObject({ teamId, userId: olive.userId });
    expect(await activityOf(teamId, "addTeamAccount")).toEqual([
      expect.objectContaining({
        userId: olive.userId,
        meta: { account: { name: "Sandbox X (Twitter) 1", profile_picture: null, provider: "twitter" } },
      }),
    ]);
  });

  it("names sandbox accounts deterministically: the first number the team has not linked", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const first = await (await olive.call("POST", LINK, { provider: "bluesky" })).json();
    const second = await (await olive.call("POST", LINK, { provider: "bluesky" })).json();
    expect([first.screen_name, second.screen_name]).toEqual(["sandbox1.bsky.social", "sandbox2.bsky.social"]);
    expect(second.url).toBe("https://bsky.app/profile/sandbox2.bsky.social");
    await olive.call("DELETE", `/api/v1/teams/current/accounts/${first._id}`);
    const again = await (await olive.call("POST", LINK, { provider: "bluesky" })).json();
    expect(again.name).toBe("Sandbox Bluesky 1");
  });

  it("counts the contests, drafts aside, whose sources publish with the account", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const account = await (await olive.call("POST", LINK, { provider: "twitter" })).json();
    const now = new Date().toISOString();
    const source = (accountId: number, type = "twitter") => ({
      id: 1,
      type,
      publication: { account_id: accountId },
    });
    for (const [status, sources] of [
      ["planned", [source(9000000001)]],
      ["ended", [source(9000000001), source(9000000001)]],
      ["draft", [source(9000000001)]],
      ["started", [source(9000000002)]],
      ["started", [source(9000000001, "bluesky")]],
    ] as const) {
      await t.db.insert(contests).values({
        id: newId(),
        teamId,
        name: "C",
        status,
        cbData: { sources },
        createdAt: now,
        updatedAt: now,
      });
    }
    const [listed] = await list(olive);
    expect(listed).toMatchObject({ _id: account._id, nb_contests: 2 });
  });

  it("refuses a network past the team's accounts quota of that network, writing nothing", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner("basic"); // 1 account of each network
    expect((await olive.call("POST", LINK, { provider: "twitter" })).status).toBe(201);
    const res = await olive.call("POST", LINK, { provider: "twitter" });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("maxAccountsExceeded");
    expect(await t.db.select().from(accounts)).toHaveLength(1);
    expect(await activityOf(teamId, "addTeamAccount")).toHaveLength(1);
    // Per network: another network still has its place.
    expect((await olive.call("POST", LINK, { provider: "youtube" })).status).toBe(201);
    // Accounts lent to the team count too.
    const ray = await signIn(t, "ray@agency.example", "Ray");
    await setPlan(t, teamId, "business");
    await delegate(olive, ray, "tiktok");
    await setPlan(t, teamId, "basic");
    expect((await olive.call("POST", LINK, { provider: "tiktok" })).status).toBe(403);
  });

  it("answers 422 on provider for a missing, unknown or login-only network, in the request's language", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const cases: [unknown, string][] = [
      [{}, "Is required."],
      [{ provider: "" }, "Is required."],
      [{ provider: "myspace" }, "Is not one of the allowed choices."],
      [{ provider: 7 }, "Is not one of the allowed choices."],
      [{ provider: "linkedin" }, "This network can only be used to sign in."],
      [{ provider: "twitch" }, "This network can only be used to sign in."],
    ];
    for (const [body, text] of cases) {
      const res = await olive.call("POST", LINK, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toEqual({
        error: "validation",
        message: "The given data was invalid.",
        errors: { provider: [text] },
      });
    }
    const fr = await olive.call("POST", LINK, { provider: "linkedin" }, { "accept-language": "fr-FR" });
    expect((await fr.json()).errors).toEqual({ provider: ["Ce réseau sert seulement à se connecter."] });
    expect(await t.db.select().from(accounts)).toEqual([]);
  });
});

describe("permissions and ownership", () => {
  it("answers 401 without a session on every call", async () => {
    t = await createTestApp();
    for (const [method, path] of [
      ["GET", LIST],
      ["POST", LINK],
      ["POST", "/api/v1/teams/current/accounts/x/refresh"],
      ["POST", "/api/v1/teams/current/accounts/x/request_reconnect"],
      ["DELETE", "/api/v1/teams/current/accounts/x"],
      ["GET", MY_ACCOUNTS],
      ["GET", MY_DELEGATIONS],
      ["DELETE", "/api/v1/users/me/accounts/x"],
      ["DELETE", "/api/v1/users/me/accounts/delegations/x"],
    ] as const) {
      const res = await t.app.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("needs update_account, request_reconnect_account and unlink_account, each for its own call", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const id = (await (await olive.call("POST", LINK, { provider: "twitter" })).json())._id;
    const calls = {
      link: ["POST", LINK, { provider: "bluesky" }],
      refresh: ["POST", `/api/v1/teams/current/accounts/${id}/refresh`, undefined],
      reconnect: ["POST", `/api/v1/teams/current/accounts/${id}/request_reconnect`, undefined],
      unlink: ["DELETE", `/api/v1/teams/current/accounts/${id}`, undefined],
    } as const;
    const bare = await memberWith(teamId, "bare@brand.example", {});
    // Any member sees the team's accounts (the builder picks the publishing account from them).
    expect(await list(bare)).toHaveLength(1);
    for (const [method, path, body] of Object.values(calls)) {
      const res = await bare.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error).toBe("permissionsForbidden");
    }
    const updater = await memberWith(teamId, "up@brand.example", { "team.accounts.update_account": true });
    expect((await updater.call(...calls.link)).status).toBe(201);
    expect((await updater.call(...calls.refresh)).status).toBe(200);
    expect((await updater.call(...calls.reconnect)).status).toBe(403);
    const asker = await memberWith(teamId, "as@brand.example", {
      "team.accounts.request_reconnect_account": true,
    });
    expect((await asker.call(...calls.reconnect)).status).toBe(200);
    expect((await asker.call(...calls.unlink)).status).toBe(403);
    const unlinker = await memberWith(teamId, "un@brand.example", { "team.accounts.unlink_account": true });
    expect((await unlinker.call(...calls.link)).status).toBe(403);
    expect((await unlinker.call(...calls.unlink)).status).toBe(200);
  });

  it("answers the same 404 for another team's account and a missing one, and changes nothing", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const ben = await signIn(t, "ben@brand.example", "Ben");
    const theirs = (await (await ben.call("POST", LINK, { provider: "twitter" })).json())._id;
    for (const id of [theirs, "000000000000000000000000"]) {
      for (const [method, path] of [
        ["POST", `/api/v1/teams/current/accounts/${id}/refresh`],
        ["POST", `/api/v1/teams/current/accounts/${id}/request_reconnect`],
        ["DELETE", `/api/v1/teams/current/accounts/${id}`],
        ["DELETE", `/api/v1/users/me/accounts/${id}`],
        ["DELETE", `/api/v1/users/me/accounts/delegations/${id}`],
      ] as const) {
        const res = await olive.call(method, path);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await res.json()).error).toBe("notFound");
      }
    }
    expect((await first(t.db.select().from(accounts).where(eq(accounts.id, theirs))))?.meta).toEqual({});
    expect(await t.db.select().from(notifications)).toEqual([]);
  });

  it("answers 402 for a frozen team", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    await t.db.update(teams).set({ frozenLimitDate: "2030-01-31T00:00:00.000Z" }).where(eq(teams.id, teamId));
    expect((await olive.call("GET", LIST)).status).toBe(402);
    expect((await olive.call("POST", LINK, { provider: "twitter" })).status).toBe(402);
  });
});

describe("refresh and reconnect", () => {
  it("refreshes the profile through the driver and clears the need to reconnect", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const account = await (await olive.call("POST", LINK, { provider: "threads" })).json();
    await t.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, account._id));
    const res = await olive.call("POST", `/api/v1/teams/current/accounts/${account._id}/refresh`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [listed] = await list(olive);
    expect(listed).toEqual({ ...account, disabled: false });
  });

  it("asks the member who linked the account to reconnect it, and records when", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const linker = await memberWith(teamId, "li@brand.example", { "team.accounts.update_account": true });
    const account = await (await linker.call("POST", LINK, { provider: "facebook" })).json();
    const res = await olive.call("POST", `/api/v1/teams/current/accounts/${account._id}/request_reconnect`);
    expect(await res.json()).toEqual({ success: true });
    const sent = await t.db.select().from(notifications);
    expect(sent).toEqual([expect.objectContaining({ userId: linker.userId, teamId: null })]);
    expect(sent[0]?.content).toMatchObject({
      key: "accountReconnectRequested",
      data: {
        account: { name: account.name, provider: "facebook" },
        team: { _id: teamId },
        requested_by: { name: "Olive" },
      },
      link: "/team/accounts",
    });
    const [listed] = await list(olive);
    expectShape("stored/account", listed);
    expect(listed?.meta).toEqual({ reconnect_requested_at: expect.any(String) });
    const me = await (await linker.call("GET", "/api/v1/users/me")).json();
    expectShape("stored/notification", me.notifications.list[0]);
    expect(me.notifications.list[0].content.key).toBe("accountReconnectRequested");
  });

  it("tells the whole team when nobody still in it linked the account", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const id = await seededAccount(teamId);
    expect((await olive.call("POST", `/api/v1/teams/current/accounts/${id}/request_reconnect`)).status).toBe(
      200,
    );
    const linker = await memberWith(teamId, "li@brand.example", { "team.accounts.update_account": true });
    const theirs = (await (await linker.call("POST", LINK, { provider: "facebook" })).json())._id;
    await t.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, linker.userId)));
    await olive.call("POST", `/api/v1/teams/current/accounts/${theirs}/request_reconnect`);
    expect(await t.db.select().from(notifications)).toEqual([
      expect.objectContaining({ teamId, userId: null }),
      expect.objectContaining({ teamId, userId: null }),
    ]);
  });

  it("asks the person who lent the account, pointing them to their delegations", async () => {
    t = await createTestApp();
    const { s: olive } = await owner();
    const ray = await signIn(t, "ray@agency.example", "Ray");
    await delegate(olive, ray);
    const [account] = await list(olive);
    await olive.call("POST", `/api/v1/teams/current/accounts/${account?._id}/request_reconnect`);
    const [sent] = await t.db.select().from(notifications);
    expect(sent).toMatchObject({ userId: ray.userId, content: { link: "/me/delegation" } });
  });
});

describe("unlinking", () => {
  it("removes the team's own account and logs it", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const account = await (await olive.call("POST", LINK, { provider: "youtube" })).json();
    const res = await olive.call("DELETE", `/api/v1/teams/current/accounts/${account._id}`);
    expect(await res.json()).toEqual({ success: true });
    expect(await list(olive)).toEqual([]);
    expect(await t.db.select().from(accounts)).toEqual([]);
    expect(await activityOf(teamId, "unlinkAccount")).toEqual([
      expect.objectContaining({
        userId: olive.userId,
        meta: { account: { name: account.name, profile_picture: null, provider: "youtube" } },
      }),
    ]);
    expect((await olive.call("DELETE", `/api/v1/teams/current/accounts/${account._id}`)).status).toBe(404);
  });

  it("gives a lent account back to its owner: the team loses it, the person keeps it", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const ray = await signIn(t, "ray@agency.example", "Ray");
    await delegate(olive, ray);
    const [account] = await list(olive);
    expect((await olive.call("DELETE", `/api/v1/teams/current/accounts/${account?._id}`)).status).toBe(200);
    expect(await list(olive)).toEqual([]);
    expect(await t.db.select().from(delegations)).toEqual([]);
    expect((await list(ray, MY_ACCOUNTS)).map((a) => a._id)).toEqual([account?._id]);
    expect(await activityOf(teamId, "unlinkAccount")).toHaveLength(1);
  });
});

describe("the person's own accounts and delegations (/me/delegation)", () => {
  it("lists the person's accounts and the teams' delegations of them", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const ben = await signIn(t, "ben@brand.example", "Ben");
    await setPlan(t, await currentTeamId(t, ben.userId), "business");
    const ray = await signIn(t, "ray@agency.example", "Ray");
    const d1 = await delegate(olive, ray, "instagram");
    const d2 = await delegate(ben, ray, "instagram");
    // Olive's team publishes one contest with it.
    const now = new Date().toISOString();
    await t.db.insert(contests).values({
      id: newId(),
      teamId,
      name: "C",
      status: "started",
      cbData: { sources: [{ id: 1, type: "instagram", publication: { account_id: 9000000001 } }] },
      createdAt: now,
      updatedAt: now,
    });
    const mine = await list(ray, MY_ACCOUNTS);
    expect(mine).toHaveLength(1);
    expectShape("stored/account", mine[0]);
    expect(mine[0]).toMatchObject({ provider: "instagram", name: "Sandbox Instagram 1", nb_contests: 1 });
    const lent = await list(ray, MY_DELEGATIONS);
    for (const d of lent) expectShape("stored/delegated-account", d);
    expect(lent.map((d) => [d.delegation_id, d.nb_contests])).toEqual([
      [d1.delegation_id, 1],
      [d2.delegation_id, 0],
    ]);
    // Olive linked nothing of her own: team accounts are the team's.
    await olive.call("POST", LINK, { provider: "twitter" });
    expect(await list(olive, MY_ACCOUNTS)).toEqual([]);
    expect(await list(olive, MY_DELEGATIONS)).toEqual([]);
  });

  it("removes one delegation, logged in that team; another person's delegation is a 404", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const ray = await signIn(t, "ray@agency.example", "Ray");
    const d = await delegate(olive, ray);
    const stranger = await signIn(t, "sam@else.example", "Sam");
    expect(
      (await stranger.call("DELETE", `/api/v1/users/me/accounts/delegations/${d.delegation_id}`)).status,
    ).toBe(404);
    const res = await ray.call("DELETE", `/api/v1/users/me/accounts/delegations/${d.delegation_id}`);
    expect(await res.json()).toEqual({ success: true });
    expect(await list(olive)).toEqual([]);
    expect(await list(ray, MY_DELEGATIONS)).toEqual([]);
    expect(await list(ray, MY_ACCOUNTS)).toHaveLength(1);
    expect(await activityOf(teamId, "removeDelegation")).toEqual([
      expect.objectContaining({
        userId: ray.userId,
        meta: { account: { name: "Sandbox X (Twitter) 1", profile_picture: null, provider: "twitter" } },
      }),
    ]);
  });

  it("deletes the person's account from every team it was lent to; a team's account is not theirs to delete", async () => {
    t = await createTestApp();
    const { s: olive, teamId } = await owner();
    const ben = await signIn(t, "ben@brand.example", "Ben");
    const benTeam = await currentTeamId(t, ben.userId);
    await setPlan(t, benTeam, "business");
    const ray = await signIn(t, "ray@agency.example", "Ray");
    await delegate(olive, ray);
    await delegate(ben, ray);
    const [mine] = await list(ray, MY_ACCOUNTS);

    const teamAccount = (await (await olive.call("POST", LINK, { provider: "bluesky" })).json())._id;
    expect((await olive.call("DELETE", `/api/v1/users/me/accounts/${teamAccount}`)).status).toBe(404);
    expect((await olive.call("DELETE", `/api/v1/users/me/accounts/${mine?._id}`)).status).toBe(404);

    const res = await ray.call("DELETE", `/api/v1/users/me/accounts/${mine?._id}`);
    expect(await res.json()).toEqual({ success: true });
    expect(await list(ray, MY_ACCOUNTS)).toEqual([]);
    expect(await t.db.select().from(delegations)).toEqual([]);
    expect((await list(olive)).map((a) => a._id)).toEqual([teamAccount]);
    expect(await activityOf(teamId, "removeDelegation")).toHaveLength(1);
    expect(await activityOf(benTeam, "removeDelegation")).toHaveLength(1);
  });
});
