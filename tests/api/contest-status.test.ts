import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { first } from "../../api/db/query";
import { contests, jobs } from "../../api/db/tables";
import { newId } from "../../api/ids";
import { createLogger } from "../../api/logger";
import { runDueJobs, SCHEDULER_TICK_MS, startScheduler } from "../../api/scheduler";
import { moveStatus } from "../../api/services/contest-status";
import type { RealtimeEvent } from "../../api/services/realtime";
import { signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { currentTeamId } from "../helpers/world";

let t: TestApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.cleanup();
  t = undefined;
});

const T0 = Date.parse("2030-06-01T10:00:00.000Z");
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A test app whose clock the test moves by hand, and a team with a socket listening to it. */
async function world() {
  let now = T0;
  t = await createTestApp({ clock: () => new Date(now) });
  const s = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t, s.userId);
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

/** A contest row written directly (no builder form): the scheduler adopts it at its next tick. */
async function contestOf(
  app: TestApp,
  teamId: string,
  values: Partial<typeof contests.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await app.db.insert(contests).values({
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
  });
  return id;
}

async function statusOf(app: TestApp, id: string) {
  return (await first(app.db.select().from(contests).where(eq(contests.id, id))))?.status;
}

/** One scheduler tick, then what it pushed has reached this process's sockets (after LISTEN on PostgreSQL). */
async function tick(app: TestApp) {
  const { moves } = await runDueJobs(app.deps);
  await app.deps.realtime.settled();
  return moves;
}

describe("advancing contest statuses on the server clock", () => {
  it("moves a tunnel contest planned → started → closed as the clock passes its dates, once each", async () => {
    const w = await world();
    const id = await contestOf(w.app, w.teamId);

    expect(await tick(w.app)).toEqual([]);
    w.setNow(T0 + HOUR - 1);
    expect(await tick(w.app)).toEqual([]);
    expect(await statusOf(w.app, id)).toBe("planned");

    w.setNow(T0 + HOUR);
    expect(await tick(w.app)).toEqual([
      { contest_id: id, team_id: w.teamId, from: "planned", to: "started" },
    ]);
    expect(await statusOf(w.app, id)).toBe("started");
    expect(await tick(w.app)).toEqual([]);

    w.setNow(T0 + 2 * HOUR + 5000);
    expect(await tick(w.app)).toEqual([{ contest_id: id, team_id: w.teamId, from: "started", to: "closed" }]);
    expect(await tick(w.app)).toEqual([]);
    w.setNow(T0 + 100 * HOUR);
    expect(await tick(w.app)).toEqual([]);

    const row = await first(w.app.db.select().from(contests).where(eq(contests.id, id)));
    expect(row).toMatchObject({
      status: "closed",
      startAt: iso(T0 + HOUR),
      closeAt: iso(T0 + 2 * HOUR),
      startedAt: iso(T0 + HOUR),
      closedAt: iso(T0 + 2 * HOUR + 5000),
      entriesLoadedAt: iso(T0 + 2 * HOUR + 5000),
      drawnAt: null,
      canceledAt: null,
    });
    expect(w.heard).toEqual([
      { type: "load_contest", contest_id: id },
      { type: "load_contest", contest_id: id },
    ]);
  });

  it("cancels, rather than opening and closing at once, a planned contest whose start and close have both passed", async () => {
    const w = await world();
    const id = await contestOf(w.app, w.teamId);
    w.setNow(T0 + 3 * HOUR);
    expect(await tick(w.app)).toEqual([
      { contest_id: id, team_id: w.teamId, from: "planned", to: "canceled" },
    ]);
    expect(await statusOf(w.app, id)).toBe("canceled");
    expect(w.heard).toContainEqual({ type: "load_contest", contest_id: id });
  });

  it("leaves alone classic, draft, deleted, ended and canceled contests and dates it cannot read", async () => {
    const w = await world();
    const untouched = [
      await contestOf(w.app, w.teamId, { type: "classic", status: "started" }),
      await contestOf(w.app, w.teamId, { status: "draft" }),
      await contestOf(w.app, w.teamId, { deletedAt: iso(T0) }),
      await contestOf(w.app, w.teamId, { status: "ended" }),
      await contestOf(w.app, w.teamId, { status: "canceled" }),
      await contestOf(w.app, w.teamId, { startAt: null, closeAt: null }),
      await contestOf(w.app, w.teamId, { startAt: "not a date" }),
      await contestOf(w.app, w.teamId, { status: "started", closeAt: null }),
    ];
    w.setNow(T0 + 10 * HOUR);
    expect(await tick(w.app)).toEqual([]);
    expect(await Promise.all(untouched.map((id) => statusOf(w.app, id)))).toEqual([
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

  it("reads dates written with an offset or without milliseconds", async () => {
    const w = await world();
    const offset = await contestOf(w.app, w.teamId, { startAt: "2030-06-01T12:00:00+02:00", closeAt: null });
    const noMillis = await contestOf(w.app, w.teamId, { startAt: "2030-06-01T10:00:00Z", closeAt: null });
    const later = await contestOf(w.app, w.teamId, { startAt: "2030-06-01T10:00:01Z", closeAt: null });
    await tick(w.app);
    expect(await Promise.all([offset, noMillis, later].map((id) => statusOf(w.app, id)))).toEqual([
      "started",
      "started",
      "planned",
    ]);
  });

  it("pushes each change to the contest's own team only", async () => {
    const w = await world();
    const oscar = await signIn(w.app, "oscar@other.example", "Oscar");
    const otherTeam = await currentTeamId(w.app, oscar.userId);
    const theirs: RealtimeEvent[] = [];
    w.app.deps.realtime.add(
      { send: (data) => theirs.push(JSON.parse(data) as RealtimeEvent), close: () => {} },
      { userId: oscar.userId, teamId: otherTeam, sessionId: newId() },
    );
    const mine = await contestOf(w.app, w.teamId);
    const other = await contestOf(w.app, otherTeam, { startAt: iso(T0 + 2 * HOUR), closeAt: null });

    w.setNow(T0 + HOUR);
    await tick(w.app);
    w.setNow(T0 + 2 * HOUR);
    const changes = await tick(w.app);
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

  it("moves a status only from the status the move starts from, writing its timeline date", async () => {
    const w = await world();
    const id = await contestOf(w.app, w.teamId);
    const at = iso(T0);
    expect(await moveStatus(w.app.db, id, "closed", at)).toBeNull();
    expect(await moveStatus(w.app.db, id, "ended", at)).toBeNull();
    expect(await moveStatus(w.app.db, id, "started", at)).toEqual({
      contest_id: id,
      team_id: w.teamId,
      from: "planned",
      to: "started",
    });
    expect(await moveStatus(w.app.db, id, "started", at)).toBeNull();
    expect((await first(w.app.db.select().from(contests).where(eq(contests.id, id))))?.startedAt).toBe(at);
  });

  it("runs on a timer every SCHEDULER_TICK_MS until stopped", async () => {
    const w = await world();
    // Only the ticker's interval is faked: the database driver keeps its real timers (PostgreSQL's pool).
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const first = await contestOf(w.app, w.teamId, { startAt: iso(T0) });
    const stop = startScheduler(w.app.deps);
    expect(await statusOf(w.app, first)).toBe("planned");
    await vi.advanceTimersByTimeAsync(SCHEDULER_TICK_MS);
    // The tick's writes are I/O of their own: wait until they landed.
    await expect.poll(() => statusOf(w.app, first)).toBe("started");

    await stop();
    const second = await contestOf(w.app, w.teamId, { startAt: iso(T0) });
    await vi.advanceTimersByTimeAsync(10 * SCHEDULER_TICK_MS);
    expect(await statusOf(w.app, second)).toBe("planned");
  });

  it("logs a failed tick and tries again at the next one", async () => {
    const w = await world();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
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
    const id = await contestOf(w.app, w.teamId, { startAt: iso(T0) });
    const stop = startScheduler(deps, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect.poll(() => error.mock.calls.length).toBe(1);
    expect(await statusOf(w.app, id)).toBe("planned");
    broken = false;
    await vi.advanceTimersByTimeAsync(1000);
    await expect.poll(() => statusOf(w.app, id)).toBe("started");
    await stop();
    expect((await w.app.db.select().from(jobs).where(eq(jobs.contestId, id))).length).toBeGreaterThan(0);
  });
});
