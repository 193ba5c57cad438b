import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { teams } from "../../../api/db/tables";
import { createTeam } from "../../../api/services/teams";
import { signIn } from "../../helpers/api-client";
import { currentTeamId, freeze, setPlan } from "../../helpers/world";
import {
  buildWorld,
  contestRow,
  createContest,
  DAY,
  HOUR,
  iso,
  jobOf,
  jobsOf,
  linkAccounts,
  MIN,
  publicationsOf,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

describe("the jobs of a deleted or frozen team's contests", { timeout: 30_000 }, () => {
  it("cancels a team's contests' jobs when the team is deleted: nothing is published", async () => {
    w = await buildWorld();
    // The world's team is made deletable (not the owner's default team, which they keep another of).
    await w.t.db.update(teams).set({ isDefault: false }).where(eq(teams.id, w.teamId));
    await createTeam(w.t.db, w.t.deps.clock, { name: "Olive", ownerId: w.owner.userId, isDefault: true });
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);

    expect((await w.owner.call("DELETE", `/api/v1/teams/${w.teamId}`)).status).toBe(200);
    expect((await jobsOf(w, id)).map((j) => j.status)).toEqual([
      "canceled",
      "canceled",
      "canceled",
      "canceled",
    ]);
    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt + DAY);
    expect(await publicationsOf(w, id)).toEqual([]);
    expect((await contestRow(w, id)).status).toBe("planned");
  });

  it("skips a job whose contest's team was deleted, whatever the job's status said", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    // A team deleted before its contests' jobs were canceled (an older deletion): the jobs are still pending.
    await w.t.db
      .update(teams)
      .set({ deletedAt: iso(T0) })
      .where(eq(teams.id, w.teamId));

    const report = await w.tickAt(form.startAt);
    expect(report.runs).toMatchObject([
      { kind: "start", outcome: "done", result: { skipped: "team deleted" } },
    ]);
    expect(await publicationsOf(w, id)).toEqual([]);
    expect((await contestRow(w, id)).status).toBe("planned");
  });

  it("pauses a frozen team's jobs, untouched and not failed, and runs them once the team is unfrozen", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    // Another team's contest, at the same dates, is not held up.
    const other = await signIn(w.t, "oscar@other.example", "Oscar");
    const otherTeam = await currentTeamId(w.t, other.userId);
    await setPlan(w.t, otherTeam, "business");
    await linkAccounts(w.t, otherTeam);
    const otherId = await createContest({ ...w, owner: other, teamId: otherTeam }, form);
    await freeze(w.t, w.teamId);

    for (let t = form.startAt; t <= form.startAt + 20 * MIN; t += MIN) {
      const { runs } = await w.tickAt(t);
      expect(runs.every((r) => r.contest_id === otherId)).toBe(true);
    }
    expect((await contestRow(w, otherId)).status).toBe("started");
    expect((await contestRow(w, id)).status).toBe("planned");
    expect(await publicationsOf(w, id)).toEqual([]);
    expect(await jobOf(w, id, "start")).toMatchObject({
      status: "pending",
      attempts: 0,
      dueAt: iso(form.startAt),
      lastError: null,
    });

    await w.t.db.update(teams).set({ frozenLimitDate: null }).where(eq(teams.id, w.teamId));
    await w.tickAt(form.startAt + HOUR);
    expect((await contestRow(w, id)).status).toBe("started");
    expect(await publicationsOf(w, id)).toMatchObject([{ kind: "main", status: "published" }]);
  });
});
