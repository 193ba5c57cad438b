import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jobs } from "../../../api/db/tables";
import { sandboxDriver } from "../../../api/drivers/sandbox";
import {
  buildWorld,
  contestRow,
  createContest,
  DAY,
  enableFollowUps,
  HOUR,
  iso,
  jobOf,
  MIN,
  publicationsOf,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(async () => {
  vi.restoreAllMocks();
  await w.t.cleanup();
});

describe("the close", { timeout: 30_000 }, () => {
  it("closes the contest and loads its entries even when the closing publication keeps failing", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    await enableFollowUps(w, id);
    await w.tickAt(form.startAt);
    await w.tickAt(form.startAt + DAY);

    const reply = sandboxDriver.reply;
    vi.spyOn(sandboxDriver, "reply").mockImplementation(async (request) => {
      if (request.kind === "closing") throw new Error("the main post was deleted on the network");
      return reply(request);
    });
    await w.tickAt(form.closeAt);
    const closed = await contestRow(w, id);
    expect(closed.status).toBe("closed");
    expect(closed.closedAt).toBe(iso(form.closeAt));
    expect(closed.entriesLoadedAt).toBe(iso(form.closeAt));
    expect((await jobOf(w, id, "close")).status).toBe("done");

    // The closing publication retries on its own; the automatic draw does not wait for it, not even in a tick
    // where the closing publication fails first.
    for (let t = form.closeAt + MIN; t < form.closeAt + HOUR; t += 5 * MIN) await w.tickAt(t);
    await w.t.db
      .update(jobs)
      .set({ dueAt: iso(form.closeAt + HOUR - MIN) })
      .where(eq(jobs.id, (await jobOf(w, id, "closing")).id));
    const tick = await w.tickAt(form.closeAt + HOUR);
    expect(tick.runs.map((r) => [r.kind, r.outcome])).toEqual([
      ["closing", "failed"],
      ["autodraw", "done"],
    ]);
    expect((await contestRow(w, id)).status).toBe("ended");
    // The draw moved the status: the failed publication is put back to pending, to try again.
    const closing = await jobOf(w, id, "closing");
    expect(closing).toMatchObject({ status: "pending", attempts: 0 });
    expect(closing.lastError).toContain("the main post was deleted");
    expect((await publicationsOf(w, id)).find((p) => p.kind === "closing")?.status).toBe("publishing");

    // Once the network takes it, it goes out once.
    vi.restoreAllMocks();
    await w.tickAt(form.closeAt + DAY);
    expect(await jobOf(w, id, "closing")).toMatchObject({ status: "done", result: { published: 1 } });
    expect((await publicationsOf(w, id)).filter((p) => p.kind === "closing")).toMatchObject([
      { status: "published" },
    ]);
  });
});
