import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { contests, sessions, teams, users } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { createTeam } from "../../api/services/teams";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, defaultTeamId, expectShape, freeze, listen } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

/** A signed-in user made an administrator (grade admin), as support staff are. */
async function signInAdmin(): Promise<Session> {
  const admin = await signIn(t, "ada@fairdraw.example", "Ada Admin");
  await t.db.update(users).set({ grade: "admin" }).where(eq(users.id, admin.userId));
  return admin;
}

/** A brand team (Olive owner, Max member, Max working in it) on the basic plan. */
async function brandTeam() {
  const owner = await signIn(t, "olive@brand.example", "Olive Owner");
  const member = await signIn(t, "max@brand.example", "Max Member");
  const team = await createTeam(t.db, t.deps.clock, { name: "Brand", ownerId: owner.userId });
  await t.db.update(users).set({ currentTeamId: team.id }).where(eq(users.id, owner.userId));
  await addMember(t, team.id, member);
  return { owner, member, team };
}

async function addContest(teamId: string, name: string, status: string, extra: { deletedAt?: string } = {}) {
  const now = new Date().toISOString();
  const id = newId();
  await t.db
    .insert(contests)
    .values({ id, teamId, name, status, entriesCount: 10, createdAt: now, updatedAt: now, ...extra });
  return id;
}

const ROUTES = [
  ["GET", "/api/v1/admin/users"],
  ["GET", "/api/v1/admin/contests"],
  ["GET", "/api/v1/admin/stats"],
  ["POST", "/api/v1/admin/teams/:teamId/plan"],
  ["POST", "/api/v1/admin/teams/:teamId/freeze"],
] as const;

describe("who may call the admin routes", () => {
  it("refuses a signed-in user who is not an admin with 403 permissionsForbidden, and nobody with 401", async () => {
    t = await createTestApp();
    const { owner, team } = await brandTeam();
    for (const [method, path] of ROUTES) {
      const url = path.replace(":teamId", team.id);
      const body = method === "POST" ? { plan: "business", limit_date: null } : undefined;
      const res = await owner.call(method, url, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error).toBe("permissionsForbidden");
      const anonymous = await t.app.request(url, { method });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
    }
    expect((await first(t.db.select().from(teams).where(eq(teams.id, team.id))))?.plan).toBe("basic");
  });

  it("lets an admin in whatever their own team is, even a frozen one", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    await freeze(t, await defaultTeamId(t, admin.userId));
    expect((await admin.call("GET", "/api/v1/teams/current/members/list")).status).toBe(402);
    expect((await admin.call("GET", "/api/v1/admin/stats")).status).toBe(200);
  });
});

describe("GET /api/v1/admin/users", () => {
  it("finds users by a part of their e-mail or name, whatever the case, with their teams and roles", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { owner, team } = await brandTeam();
    const byMail = await (await admin.call("GET", "/api/v1/admin/users?q=BRAND.EXAMPLE")).json();
    expect(byMail.data.map((u: { email: string }) => u.email).sort()).toEqual([
      "max@brand.example",
      "olive@brand.example",
    ]);
    expect(byMail.meta).toEqual({ page: 1, per_page: 25, total: 2 });
    const byName = await (await admin.call("GET", "/api/v1/admin/users?q=olive%20ow")).json();
    expect(byName.data).toHaveLength(1);
    const olive = byName.data[0];
    expect(olive).toMatchObject({ _id: owner.userId, name: "Olive Owner", grade: null, deleted_at: null });
    const brand = olive.teams.find((x: { _id: string }) => x._id === team.id);
    expect(brand).toMatchObject({
      name: "Brand",
      plan: "basic",
      role: "owner",
      members_count: 2,
      frozen: null,
    });
    const { role: _r, members_count: _m, ...stored } = brand;
    expectShape("stored/team", stored);
  });

  it("lists everyone newest first a page at a time when nothing is searched", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    await brandTeam();
    const all = await (await admin.call("GET", "/api/v1/admin/users?per_page=2")).json();
    expect(all.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(all.data).toHaveLength(2);
    const second = await (await admin.call("GET", "/api/v1/admin/users?per_page=2&page=2")).json();
    expect(second.data).toHaveLength(1);
    expect(second.data[0].grade).toBe("admin");
  });

  it("reads % and _ in a search as themselves, not as wildcards", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    await brandTeam();
    for (const q of ["%", "_", "o%e", "\\"]) {
      const res = await admin.call("GET", `/api/v1/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect((await res.json()).data, q).toEqual([]);
    }
  });

  it("refuses a bad page or a search too long with 422 and the query's field", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const page = await admin.call("GET", "/api/v1/admin/users?page=0");
    expect(page.status).toBe(422);
    expect(Object.keys((await page.json()).errors)).toEqual(["page"]);
    const long = await admin.call("GET", `/api/v1/admin/users?q=${"a".repeat(201)}`);
    expect(long.status).toBe(422);
    expect(Object.keys((await long.json()).errors)).toEqual(["q"]);
  });
});

describe("GET /api/v1/admin/contests", () => {
  it("lists the contests of every team with their team, drafts included, deleted ones left out", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    const other = await createTeam(t.db, t.deps.clock, {
      name: "Other",
      ownerId: admin.userId,
      plan: "business",
    });
    await addContest(team.id, "Brand summer", "started");
    await addContest(other.id, "Other draft", "draft");
    await addContest(other.id, "Gone", "ended", { deletedAt: new Date().toISOString() });
    const body = await (await admin.call("GET", "/api/v1/admin/contests")).json();
    expect(body.meta.total).toBe(2);
    const byName = Object.fromEntries(body.data.map((c: { name: string }) => [c.name, c]));
    expect(byName["Brand summer"]).toMatchObject({
      status: "started",
      entries_count: 10,
      team: { _id: team.id, name: "Brand", plan: "basic" },
    });
    expect(byName["Other draft"].team).toMatchObject({ name: "Other", plan: "business" });
  });

  it("filters by one or more statuses and by name, and refuses an unknown status with 422", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    await addContest(team.id, "Planned one", "planned");
    await addContest(team.id, "Started one", "started");
    await addContest(team.id, "Ended one", "ended");
    const names = async (query: string) =>
      (await (await admin.call("GET", `/api/v1/admin/contests?${query}`)).json()).data
        .map((c: { name: string }) => c.name)
        .sort();
    expect(await names("status=planned")).toEqual(["Planned one"]);
    expect(await names("status=planned,ended")).toEqual(["Ended one", "Planned one"]);
    expect(await names("q=start")).toEqual(["Started one"]);
    const bad = await admin.call("GET", "/api/v1/admin/contests?status=lost");
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(["status"]);
  });
});

describe("GET /api/v1/admin/stats", () => {
  it("counts users, teams by plan, frozen teams, contests by status, entries and the week's sign-ins", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    await freeze(t, team.id);
    await addContest(team.id, "A", "started");
    await addContest(team.id, "B", "draft");
    // A session opened 10 days ago (and used since) is not a sign-in of this week.
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await t.db.update(sessions).set({ createdAt: old }).where(eq(sessions.userId, admin.userId));
    const stats = await (await admin.call("GET", "/api/v1/admin/stats")).json();
    expect(stats.users).toEqual({ total: 3, admins: 1, deleted: 0 });
    // Three default teams on basic (one a user) plus the brand team.
    expect(stats.teams.total).toBe(4);
    expect(stats.teams.by_plan).toMatchObject({ basic: 4, business: 0, enterprise: 0 });
    expect(stats.teams.frozen).toBe(1);
    expect(stats.contests.by_status).toMatchObject({ started: 1, draft: 1, planned: 0, ended: 0 });
    expect(stats.contests.total).toBe(2);
    expect(stats.entries).toBe(20);
    expect(stats.sign_ins_7d).toBe(2);
    expect(stats.active_users_7d).toBe(3);
  });
});

describe("POST /api/v1/admin/teams/:teamId/plan", () => {
  it("sets the plan, answers the team and tells every member to refresh", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { owner, member, team } = await brandTeam();
    const heardByOwner = listen(t, owner.userId, team.id);
    // Max's browser works in another team: the brand team's plan is still in his list of teams.
    const heardByMember = listen(t, member.userId, null);
    const res = await admin.call("POST", `/api/v1/admin/teams/${team.id}/plan`, { plan: "professional" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectShape("stored/team", body);
    expect(body).toMatchObject({ _id: team.id, plan: "professional" });
    expect(body.features).toEqual(t.deps.catalog.plans.get("professional")?.features);
    expect(heardByOwner).toEqual(["refresh_user"]);
    expect(heardByMember).toEqual(["refresh_user"]);
    const me = await (await owner.call("GET", "/api/v1/users/me")).json();
    expect(me.currentTeam.plan).toBe("professional");
  });

  it.each([
    ["an unknown plan", { plan: "gold" }],
    ["a plan that is not text", { plan: 3 }],
    ["no plan", {}],
  ])("refuses %s with 422 on plan", async (_, body) => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    const res = await admin.call("POST", `/api/v1/admin/teams/${team.id}/plan`, body);
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.error).toBe("validation");
    expect(Object.keys(answer.errors)).toEqual(["plan"]);
    expect((await first(t.db.select().from(teams).where(eq(teams.id, team.id))))?.plan).toBe("basic");
  });

  it("answers 404 for a team that does not exist or was deleted", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    await t.db.update(teams).set({ deletedAt: new Date().toISOString() }).where(eq(teams.id, team.id));
    for (const id of ["0123456789abcdef01234567", team.id]) {
      const res = await admin.call("POST", `/api/v1/admin/teams/${id}/plan`, { plan: "business" });
      expect(res.status).toBe(404);
    }
  });
});

describe("POST /api/v1/admin/teams/:teamId/freeze", () => {
  it("freezes a team: its members get 402 with the limit date on the team's calls, until it is lifted", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { owner, member, team } = await brandTeam();
    const heard = listen(t, member.userId, team.id);
    const res = await admin.call("POST", `/api/v1/admin/teams/${team.id}/freeze`, {
      limit_date: "2030-01-31T12:00:00+02:00",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectShape("stored/team", body);
    expect(body.frozen).toEqual({ limit_date: "2030-01-31T10:00:00.000Z" });
    expect(heard).toEqual(["refresh_user"]);
    for (const who of [owner, member]) {
      const blocked = await who.call("GET", "/api/v1/teams/current/members/list");
      expect(blocked.status).toBe(402);
      expect(await blocked.json()).toMatchObject({
        error: "teamFrozen",
        limit_date: "2030-01-31T10:00:00.000Z",
      });
    }
    const lifted = await admin.call("POST", `/api/v1/admin/teams/${team.id}/freeze`, { limit_date: null });
    expect((await lifted.json()).frozen).toBeNull();
    expect((await member.call("GET", "/api/v1/teams/current/members/list")).status).toBe(200);
  });

  it.each([
    ["a day that does not exist", "2030-02-30"],
    ["text that is no date", "next Monday"],
    ["a number", 1_900_000_000_000],
    ["a date past the year 275760", "999999-01-01"],
  ])("refuses %s with 422 on limit_date", async (_, limitDate) => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    const res = await admin.call("POST", `/api/v1/admin/teams/${team.id}/freeze`, { limit_date: limitDate });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["limit_date"]);
    expect((await first(t.db.select().from(teams).where(eq(teams.id, team.id))))?.frozenLimitDate).toBeNull();
  });

  it("needs limit_date in the body (null to lift)", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    const res = await admin.call("POST", `/api/v1/admin/teams/${team.id}/freeze`, {});
    expect(res.status).toBe(422);
    expect((await res.json()).errors.limit_date).toEqual(["Is required."]);
  });
});

describe("bad input from an admin", () => {
  const EDGE = [
    null,
    true,
    0,
    -1,
    "",
    " ",
    "x".repeat(200_000),
    "\ud800",
    [],
    [{ a: 1 }],
    {},
    { __proto__: { polluted: "yes" } },
  ];
  const QUERIES = [
    "page=-1",
    "page=1e3",
    "per_page=0",
    "per_page=101",
    "q=%",
    "q=%zz",
    "q=%ED%A0%80",
    `q=${"%F0%9F%98%80".repeat(300)}`,
    "status=",
    "status=,,",
    "status=__proto__",
    "status=draft&status=ended",
    "page=__proto__",
  ];

  it("never answers a 500: every body field and query value of the edge cases gets a 4xx or a 200", async () => {
    t = await createTestApp();
    const admin = await signInAdmin();
    const { team } = await brandTeam();
    const wrong: string[] = [];
    const raw = (path: string, text: string) =>
      t.app.request(path, {
        method: "POST",
        headers: {
          cookie: admin.cookie,
          "x-csrf-token": admin.csrf,
          "x-requested-with": "XMLHttpRequest",
          "content-type": "application/json",
        },
        body: text,
      });
    for (const [field, path] of [
      ["plan", "plan"],
      ["limit_date", "freeze"],
    ] as const) {
      const url = `/api/v1/admin/teams/${team.id}/${path}`;
      for (const value of EDGE) {
        const res = await admin.call("POST", url, { [field]: value });
        // Only a null limit_date is valid (it lifts a freeze); every other value is a 422.
        const want = field === "limit_date" && value === null ? 200 : 422;
        if (res.status !== want) wrong.push(`${path} ${JSON.stringify(value)?.slice(0, 40)}: ${res.status}`);
      }
      for (const text of ["", "{", "[]", "null", '"plan"', `${"[".repeat(5000)}${"]".repeat(5000)}`]) {
        const res = await raw(url, text);
        if (res.status !== 400) wrong.push(`${path} raw ${text.slice(0, 20)}: ${res.status}`);
      }
    }
    for (const route of ["users", "contests", "stats"]) {
      for (const query of QUERIES) {
        const res = await admin.call("GET", `/api/v1/admin/${route}?${query}`);
        if (res.status >= 500) wrong.push(`${route}?${query.slice(0, 40)}: ${res.status}`);
      }
    }
    for (const id of ["%", "%zz", "..", "__proto__", "x".repeat(5000)]) {
      const res = await admin.call("POST", `/api/v1/admin/teams/${id}/plan`, { plan: "basic" });
      if (res.status !== 404 && res.status !== 400) wrong.push(`team ${id.slice(0, 20)}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
    expect("polluted" in {}).toBe(false);
  });
});
