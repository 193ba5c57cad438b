import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contests } from "../../api/db/schema";
import { newId } from "../../api/ids";
import { createLogger } from "../../api/logger";
import {
  advanceContestStatuses,
  dueStatus,
  STATUS_TICK_MS,
  startStatusTicker,
} from "../../api/services/contest-status";
import type { RealtimeEvent } from "../../api/services/realtime";
import { signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { currentTeamId } from "../helpers/world";

let t: TestApp | undefined;
afterEach(() => {
  vi.useRealTimers();
  t?.cleanup();
  t = undefined;
});

const T0 = Date.parse("2030-06-01T10:00:00.000Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A test app whose clock the test moves by hand, and a team with a socket listening to it. */
async function world() {
  let now = T0;
  t = createTestApp({ clock: () => new Date(now) });
  const s = await signIn(t, "olive@brand.example", "Olive");
  const teamId = currentTeamId(t, s.userId);
  const heard: RealtimeEvent[] = [];
  t.deps.realtime.add(
    { send: (data) => heard.push(JSON.parse(data) as RealtimeEvent), close: () => {} },
    { userId: s.userId, teamId, sessionId: newId() },
  );
  return {
    app: t,
    s,
    teamId,
    heard,
    setNow: (ms: number) => {
      now = ms;
    },
  };
}

function contestOf(app: TestApp, teamId: string, values: Partial<typeof contests.$inferInsert> = {}): string {
  const id = newId();
  app.db
    .insert(contests)
    .values({
      id,
      teamId,
      name: "Summer giveaway",
      type: "tunnel",
      status: "planned",
      startAt: iso(T0 + HOUR),
      closeAt: iso(T0 + 2 * HOUR),
      createdAt: iso(T0),
      updatedAt: iso(T0),
      ...values,
    })
    .run();
  return id;
}

function statusOf(app: TestApp, id: string) {
  return app.db.select().from(contests).where(eq(contests.id, id)).get()?.status;
}

describe("advancing contest statuses on the server clock", () => {
  it("moves a tunnel contest planned → started → closed as the clock passes its dates, once each", async () => {
    const w = await world();
    const id = contestOf(w.app, w.teamId);

    expect(advanceContestStatuses(w.app.deps)).toEqual([]);
    w.setNow(T0 + HOUR - 1);
    expect(advanceContestStatuses(w.app.deps)).toEqual([]);
    expect(statusOf(w.app, id)).toBe("planned");

    w.setNow(T0 + HOUR);
    expect(advanceContestStatuses(w.app.deps)).toEqual([
      { contest_id: id, team_id: w.teamId, from: "planned", to: "started" },
    ]);
    expect(statusOf(w.app, id)).toBe("started");
    expect(advanceContestStatuses(w.app.deps)).toEqual([]);

    w.setNow(T0 + 2 * HOUR + 5000);
    expect(advanceContestStatuses(w.app.deps)).toEqual([
      { contest_id: id, team_id: w.teamId, from: "started", to: "closed" },
    ]);
    expect(advanceContestStatuses(w.app.deps)).toEqual([]);
    w.setNow(T0 + 100 * HOUR);
    expect(advanceContestStatuses(w.app.deps)).toEqual([]);

    const row = w.app.db.select().from(contests).where(eq(contests.id, id)).get();
    expect(row).toMatchObject({
      status: "closed",
      startAt: iso(T0 + HOUR),
      closeAt: iso(T0 + 2 * HOUR),
      updatedAt: iso(T0 + 2 * HOUR + 5000),
      loadedAt: null,
      drawnAt: null,
      canceledAt: null,
    });
    expect(w.heard).toEqual([
      { type: "load_contest", contest_id: id },
      { type: "load_contest", contest_id: id },
    ]);
  });

  it("closes at once a planned contest whose start and close have both passed", async () => {
    const w = await world();
    const id = contestOf(w.app, w.teamId);
    w.setNow(T0 + 3 * HOUR);
    expect(advanceContestStatuses(w.app.deps)).toEqual([
      { contest_id: id, team_id: w.teamId, from: "planned", to: "closed" },
    ]);
    expect(w.heard).toEqual([{ type: "load_contest", contest_id: id }]);
  });

  it("leaves alone classic, draft, deleted, ended and canceled contests and dates it cannot read", async () => {
    const w = await world();
    const untouched = [
      contestOf(w.app, w.teamId, { type: "classic", status: "started" }),
      contestOf(w.app, w.teamId, { status: "draft" }),
      contestOf(w.app, w.teamId, { deletedAt: iso(T0) }),
      contestOf(w.app, w.teamId, { status: "ended" }),
      contestOf(w.app, w.teamId, { status: "canceled" }),
      contestOf(w.app, w.teamId, { startAt: null, closeAt: null }),
      contestOf(w.app, w.teamId, { startAt: "not a date" }),
      contestOf(w.app, w.teamId, { status: "started", closeAt: null }),
    ];
    w.setNow(T0 + 10 * HOUR);
    expect(advanceContestStatuses(w.app.deps)).toEqual([]);
    expect(untouched.map((id) => statusOf(w.app, id))).toEqual([
      "started",
      "draft",
      "planned",
      "ended",
      "canceled",
      "planned",
      "planned",
      "started",
    ]);
    expect(w.heard).toEqual([]);
  });

  it("reads dates written with an offset or without milliseconds", () => {
    const now = new Date("2030-06-01T10:00:00.000Z");
    const at = (startAt: string, closeAt: string | null = null) =>
      dueStatus({ status: "planned", startAt, closeAt }, now);
    expect(at("2030-06-01T12:00:00+02:00")).toBe("started");
    expect(at("2030-06-01T10:00:00Z")).toBe("started");
    expect(at("2030-06-01T10:00:01Z")).toBeNull();
    expect(at("2030-06-01T09:00:00Z", "2030-06-01T11:59:59+02:00")).toBe("closed");
  });

  it("pushes each change to the contest's own team only", async () => {
    const w = await world();
    const oscar = await signIn(w.app, "oscar@other.example", "Oscar");
    const otherTeam = currentTeamId(w.app, oscar.userId);
    const theirs: RealtimeEvent[] = [];
    w.app.deps.realtime.add(
      { send: (data) => theirs.push(JSON.parse(data) as RealtimeEvent), close: () => {} },
      { userId: oscar.userId, teamId: otherTeam, sessionId: newId() },
    );
    const mine = contestOf(w.app, w.teamId);
    const other = contestOf(w.app, otherTeam, { startAt: iso(T0 + 2 * HOUR), closeAt: null });

    w.setNow(T0 + HOUR);
    advanceContestStatuses(w.app.deps);
    w.setNow(T0 + 2 * HOUR);
    const changes = advanceContestStatuses(w.app.deps);
    expect(changes.map((c) => [c.contest_id, c.to]).sort()).toEqual(
      [
        [mine, "closed"],
        [other, "started"],
      ].sort(),
    );
    expect(w.heard).toEqual([
      { type: "load_contest", contest_id: mine },
      { type: "load_contest", contest_id: mine },
    ]);
    expect(theirs).toEqual([{ type: "load_contest", contest_id: other }]);
  });

  it("runs on a timer every STATUS_TICK_MS until stopped", async () => {
    const w = await world();
    vi.useFakeTimers();
    const first = contestOf(w.app, w.teamId, { startAt: iso(T0) });
    const stop = startStatusTicker(w.app.deps);
    expect(statusOf(w.app, first)).toBe("planned");
    vi.advanceTimersByTime(STATUS_TICK_MS);
    expect(statusOf(w.app, first)).toBe("started");

    stop();
    const second = contestOf(w.app, w.teamId, { startAt: iso(T0) });
    vi.advanceTimersByTime(10 * STATUS_TICK_MS);
    expect(statusOf(w.app, second)).toBe("planned");
  });

  it("logs a failed run and tries again at the next tick", async () => {
    const w = await world();
    vi.useFakeTimers();
    const logger = createLogger({ logLevel: "silent", nodeEnv: "test" });
    const error = vi.spyOn(logger, "error");
    let broken = true;
    const deps = {
      ...w.app.deps,
      logger,
      clock: () => {
        if (broken) throw new Error("clock unavailable");
        return new Date(T0);
      },
    };
    const id = contestOf(w.app, w.teamId, { startAt: iso(T0) });
    const stop = startStatusTicker(deps, 1000);
    vi.advanceTimersByTime(1000);
    expect(error).toHaveBeenCalledTimes(1);
    expect(statusOf(w.app, id)).toBe("planned");
    broken = false;
    vi.advanceTimersByTime(1000);
    expect(statusOf(w.app, id)).toBe("started");
    stop();
  });
});
