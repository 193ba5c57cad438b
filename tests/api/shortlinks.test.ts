import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first, rawAll } from "../../api/db/query";
import { shortlinks, shortlinkVisitors, teamMembers, teams, users } from "../../api/db/tables";
import { fromAddress, type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { expectShape } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const CREATE = "/api/v1/teams/current/shortlinks/create";
const LIST = "/api/v1/teams/current/shortlinks/list";
const TARGET = "https://brand.example/spring-giveaway?utm_source=fairdraw";

async function teamIdOf(s: Session): Promise<string> {
  const id = (await first(t.db.select().from(users).where(eq(users.id, s.userId))))?.currentTeamId;
  if (!id) throw new Error("no current team");
  return id;
}

/** Olive, owner of her default team on the given plan (business has shortlinksCustomKey). */
async function owner(plan = "business") {
  const s = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await teamIdOf(s);
  await t.db.update(teams).set({ plan }).where(eq(teams.id, teamId));
  return { s, teamId };
}

async function memberWith(teamId: string, email: string, permissions: Record<string, boolean>) {
  const s = await signIn(t, email, email.split("@")[0]);
  await t.db
    .insert(teamMembers)
    .values({ teamId, userId: s.userId, role: "member", permissions, createdAt: new Date().toISOString() });
  await t.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, s.userId));
  return s;
}

/** A visit to the redirect, as a browser behind the given address. */
function visit(key: string, opts: { ip?: string; ua?: string; host?: string } = {}) {
  return t.app.request(
    `/s/${key}`,
    {
      headers: {
        "user-agent": opts.ua ?? "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
        ...(opts.host ? { host: opts.host } : {}),
      },
    },
    fromAddress(opts.ip ?? "203.0.113.7"),
  );
}

async function rowOf(id: string) {
  const row = await first(t.db.select().from(shortlinks).where(eq(shortlinks.id, id)));
  if (!row) throw new Error(`no shortlink ${id}`);
  return row;
}

describe("creating a shortlink", () => {
  it("draws a random 6-character key when none is given", async () => {
    t = await createTestApp();
    const { s } = await owner("basic");
    const res = await s.call("POST", CREATE, { type: "random", domain: "fdraw.co", key: null, url: TARGET });
    expect(res.status).toBe(201);
    const link = await res.json();
    expectShape("stored/shortlink", link);
    expect(link).toMatchObject({
      type: "random",
      domain: "fdraw.co",
      url: TARGET,
      nb_visits: 0,
      nb_uniq_visits: 0,
    });
    expect(link.key).toMatch(/^[A-Za-z0-9]{6}$/);

    const keys = new Set([link.key]);
    for (let i = 0; i < 20; i++) {
      const more = await s.call("POST", CREATE, { type: "random", domain: "fdr.aw", url: TARGET });
      keys.add((await more.json()).key);
    }
    expect(keys.size).toBe(21);
  });

  it("keeps a custom key for a team with the shortlinksCustomKey feature", async () => {
    t = await createTestApp();
    const { s } = await owner("business");
    const res = await s.call("POST", CREATE, {
      type: "custom",
      domain: "drw.to",
      key: "Spring-2026",
      url: TARGET,
    });
    expect(res.status).toBe(201);
    const link = await res.json();
    expectShape("stored/shortlink", link);
    expect(link).toMatchObject({ type: "custom", domain: "drw.to", key: "Spring-2026" });
  });

  it("refuses a custom key without the feature: 422 on key", async () => {
    t = await createTestApp();
    const { s } = await owner("basic");
    const res = await s.call("POST", CREATE, {
      type: "custom",
      domain: "fdraw.co",
      key: "spring",
      url: TARGET,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ key: ["You don't have access to that feature."] });
    expect(await t.db.select().from(shortlinks)).toEqual([]);
  });

  it("refuses a key already used on that domain, by any team, and takes it on another domain", async () => {
    t = await createTestApp();
    const { s } = await owner("business");
    const body = { type: "custom", domain: "fdraw.co", key: "spring", url: TARGET };
    expect((await s.call("POST", CREATE, body)).status).toBe(201);

    const again = await s.call("POST", CREATE, body);
    expect(again.status).toBe(422);
    expect((await again.json()).errors).toEqual({ key: ["This key is already used on this domain."] });

    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    await t.db
      .update(teams)
      .set({ plan: "enterprise" })
      .where(eq(teams.id, await teamIdOf(oscar)));
    expect((await oscar.call("POST", CREATE, body)).status).toBe(422);

    expect((await s.call("POST", CREATE, { ...body, domain: "fdr.aw" })).status).toBe(201);
  });

  it("answers 422 with the field paths for a bad key, url, domain or type", async () => {
    t = await createTestApp();
    const { s } = await owner("business");
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "custom", domain: "fdraw.co", key: "ab", url: TARGET }, "key"],
      [{ type: "custom", domain: "fdraw.co", key: "no spaces!", url: TARGET }, "key"],
      [{ type: "custom", domain: "fdraw.co", key: "a".repeat(129), url: TARGET }, "key"],
      [{ type: "custom", domain: "fdraw.co", key: "", url: TARGET }, "key"],
      [{ type: "random", domain: "fdraw.co", url: "ftp://files.example/x" }, "url"],
      [{ type: "random", domain: "fdraw.co", url: "javascript:alert(1)" }, "url"],
      [{ type: "random", domain: "fdraw.co" }, "url"],
      [{ type: "random", domain: "bit.ly", url: TARGET }, "domain"],
      [{ type: "short", domain: "fdraw.co", url: TARGET }, "type"],
    ];
    for (const [body, field] of cases) {
      const res = await s.call("POST", CREATE, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const { error, errors } = await res.json();
      expect(error).toBe("validation");
      expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
    }
    expect(await t.db.select().from(shortlinks)).toEqual([]);
  });

  it("needs team.shortlinks.create_shortlink", async () => {
    t = await createTestApp();
    const { teamId } = await owner("business");
    const member = await memberWith(teamId, "mia@brand.example", { "team.shortlinks.view_shortlink": true });
    const res = await member.call("POST", CREATE, { type: "random", domain: "fdraw.co", url: TARGET });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("permissionsForbidden");
    expect((await t.app.request(LIST)).status).toBe(401);
  });
});

describe("listing and reading shortlinks", () => {
  it("lists the team's shortlinks newest first, and only the team's", async () => {
    let now = Date.parse("2026-03-01T10:00:00.000Z");
    t = await createTestApp({ clock: () => new Date(now) });
    const { s } = await owner("business");
    for (const key of ["first", "second", "third"]) {
      now += 60_000;
      await s.call("POST", CREATE, { type: "custom", domain: "fdraw.co", key, url: TARGET });
    }
    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    await oscar.call("POST", CREATE, { type: "random", domain: "fdraw.co", url: TARGET });

    const res = await s.call("GET", LIST);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.map((l: { key: string }) => l.key)).toEqual(["third", "second", "first"]);
    for (const link of data) expectShape("stored/shortlink", link);
    const lastTwo = await (await s.call("GET", `${LIST}?limit=2`)).json();
    expect(lastTwo.data.map((l: { key: string }) => l.key)).toEqual(["third", "second"]);
  });

  it("reads one shortlink by id or key, and not another team's", async () => {
    t = await createTestApp();
    const { s } = await owner("business");
    const link = await (
      await s.call("POST", CREATE, { type: "custom", domain: "fdr.aw", key: "summer", url: TARGET })
    ).json();
    const byId = await s.call("GET", `/api/v1/teams/current/shortlinks/${link._id}`);
    expect(byId.status).toBe(200);
    expect(await byId.json()).toEqual(link);
    const byKey = await s.call("GET", "/api/v1/teams/current/shortlinks/summer");
    expect(await byKey.json()).toEqual(link);

    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    const theirs = await oscar.call("GET", `/api/v1/teams/current/shortlinks/${link._id}`);
    expect(theirs.status).toBe(404);
  });

  it("needs team.shortlinks.view_shortlink", async () => {
    t = await createTestApp();
    const { teamId } = await owner("business");
    const member = await memberWith(teamId, "mia@brand.example", {});
    expect((await member.call("GET", LIST)).status).toBe(403);
  });
});

describe("the redirect /s/{key}", () => {
  it("sends a visitor on with a 302 and counts visits and unique visitors", async () => {
    t = await createTestApp();
    const { s } = await owner("business");
    const link = await (
      await s.call("POST", CREATE, { type: "random", domain: "fdraw.co", url: TARGET })
    ).json();

    const first = await visit(link.key);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(TARGET);
    expect(first.headers.get("cache-control")).toBe("no-store");
    await visit(link.key);
    expect(await rowOf(link._id)).toMatchObject({ nbVisits: 2, nbUniqVisits: 1 });

    // Another browser at the same address is another visitor; so is the same browser elsewhere.
    await visit(link.key, { ua: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1" });
    expect(await rowOf(link._id)).toMatchObject({ nbVisits: 3, nbUniqVisits: 2 });
    await visit(link.key, { ip: "198.51.100.23" });
    expect(await rowOf(link._id)).toMatchObject({ nbVisits: 4, nbUniqVisits: 3 });

    const listed = (await (await s.call("GET", LIST)).json()).data[0];
    expect(listed).toMatchObject({ nb_visits: 4, nb_uniq_visits: 3 });
  });

  it("counts a forged X-Forwarded-For as nothing, and believes it only from a TRUST_PROXY proxy", async () => {
    t = await createTestApp({ env: { trustProxy: ["10.0.0.0/8"] } });
    const { s } = await owner("business");
    const link = await (
      await s.call("POST", CREATE, { type: "random", domain: "fdraw.co", url: TARGET })
    ).json();
    const ua = { "user-agent": "Firefox/140.0" };
    // One client sending a new X-Forwarded-For each time is still one visitor.
    for (const forged of ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) {
      await t.app.request(
        `/s/${link.key}`,
        { headers: { ...ua, "x-forwarded-for": forged } },
        fromAddress("203.0.113.7"),
      );
    }
    expect(await rowOf(link._id)).toMatchObject({ nbVisits: 3, nbUniqVisits: 1 });
    // Behind our proxy, the address it forwards is the visitor's.
    for (const client of ["198.51.100.1", "198.51.100.2"]) {
      await t.app.request(
        `/s/${link.key}`,
        { headers: { ...ua, "x-forwarded-for": client } },
        fromAddress("10.0.0.2"),
      );
    }
    expect(await rowOf(link._id)).toMatchObject({ nbVisits: 5, nbUniqVisits: 3 });
  });

  it("keeps a keyed hash of each visitor, never the address or the browser", async () => {
    t = await createTestApp();
    const { s } = await owner("business");
    const link = await (
      await s.call("POST", CREATE, { type: "random", domain: "fdraw.co", url: TARGET })
    ).json();
    await visit(link.key, { ip: "203.0.113.7", ua: "Firefox/140.0" });
    await visit(link.key, { ip: "2001:db8::1", ua: "Firefox/140.0" });

    const rows = await t.db.select().from(shortlinkVisitors);
    expect(rows).toHaveLength(2);
    const dump = JSON.stringify(await rawAll(t.db, sql`SELECT * FROM shortlink_visitors`));
    for (const secret of ["203.0.113.7", "2001:db8::1", "Firefox"]) expect(dump).not.toContain(secret);
    for (const row of rows) expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);

    // The same visitor on another link gets another hash: visitors can't be followed across links.
    const other = await (
      await s.call("POST", CREATE, { type: "random", domain: "fdraw.co", url: TARGET })
    ).json();
    await visit(other.key, { ip: "203.0.113.7", ua: "Firefox/140.0" });
    const hashes = new Set((await t.db.select().from(shortlinkVisitors)).map((r) => r.visitorHash));
    expect(hashes.size).toBe(3);
  });

  it("resolves the key on the domain the request was made to, the default one on the app's own host", async () => {
    t = await createTestApp();
    const { s } = await owner("business");
    const onDefault = await (
      await s.call("POST", CREATE, { type: "custom", domain: "fdraw.co", key: "spring", url: TARGET })
    ).json();
    const onOther = await (
      await s.call("POST", CREATE, {
        type: "custom",
        domain: "drw.to",
        key: "spring",
        url: "https://brand.example/other",
      })
    ).json();

    const own = await visit("spring");
    expect(own.headers.get("location")).toBe(TARGET);
    const short = await visit("spring", { host: "drw.to" });
    expect(short.headers.get("location")).toBe("https://brand.example/other");
    const withPort = await visit("spring", { host: "FDRAW.CO:443" });
    expect(withPort.headers.get("location")).toBe(TARGET);
    expect((await rowOf(onDefault._id)).nbVisits).toBe(2);
    expect((await rowOf(onOther._id)).nbVisits).toBe(1);
    expect((await visit("spring", { host: "fdr.aw" })).status).toBe(404);
  });

  it("answers an unknown key with a plain-text 404, not the web app", async () => {
    t = await createTestApp();
    for (const key of ["nope42", "x", "not%20a%20key"]) {
      const res = await visit(key);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await res.text()).toBe("This short link does not exist.");
    }
  });
});
