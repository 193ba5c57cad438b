import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobs, notifications } from "../../../api/db/tables";
import { sandboxDriver } from "../../../api/drivers/sandbox";
import { claimDueJobs, MAX_ATTEMPTS, startScheduler } from "../../../api/scheduler";
import { CLAIM_RENEW_MS } from "../../../api/scheduler/run";
import {
  buildWorld,
  contestRow,
  createContest,
  DAY,
  HOUR,
  iso,
  jobOf,
  MIN,
  T0,
  teamNotifications,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await w.t.cleanup();
});

/** Ticks at each due date of the contest's job of that kind until it is no longer pending (at most `max` ticks). */
async function tickUntilSettled(id: string, kind: string, max = 20): Promise<void> {
  for (let i = 0; i < max; i++) {
    const job = await jobOf(w, id, kind);
    if (job.status !== "pending") return;
    await w.tickAt(Math.max(w.now(), Date.parse(job.dueAt)));
  }
}

describe("retries of the scheduler's jobs", { timeout: 30_000 }, () => {
  it("never counts waiting as an attempt: an automatic draw due at the close waits out a long entries outage", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    (form.base as { autodraw: unknown }).autodraw = { enabled: true, date: iso(form.closeAt) };
    const id = await createContest(w, form);
    await w.tickAt(form.startAt);
    await w.tickAt(form.startAt + DAY);

    // The network answers no entries for 40 minutes: the close fails and backs off, the draw waits for it.
    const load = sandboxDriver.loadEntries;
    vi.spyOn(sandboxDriver, "loadEntries").mockImplementation(async (request) => {
      if (w.now() < form.closeAt + 40 * MIN) throw new Error("network down");
      return load(request);
    });
    for (let t = form.closeAt; t <= form.closeAt + 40 * MIN; t += MIN) await w.tickAt(t);
    expect((await contestRow(w, id)).status).toBe("started");
    expect(await jobOf(w, id, "autodraw")).toMatchObject({ status: "pending", attempts: 0 });
    expect((await jobOf(w, id, "close")).attempts).toBeLessThan(MAX_ATTEMPTS);

    await w.tickAt(form.closeAt + 2 * HOUR);
    await w.tickAt(form.closeAt + 2 * HOUR + MIN);
    expect((await contestRow(w, id)).status).toBe("ended");
    expect((await jobOf(w, id, "autodraw")).status).toBe("done");
  });

  it("fails a job for good after MAX_ATTEMPTS real failures and tells the team, then tries it again when the scheduler starts", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    const publish = vi.spyOn(sandboxDriver, "publish").mockRejectedValue(new Error("the network refused"));

    await tickUntilSettled(id, "start");
    const failed = await jobOf(w, id, "start");
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.lastError).toContain("the network refused");
    expect((await contestRow(w, id)).status).toBe("planned");
    expect(await teamNotifications(w)).toEqual(["contestJobFailed"]);
    const [told] = await w.t.db.select().from(notifications).where(eq(notifications.teamId, w.teamId));
    expect(told?.content).toMatchObject({
      data: { contest: { _id: id, name: "Coffee giveaway" }, job: { kind: "start" } },
      link: `/contest/${id}`,
    });

    // Whatever broke is fixed and the server restarts: its first tick puts the failed job back and runs it.
    publish.mockRestore();
    w.setNow(form.startAt + HOUR);
    vi.useFakeTimers();
    const stop = startScheduler(w.t.deps, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await stop();
    expect(await jobOf(w, id, "start")).toMatchObject({ status: "done", attempts: 1 });
    expect((await contestRow(w, id)).status).toBe("started");
  });

  it("puts a contest's failed jobs back to pending when its status moves", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    await w.tickAt(form.startAt);
    // An automatic draw that failed for good while it waited for the close (as the scheduler once counted it).
    const autodraw = await jobOf(w, id, "autodraw");
    await w.t.db
      .update(jobs)
      .set({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "NotReady: the contest is not closed" })
      .where(eq(jobs.id, autodraw.id));

    await w.tickAt(form.closeAt);
    expect((await contestRow(w, id)).status).toBe("closed");
    expect(await jobOf(w, id, "autodraw")).toMatchObject({ status: "pending", attempts: 0 });
    await w.tickAt(form.closeAt + HOUR);
    expect((await contestRow(w, id)).status).toBe("ended");
  });

  it("renews the claims of a long tick, so another process does not claim its job again midway", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    // The network takes its time to publish: the start job stays claimed while the clock moves on.
    let answer = () => {};
    const slow = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const publish = sandboxDriver.publish;
    vi.spyOn(sandboxDriver, "publish").mockImplementation(async (request) => {
      await slow;
      return publish(request);
    });
    const tick = w.tickAt(form.startAt);
    for (let i = 0; i < 50 && (await jobOf(w, id, "start")).status !== "claimed"; i++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await jobOf(w, id, "start")).toMatchObject({ status: "claimed", claimedAt: iso(form.startAt) });

    w.setNow(form.startAt + 4 * MIN);
    vi.advanceTimersByTime(CLAIM_RENEW_MS);
    // The renewal is a write of its own, awaited by nobody here: wait until it landed.
    await expect.poll(async () => (await jobOf(w, id, "start")).claimedAt).toBe(iso(form.startAt + 4 * MIN));
    // Another process ticking 6 minutes after the claim finds it fresh (without the renewal it was stale).
    expect(await claimDueJobs(w.t.deps, new Date(form.startAt + 6 * MIN))).toEqual([]);

    answer();
    await tick;
    expect(await jobOf(w, id, "start")).toMatchObject({ status: "done", result: { published: 1 } });
    expect((await contestRow(w, id)).status).toBe("started");
  });
});
