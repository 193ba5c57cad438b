/**
 * A shortlink's visits over time: the redirect counts each visit in its UTC day's row, and
 * GET …/shortlinks/:id/statistics answers every day of a range with its visits and the visitors first seen that day.
 */

import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { DEMO_EMAIL, seedDemo } from "../../api/db/seed";
import { shortlinks, shortlinkVisitDays } from "../../api/db/tables";
import { fromAddress, type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { addMember, currentTeamId, setPlan } from "../helpers/world";

let t: TestApp;
afterEach(() => t.cleanup());

const CREATE = "/api/v1/teams/current/shortlinks/create";
const TARGET = "https://brand.example/spring-giveaway";
const statistics = (id: string, query = "") => `/api/v1/teams/current/shortlinks/${id}/statistics${query}`;

type Day = { day: string; visits: number; uniq_visits: number };

/** A test app whose clock the test moves; starts on 2026-03-10 at 09:00 UTC. */
async function appAt(start = "2026-03-10T09:00:00.000Z") {
  let now = Date.parse(start);
  t = await createTestApp({ clock: () => new Date(now) });
  return {
    set(iso: string) {
      now = Date.parse(iso);
    },
  };
}

/** Olive, owner of her default team on the given plan (business has shortlinks.statistics, basic not). */
async function owner(plan = "business") {
  const s = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t, s.userId);
  await setPlan(t, teamId, plan);
  return { s, teamId };
}

async function createLink(s: Session): Promise<{ _id: string; key: string }> {
  const res = await s.call("POST", CREATE, { type: "random", domain: "fdraw.co", url: TARGET });
  expect(res.status).toBe(201);
  return res.json();
}

function visit(key: string, ip = "203.0.113.7") {
  return t.app.request(`/s/${key}`, { headers: { "user-agent": "Firefox/140.0" } }, fromAddress(ip));
}

async function dayRows(id: string) {
  return await t.db
    .select({ day: shortlinkVisitDays.day, visits: shortlinkVisitDays.visits })
    .from(shortlinkVisitDays)
    .where(eq(shortlinkVisitDays.shortlinkId, id))
    .orderBy(shortlinkVisitDays.day);
}

describe("the day rows the redirect keeps", () => {
  it("counts two visits of one visitor on a day as 2 visits and 1 unique, and the next day apart", async () => {
    const clock = await appAt("2026-03-10T09:00:00.000Z");
    const { s } = await owner();
    const link = await createLink(s);

    await visit(link.key);
    clock.set("2026-03-10T23:59:59.999Z");
    await visit(link.key);
    expect(await dayRows(link._id)).toEqual([{ day: "2026-03-10", visits: 2 }]);

    // Midnight UTC starts the next day: the same visitor is a visit there, not a new unique one.
    clock.set("2026-03-11T00:00:00.000Z");
    await visit(link.key);
    await visit(link.key, "198.51.100.23");
    expect(await dayRows(link._id)).toEqual([
      { day: "2026-03-10", visits: 2 },
      { day: "2026-03-11", visits: 2 },
    ]);
    expect(await first(t.db.select().from(shortlinks).where(eq(shortlinks.id, link._id)))).toMatchObject({
      nbVisits: 4,
      nbUniqVisits: 2,
    });

    const res = await s.call("GET", statistics(link._id, "?from=2026-03-10&to=2026-03-11"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      from: "2026-03-10",
      to: "2026-03-11",
      time_zone: "UTC",
      days: [
        { day: "2026-03-10", visits: 2, uniq_visits: 1 },
        { day: "2026-03-11", visits: 2, uniq_visits: 1 },
      ],
    });
  });

  it("keeps the links' days apart", async () => {
    await appAt();
    const { s } = await owner();
    const first = await createLink(s);
    const second = await createLink(s);
    await visit(first.key);
    await visit(second.key);
    await visit(second.key);
    expect(await dayRows(first._id)).toEqual([{ day: "2026-03-10", visits: 1 }]);
    expect(await dayRows(second._id)).toEqual([{ day: "2026-03-10", visits: 2 }]);
  });
});

describe("GET …/shortlinks/:id/statistics", () => {
  it("answers the last 30 days by default, today included, days without visits at 0", async () => {
    const clock = await appAt("2026-03-01T12:00:00.000Z");
    const { s } = await owner();
    const link = await createLink(s);
    await visit(link.key);
    await visit(link.key, "198.51.100.23");
    clock.set("2026-03-05T08:00:00.000Z");
    await visit(link.key);
    await visit(link.key, "192.0.2.44");
    clock.set("2026-03-14T18:30:00.000Z");

    const res = await s.call("GET", statistics(link._id));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { from: string; to: string; days: Day[] };
    expect(body).toMatchObject({ from: "2026-02-13", to: "2026-03-14", time_zone: "UTC" });
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({ day: "2026-02-13", visits: 0, uniq_visits: 0 });
    expect(body.days.at(-1)).toEqual({ day: "2026-03-14", visits: 0, uniq_visits: 0 });
    expect(body.days.filter((d) => d.visits > 0)).toEqual([
      { day: "2026-03-01", visits: 2, uniq_visits: 2 },
      { day: "2026-03-05", visits: 2, uniq_visits: 1 },
    ]);
    // Every day once, in order, across the end of February.
    const days = body.days.map((d) => d.day);
    expect(days.slice(14, 18)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(new Set(days).size).toBe(30);
  });

  it("takes a range of days, both ends included, to defaulting to today and from to 29 days before to", async () => {
    const clock = await appAt("2026-03-10T09:00:00.000Z");
    const { s } = await owner();
    const link = await createLink(s);
    await visit(link.key);
    clock.set("2026-03-12T09:00:00.000Z");
    await visit(link.key);

    const one = await (await s.call("GET", statistics(link._id, "?from=2026-03-10&to=2026-03-10"))).json();
    expect(one.days).toEqual([{ day: "2026-03-10", visits: 1, uniq_visits: 1 }]);

    const untilToday = await (await s.call("GET", statistics(link._id, "?from=2026-03-09"))).json();
    expect(untilToday.days.map((d: Day) => [d.day, d.visits])).toEqual([
      ["2026-03-09", 0],
      ["2026-03-10", 1],
      ["2026-03-11", 0],
      ["2026-03-12", 1],
    ]);

    const endingOn = await (await s.call("GET", statistics(link._id, "?to=2026-03-11"))).json();
    expect(endingOn).toMatchObject({ from: "2026-02-10", to: "2026-03-11" });
    expect(endingOn.days).toHaveLength(30);

    const lastDays = await s.call("GET", statistics(link._id, "?from=9999-12-30&to=9999-12-31"));
    expect((await lastDays.json()).days.map((d: Day) => d.day)).toEqual(["9999-12-30", "9999-12-31"]);

    const leapYear = await s.call("GET", statistics(link._id, "?from=2024-01-01&to=2024-12-31"));
    expect(leapYear.status).toBe(200);
    expect((await leapYear.json()).days).toHaveLength(366);
  });

  it("reads a shortlink by its key too (?domain= to choose the domain)", async () => {
    await appAt();
    const { s } = await owner();
    const res = await s.call("POST", CREATE, {
      type: "custom",
      domain: "drw.to",
      key: "spring",
      url: TARGET,
    });
    expect(res.status).toBe(201);
    const byKey = await s.call("GET", statistics("spring", "?domain=drw.to&from=2026-03-10&to=2026-03-10"));
    expect(byKey.status).toBe(200);
    expect((await byKey.json()).days).toEqual([{ day: "2026-03-10", visits: 0, uniq_visits: 0 }]);
  });

  it("answers 422 with the field paths for a bad range", async () => {
    await appAt();
    const { s } = await owner();
    const link = await createLink(s);
    const cases: [string, Record<string, string[]>][] = [
      ["?from=2026-3-1", { from: ["Must be a valid date."] }],
      ["?from=2026-02-30&to=2026-03-10", { from: ["Must be a valid date."] }],
      ["?to=tomorrow", { to: ["Must be a valid date."] }],
      ["?from=yesterday&to=2026-13-01", { from: ["Must be a valid date."], to: ["Must be a valid date."] }],
      ["?from=2026-03-11&to=2026-03-10", { from: ["Must not be after the end of the period."] }],
      ["?from=2026-03-11", { from: ["Must not be after the end of the period."] }],
      ["?from=2025-03-09&to=2026-03-10", { from: ["The period may not be longer than 366 days."] }],
    ];
    for (const [query, errors] of cases) {
      const res = await s.call("GET", statistics(link._id, query));
      expect(res.status, query).toBe(422);
      expect(await res.json(), query).toEqual({
        error: "validation",
        message: "The given data was invalid.",
        errors,
      });
    }
    // 367 days is one too many; 366 is the most.
    expect((await s.call("GET", statistics(link._id, "?from=2025-03-10&to=2026-03-10"))).status).toBe(200);
  });

  it("answers the range errors in the request's language", async () => {
    await appAt();
    const { s } = await owner();
    const link = await createLink(s);
    const res = await s.call("GET", statistics(link._id, "?from=2026-03-11&to=2026-03-10"), undefined, {
      cookie: `${s.cookie}; locale=fr`,
    });
    expect((await res.json()).errors).toEqual({ from: ["Ne doit pas être après la fin de la période."] });
  });

  it("refuses a plan without shortlinks.statistics with 403 planNotSupported", async () => {
    await appAt();
    const { s, teamId } = await owner("business");
    const link = await createLink(s);
    await setPlan(t, teamId, "basic");
    const res = await s.call("GET", statistics(link._id));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: "planNotSupported",
      message: "Your plan does not include shortlink statistics: change your plan to see them.",
    });
  });

  it("needs team.shortlinks.view_shortlink, and answers 404 for another team's shortlink or none", async () => {
    await appAt();
    const { s, teamId } = await owner();
    const link = await createLink(s);

    const mia = await signIn(t, "mia@brand.example", "Mia");
    await addMember(t, teamId, mia, {});
    const refused = await mia.call("GET", statistics(link._id));
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("permissionsForbidden");

    const max = await signIn(t, "max@brand.example", "Max");
    await addMember(t, teamId, max, { "team.shortlinks.view_shortlink": true });
    expect((await max.call("GET", statistics(link._id))).status).toBe(200);

    const oscar = await signIn(t, "oscar@other.example", "Oscar");
    await setPlan(t, await currentTeamId(t, oscar.userId), "business");
    expect((await oscar.call("GET", statistics(link._id))).status).toBe(404);
    expect((await s.call("GET", statistics("nope42"))).status).toBe(404);
    expect((await t.app.request(statistics(link._id))).status).toBe(401);
  });
});

describe("the demo seed", () => {
  it("gives the demo team a shortlink with three weeks of visits that agree with its counts", async () => {
    await appAt("2026-06-01T12:00:00.000Z");
    expect(await seedDemo(t.db, t.deps.clock)).toEqual({ seeded: true });
    const demo = await signIn(t, DEMO_EMAIL);
    const link = await (await demo.call("GET", "/api/v1/teams/current/shortlinks/demo-spring")).json();
    const res = await demo.call("GET", statistics(link._id, "?from=2026-05-01&to=2026-06-01"));
    expect(res.status).toBe(200);
    const { days } = (await res.json()) as { days: Day[] };
    const visited = days.filter((d) => d.visits > 0);
    expect(visited.length).toBeGreaterThanOrEqual(3);
    expect(visited[0]?.day).toBe("2026-05-12");
    expect(days.at(-1)?.visits).toBeGreaterThan(0);
    expect(days.reduce((sum, d) => sum + d.visits, 0)).toBe(link.nb_visits);
    expect(days.reduce((sum, d) => sum + d.uniq_visits, 0)).toBe(link.nb_uniq_visits);
    for (const d of days) expect(d.uniq_visits).toBeLessThanOrEqual(d.visits);
  });
});
