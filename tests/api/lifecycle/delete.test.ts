import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { accounts } from "../../../api/db/tables";
import { claimDueJobs } from "../../../api/scheduler";
import {
  buildWorld,
  contestPath,
  contestRow,
  createContest,
  jobOf,
  jobsOf,
  MIN,
  publicationsOf,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

async function deleteContest(id: string): Promise<Response> {
  return w.owner.call("DELETE", contestPath(id));
}

describe("DELETE /api/v1/teams/current/contests/:id of a planned contest", { timeout: 30_000 }, () => {
  it("refuses (409 contestNoLongerEditable) once its start job is claimed: it may be publishing", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    // Its start waited a while for its account; the account is back and the start job is claimed again.
    await w.t.db.update(accounts).set({ disabled: true }).where(eq(accounts.teamId, w.teamId));
    await w.tickAt(form.startAt);
    await w.t.db.update(accounts).set({ disabled: false }).where(eq(accounts.teamId, w.teamId));
    w.setNow(form.startAt + 2 * MIN);
    expect((await claimDueJobs(w.t.deps, new Date(w.now()))).map((j) => j.kind)).toEqual(["start"]);

    const res = await deleteContest(id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("contestNoLongerEditable");
    expect((await contestRow(w, id)).deletedAt).toBeNull();
    expect((await jobOf(w, id, "start")).status).toBe("claimed");
  });

  it("refuses (409 contestNoLongerEditable) once the start is within the edit lock", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    w.setNow(form.startAt - 2 * MIN);
    const res = await deleteContest(id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("contestNoLongerEditable");
    expect((await contestRow(w, id)).deletedAt).toBeNull();

    // A minute later the scheduler starts it as planned.
    await w.tickAt(form.startAt);
    expect((await contestRow(w, id)).status).toBe("started");
  });

  it("still deletes a contest whose start only waits for its publishing account, nothing published", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    await w.t.db.update(accounts).set({ disabled: true }).where(eq(accounts.teamId, w.teamId));
    await w.tickAt(form.startAt);
    await w.tickAt(form.startAt + 10 * MIN);
    expect((await contestRow(w, id)).status).toBe("planned");

    expect((await deleteContest(id)).status).toBe(200);
    expect((await jobsOf(w, id)).every((j) => j.status === "canceled")).toBe(true);
    await w.t.db.update(accounts).set({ disabled: false }).where(eq(accounts.teamId, w.teamId));
    await w.tickAt(form.startAt + 20 * MIN);
    expect(await publicationsOf(w, id)).toEqual([]);
  });
});
