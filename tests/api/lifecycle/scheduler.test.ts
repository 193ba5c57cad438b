import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { activities, draws, entrants, jobs, publications } from "../../../api/db/tables";
import { newId } from "../../../api/ids";
import { CLAIM_TIMEOUT_MS, claimDueJobs, runDueJobs } from "../../../api/scheduler";
import { runJob } from "../../../api/scheduler/handlers";
import { findCommitment } from "../../../api/services/commitments";
import type { RealtimeEvent } from "../../../api/services/realtime";
import type { TestApp } from "../../helpers/test-app";
import {
  appAt,
  buildWorld,
  contestPath,
  contestRow,
  createContest,
  DAY,
  enableFollowUps,
  HOUR,
  MIN,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function world(): Promise<World> {
  const w = await buildWorld();
  cleanups.push(() => w.t.cleanup());
  return w;
}

function listenTo(t: TestApp, w: World): RealtimeEvent[] {
  const heard: RealtimeEvent[] = [];
  t.deps.realtime.add(
    { send: (data) => heard.push(JSON.parse(data) as RealtimeEvent), close: () => {} },
    { userId: w.owner.userId, teamId: w.teamId, sessionId: newId() },
  );
  return heard;
}

async function publicationsOf(t: TestApp, contestId: string) {
  return await t.db
    .select()
    .from(publications)
    .where(eq(publications.contestId, contestId))
    .orderBy(publications.createdAt, publications.id);
}

async function jobsOf(t: TestApp, contestId: string) {
  return await t.db.select().from(jobs).where(eq(jobs.contestId, contestId)).orderBy(jobs.dueAt, jobs.id);
}

describe("the scheduler", { timeout: 30_000 }, () => {
  it("takes a contest from planned to ended: start, reminder, close, entries, automatic draw, winners and private messages", async () => {
    const w = await world();
    const heard = listenTo(w.t, w);
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    await enableFollowUps(w, id);

    expect((await jobsOf(w.t, id)).map((j) => [j.kind, j.status])).toEqual([
      ["start", "pending"],
      ["reminder", "pending"],
      ["close", "pending"],
      ["autodraw", "pending"],
    ]);
    const commitment = await findCommitment(w.t.db, id);
    expect(commitment?.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment?.revealedAt).toBeNull();

    // Nothing before the start.
    await w.tickAt(form.startAt - 1);
    expect((await contestRow(w, id)).status).toBe("planned");
    expect(await publicationsOf(w.t, id)).toEqual([]);

    // The start: the main publication with the commitment and the verify link, planned → started.
    await w.tickAt(form.startAt);
    const started = await contestRow(w, id);
    expect(started.status).toBe("started");
    expect(started.startedAt).toBe(new Date(form.startAt).toISOString());
    const [main] = await publicationsOf(w.t, id);
    expect(main).toMatchObject({ kind: "main", key: "main", mode: "post", status: "published" });
    expect(main?.text).toContain(`Draw ${commitment?.seedCommitment.slice(0, 16)} checked at`);
    expect(main?.text).toContain(`${w.t.env.publicUrl}/verify/${id}`);
    expect(main?.text).not.toContain("{SEED}");
    const source = (started.sources as { post_id: string | null }[])[0];
    expect(source?.post_id).toBe(main?.externalPostId);

    // The reminder, a reply to the main publication.
    await w.tickAt(form.startAt + DAY);
    const reminder = (await publicationsOf(w.t, id)).find((p) => p.kind === "reminder");
    expect(reminder).toMatchObject({
      key: "r1",
      mode: "reply",
      inReplyTo: main?.externalPostId,
      status: "published",
    });

    // The close: the entries loaded and filtered, started → closed; then the closing publication, its own job.
    await w.tickAt(form.closeAt);
    const closed = await contestRow(w, id);
    expect(closed.status).toBe("closed");
    expect(closed.entriesLoadedAt).toBe(new Date(form.closeAt).toISOString());
    const loaded = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(loaded.length).toBeGreaterThan(10);
    expect(loaded.some((e) => e.valid)).toBe(true);
    expect(loaded.some((e) => !e.valid && e.reasons.length > 0)).toBe(true);
    expect(closed.entriesCount).toBe(loaded.length);
    expect(closed.funnel).toMatchObject({
      total: loaded.length,
      valid: loaded.filter((e) => e.valid).length,
    });
    await w.tickAt(form.closeAt + MIN);
    expect((await publicationsOf(w.t, id)).find((p) => p.kind === "closing")?.text).toContain(
      `/verify/${id}`,
    );

    // The automatic draw, an hour after the close: closed → ended, the seed revealed.
    await w.tickAt(form.closeAt + HOUR);
    const ended = await contestRow(w, id);
    expect(ended.status).toBe("ended");
    expect(ended.drawnAt).toBe(new Date(form.closeAt + HOUR).toISOString());
    const final = await w.t.db.select().from(draws).where(eq(draws.contestId, id));
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({ kind: "final", createdBy: null });
    expect(final[0]?.winners).toHaveLength(2);
    expect((await findCommitment(w.t.db, id))?.revealedAt).not.toBeNull();

    // Then the winners publication and a private message to each winner.
    await w.tickAt(form.closeAt + HOUR + MIN);
    const pubs = await publicationsOf(w.t, id);
    const winnersPub = pubs.find((p) => p.kind === "winners");
    const winnerRows = loaded.filter((e) => final[0]?.winners.includes(e.id) && e.valid);
    expect(winnerRows.length).toBeGreaterThan(0);
    for (const winner of winnerRows) expect(winnersPub?.text).toContain(`@${winner.screenName}`);
    const messages = pubs.filter((p) => p.kind === "private_message");
    expect(messages.map((m) => m.recipient).sort()).toEqual([...(final[0]?.winners ?? [])].sort());
    expect(messages.every((m) => m.mode === "message" && m.text.startsWith("Hello "))).toBe(true);
    expect((await jobsOf(w.t, id)).map((j) => `${j.kind} ${j.status}`).sort()).toEqual([
      "autodraw done",
      "close done",
      "closing done",
      // Entries read while it ran: one at the reminder's tick, one left for the close (it loads itself).
      "load done",
      "load done",
      "private_messages done",
      "reminder done",
      "start done",
      "winners done",
    ]);

    // Every change reached the team; the activity log has the load and the draw.
    expect(heard.filter((e) => e.type === "load_contest").length).toBeGreaterThanOrEqual(6);
    expect(heard.every((e) => e.type !== "load_contest" || e.contest_id === id)).toBe(true);
    const types = (
      await w.t.db.select({ type: activities.type }).from(activities).where(eq(activities.teamId, w.teamId))
    ).map((a) => a.type);
    expect(types).toEqual(
      expect.arrayContaining(["createContest", "loadEntries", "startDraw", "finishDraw"]),
    );

    // What went out is listed for the team.
    const listed = await (await w.owner.call("GET", `${contestPath(id)}/publications`)).json();
    expect(listed.data.map((p: { kind: string }) => p.kind)).toEqual(
      (await publicationsOf(w.t, id)).map((p) => p.kind),
    );
    expect(listed.data[0]).toMatchObject({ kind: "main", status: "published", text: main?.text });

    // The contest's timeline comes from what happened.
    const answer = await (await w.owner.call("GET", contestPath(id))).json();
    expect(answer.timeline).toEqual({
      created: ended.createdAt,
      started: new Date(form.startAt).toISOString(),
      loaded: null,
      closed: new Date(form.closeAt).toISOString(),
      entries_loaded: new Date(form.closeAt).toISOString(),
      drawn: new Date(form.closeAt + HOUR).toISOString(),
      ended: new Date(form.closeAt + HOUR).toISOString(),
      canceled: null,
    });
  });

  it("picks up a job left claimed by a stopped process after the claim timeout, and duplicates nothing", async () => {
    const clock = { now: T0 };
    const w = await world();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    await enableFollowUps(w, id);
    await w.tickAt(form.startAt);
    await w.tickAt(form.startAt + DAY);

    // At the close the process claims the close job, does its work, and stops before marking it done.
    w.setNow(form.closeAt);
    const claimed = await claimDueJobs(w.t.deps, new Date(form.closeAt));
    // The load due while it ran comes first (it leaves the reading to the close).
    expect(claimed.map((j) => j.kind)).toEqual(["load", "close"]);
    const close = claimed[1];
    if (!close) throw new Error("no close job");
    await runJob(w.t.deps, close);
    const before = {
      publications: (await publicationsOf(w.t, id)).length,
      entrants: await w.t.db.select().from(entrants).where(eq(entrants.contestId, id)),
      loadedAt: (await contestRow(w, id)).entriesLoadedAt,
    };
    expect((await contestRow(w, id)).status).toBe("closed");
    // The first process ends (its database stays, removed by its cleanup once the second has closed it too).
    await w.t.close();

    // A new process over the same file: the closing publication the close scheduled goes out, and nothing is
    // claimed again before the timeout...
    clock.now = form.closeAt + MIN;
    const t2 = await appAt(clock, { databaseUrl: w.t.env.databaseUrl });
    cleanups.push(() => t2.cleanup());
    expect((await runDueJobs(t2.deps)).runs.map((r) => [r.kind, r.outcome])).toEqual([["closing", "done"]]);
    before.publications = (await publicationsOf(t2, id)).length;
    expect(
      (
        await first(
          t2.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.contestId, id), eq(jobs.kind, "close"))),
        )
      )?.status,
    ).toBe("claimed");

    // ... after it, the close job runs again (its second attempt), changing nothing that was done.
    clock.now = form.closeAt + CLAIM_TIMEOUT_MS + MIN;
    const report = await runDueJobs(t2.deps);
    // The load claimed with it (never run) is taken again too, and leaves the reading to the close.
    expect(report.runs.map((r) => [r.kind, r.outcome])).toEqual([
      ["load", "done"],
      ["close", "done"],
    ]);
    const closeJob = await first(
      t2.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.contestId, id), eq(jobs.kind, "close"))),
    );
    expect(closeJob).toMatchObject({ status: "done", attempts: 2, result: {} });
    expect((await publicationsOf(t2, id)).length).toBe(before.publications);
    expect(await t2.db.select().from(entrants).where(eq(entrants.contestId, id))).toEqual(before.entrants);
    expect((await contestRow({ ...w, t: t2 }, id)).entriesLoadedAt).toBe(before.loadedAt);

    // The automatic draw is made, then "crashes" before its mark: claimed again, it draws nothing more.
    clock.now = form.closeAt + HOUR;
    expect((await runDueJobs(t2.deps)).runs.map((r) => [r.kind, r.outcome])).toEqual([["autodraw", "done"]]);
    const autodraw = await first(
      t2.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.contestId, id), eq(jobs.kind, "autodraw"))),
    );
    if (!autodraw) throw new Error("no autodraw job");
    await t2.db
      .update(jobs)
      .set({ status: "claimed", claimedAt: new Date(clock.now).toISOString() })
      .where(eq(jobs.id, autodraw.id));
    clock.now += CLAIM_TIMEOUT_MS + MIN;
    const again = await runDueJobs(t2.deps);
    expect(again.runs.find((r) => r.kind === "autodraw")).toMatchObject({
      outcome: "done",
      result: { skipped: "contest ended" },
    });
    expect(await t2.db.select().from(draws).where(eq(draws.contestId, id))).toHaveLength(1);
    // A private message left "publishing" (the driver was asked, then the process stopped) is finished once.
    const pending = (await publicationsOf(t2, id)).find((p) => p.kind === "private_message");
    if (!pending) throw new Error("no private message");
    await t2.db
      .update(publications)
      .set({ status: "publishing", externalPostId: null })
      .where(eq(publications.id, pending.id));
    const pmJob = await first(
      t2.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.contestId, id), eq(jobs.kind, "private_messages"))),
    );
    await t2.db
      .update(jobs)
      .set({ status: "pending", dueAt: new Date(clock.now).toISOString() })
      .where(eq(jobs.id, pmJob?.id ?? ""));
    await runDueJobs(t2.deps);
    expect((await publicationsOf(t2, id)).find((p) => p.id === pending.id)).toMatchObject({
      status: "published",
      externalPostId: pending.externalPostId,
    });
    const kinds = (await publicationsOf(t2, id)).map((p) => `${p.kind}:${p.key}`);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds.filter((k) => k.startsWith("main"))).toHaveLength(1);
    expect(kinds.filter((k) => k.startsWith("winners"))).toHaveLength(1);
  });

  it("reschedules a planned contest's jobs when it is saved with new dates, and cancels them when it is deleted", async () => {
    const w = await world();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    const seed = (await findCommitment(w.t.db, id))?.seed;

    const later = twitterForm(w.t, T0 + DAY);
    const saved = await w.owner.call("POST", contestPath(id), {
      status: "planned",
      forPayment: false,
      base: later.base,
      sources: later.sources,
      summary: later.summary,
    });
    expect(saved.status).toBe(200);
    const rescheduled = await jobsOf(w.t, id);
    expect(rescheduled.map((j) => [j.kind, j.dueAt])).toEqual([
      ["start", new Date(later.startAt).toISOString()],
      ["reminder", new Date(later.startAt + DAY).toISOString()],
      ["close", new Date(later.closeAt).toISOString()],
      ["autodraw", new Date(later.closeAt + HOUR).toISOString()],
    ]);
    expect((await findCommitment(w.t.db, id))?.seed).toBe(seed);

    // The old start passes: nothing happens.
    await w.tickAt(form.startAt + MIN);
    expect((await contestRow(w, id)).status).toBe("planned");

    expect((await w.owner.call("DELETE", contestPath(id))).status).toBe(200);
    expect((await jobsOf(w.t, id)).every((j) => j.status === "canceled")).toBe(true);
    await w.tickAt(later.closeAt + DAY);
    expect(await publicationsOf(w.t, id)).toEqual([]);
  });

  it("records a skip for facebook private messages after the network's 7-day window", async () => {
    const w = await world();
    const form = twitterForm(w.t, T0, { autodraw: false });
    const source = structuredClone(w.t.deps.catalog.builder.defaults.sources.facebook) as unknown as Record<
      string,
      unknown
    >;
    Object.assign(source, { id: 101, type: "facebook" });
    const fb = source as {
      publication: Record<string, unknown>;
      actions: { comment: Record<string, unknown> };
      winners_private_message: Record<string, unknown>;
    };
    fb.publication.account_id = 1000;
    fb.publication.content = "Comment to win!";
    Object.assign(fb.actions.comment, {
      enabled: true,
      target: "first",
      keywords: { enabled: false, list: ["win"] },
    });
    Object.assign(fb.winners_private_message, { enabled: true, content: "You won, {NAME}!" });
    const id = await createContest(w, { ...form, sources: [...form.sources, source] });
    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt);
    expect((await contestRow(w, id)).status).toBe("closed");

    // The final draw by hand 8 days after the start: twitter's messages go, facebook's are skipped.
    w.setNow(form.startAt + 8 * DAY);
    const drawn = await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true });
    expect(drawn.status).toBe(201);
    await w.tickAt(form.startAt + 8 * DAY + MIN);
    const pm = (await jobsOf(w.t, id)).filter((j) => j.kind === "private_messages");
    const fbSource = ((await contestRow(w, id)).sources as { _id: string; provider: string }[]).find(
      (s) => s.provider === "facebook",
    );
    expect(pm.find((j) => j.key === fbSource?._id)).toMatchObject({
      status: "done",
      result: { skipped: "facebook_window" },
    });
    expect(
      (await publicationsOf(w.t, id)).filter(
        (p) => p.kind === "private_message" && p.provider === "facebook",
      ),
    ).toEqual([]);
  });
});
