import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { first } from "../../../api/db/query";
import { accounts, contests, delegations, jobs } from "../../../api/db/tables";
import { sandboxDriver } from "../../../api/drivers/sandbox";
import { newId } from "../../../api/ids";
import { signIn } from "../../helpers/api-client";
import {
  ACCOUNT_IDS,
  buildWorld,
  contestRow,
  createContest,
  DAY,
  facebookSource,
  HOUR,
  iso,
  jobOf,
  jobsOf,
  MIN,
  publicationsOf,
  storedSourceId,
  T0,
  teamNotifications,
  twitterForm,
  type World,
} from "./helpers";

let w: World;

afterEach(() => w.t.cleanup());

/** A twitter account of another person, lent to the team; answers its external id and the lender's session. */
async function lendAccount(): Promise<{ externalId: string; lender: Awaited<ReturnType<typeof signIn>> }> {
  const lender = await signIn(w.t, "lena@agency.example", "Lena");
  const accountId = newId();
  const externalId = "2002";
  await w.t.db.insert(accounts).values({
    id: accountId,
    teamId: null,
    userId: lender.userId,
    provider: "twitter",
    externalId,
    name: "Lena's agency",
    screenName: "lena_agency",
    sandbox: true,
    linkedAt: iso(T0),
  });
  await w.t.db
    .insert(delegations)
    .values({ id: newId(), accountId, userId: lender.userId, teamId: w.teamId, createdAt: iso(T0) });
  return { externalId, lender };
}

function twitterAccount(externalId: string = String(ACCOUNT_IDS.twitter)) {
  return and(eq(accounts.provider, "twitter"), eq(accounts.externalId, externalId));
}

describe("the publishing account of a contest's jobs", { timeout: 30_000 }, () => {
  it("publishes and sends nothing more as a lent account once its delegation is withdrawn", async () => {
    w = await buildWorld();
    const { externalId, lender } = await lendAccount();
    const form = twitterForm(w.t, T0);
    (form.sources[0] as { publication: { account_id: unknown } }).publication.account_id = Number(externalId);
    const id = await createContest(w, form);
    await w.tickAt(form.startAt);
    expect((await publicationsOf(w, id)).map((p) => p.kind)).toEqual(["main"]);

    // The lender takes the account back: it is no longer the team's.
    const [delegation] = await w.t.db.select().from(delegations);
    const res = await lender.call("DELETE", `/api/v1/users/me/accounts/delegations/${delegation?.id}`);
    expect(res.status).toBe(200);

    await w.tickAt(form.startAt + DAY);
    expect(await jobOf(w, id, "reminder")).toMatchObject({
      status: "done",
      result: { skipped: "no publishing account" },
    });
    await w.tickAt(form.closeAt);
    await w.tickAt(form.closeAt + HOUR);
    expect((await contestRow(w, id)).status).toBe("ended");
    await w.tickAt(form.closeAt + HOUR + MIN);
    expect(await jobOf(w, id, "private_messages")).toMatchObject({
      status: "done",
      result: { skipped: "no publishing account" },
    });
    expect((await publicationsOf(w, id)).map((p) => p.kind)).toEqual(["main"]);
  });

  it("publishes with the team's account of the form's account id when the account was linked again", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    // The account is unlinked, then linked again: a new row, the same account on the network.
    const old = await first(w.t.db.select().from(accounts).where(twitterAccount()));
    if (!old) throw new Error("no twitter account");
    await w.t.db.delete(accounts).where(eq(accounts.id, old.id));
    await w.t.db.insert(accounts).values({ ...old, id: newId() });
    await w.tickAt(form.startAt);
    expect((await contestRow(w, id)).status).toBe("started");
    expect(await publicationsOf(w, id)).toMatchObject([{ kind: "main", status: "published" }]);
  });

  it("waits at the start while a publishing account is disabled, tells the team once, and starts once it is back", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    await w.t.db.update(accounts).set({ disabled: true }).where(twitterAccount());

    for (let t = form.startAt; t <= form.startAt + 15 * MIN; t += MIN) await w.tickAt(t);
    expect((await contestRow(w, id)).status).toBe("planned");
    expect(await publicationsOf(w, id)).toEqual([]);
    expect(await jobOf(w, id, "start")).toMatchObject({ status: "pending", attempts: 0 });
    expect((await jobOf(w, id, "start")).lastError).toContain("no publishing account");
    expect(await teamNotifications(w)).toEqual(["contestPublishingAccountMissing"]);

    await w.t.db.update(accounts).set({ disabled: false }).where(twitterAccount());
    await w.tickAt(form.startAt + HOUR);
    const started = await contestRow(w, id);
    expect(started.status).toBe("started");
    expect(started.startedAt).toBe(iso(form.startAt + HOUR));
    expect(await publicationsOf(w, id)).toMatchObject([{ kind: "main", status: "published" }]);
    expect((await jobOf(w, id, "start")).result).toEqual({ published: 1 });
    expect(await teamNotifications(w)).toEqual(["contestPublishingAccountMissing"]);
  });

  it("cancels a contest still waiting for its publishing account at the close date, and tells the team", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    await w.t.db.update(accounts).set({ disabled: true }).where(twitterAccount());

    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt - MIN);
    expect((await contestRow(w, id)).status).toBe("planned");
    // The account comes back only after the close date: the contest would open and close at once, so it is canceled.
    await w.t.db.update(accounts).set({ disabled: false }).where(twitterAccount());
    await w.tickAt(form.closeAt);

    const row = await contestRow(w, id);
    expect(row.status).toBe("canceled");
    expect(row.canceledAt).toBe(iso(form.closeAt));
    expect(row.meta).toMatchObject({ cancel_reason: "start_missed" });
    expect(await publicationsOf(w, id)).toEqual([]);
    expect(await jobOf(w, id, "start")).toMatchObject({
      status: "done",
      result: { canceled: "start_missed" },
    });
    // The rest is canceled, or ran in the same tick and did nothing.
    for (const job of (await jobsOf(w, id)).filter((j) => j.kind !== "start")) {
      expect(job.status === "canceled" || (job.status === "done" && "skipped" in (job.result ?? {}))).toBe(
        true,
      );
    }
    expect(await teamNotifications(w)).toEqual(["contestPublishingAccountMissing", "contestStartMissed"]);

    await w.tickAt(form.closeAt + DAY);
    expect((await contestRow(w, id)).status).toBe("canceled");
    expect(await publicationsOf(w, id)).toEqual([]);
  });

  it("does not publish again the post of a started contest adopted without jobs", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, form);
    // A contest written as started with its post already on the network, and no job (imported, or restored).
    const sources = ((await contestRow(w, id)).sources as Record<string, unknown>[]).map((s) => ({
      ...s,
      post_id: "1790000000000000001",
      poster_id: String(ACCOUNT_IDS.twitter),
    }));
    await w.t.db.delete(jobs).where(eq(jobs.contestId, id));
    await w.t.db
      .update(contests)
      .set({ status: "started", startedAt: iso(form.startAt), sources })
      .where(eq(contests.id, id));

    await w.tickAt(form.startAt + MIN);
    expect(await jobOf(w, id, "start")).toMatchObject({ status: "done", result: { published: 0 } });
    expect(await publicationsOf(w, id)).toEqual([]);
    await w.tickAt(form.startAt + DAY);
    // Its reminders answer the post it has.
    expect(await publicationsOf(w, id)).toMatchObject([
      { kind: "reminder", inReplyTo: "1790000000000000001" },
    ]);
  });

  it("starts, rather than cancels, a late contest whose post is already out on one network, and opens no other", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const id = await createContest(w, { ...form, sources: [...form.sources, facebookSource(w.t)] });
    // X publishes, Facebook refuses: the start job waits for its retry with one post out.
    const publish = sandboxDriver.publish;
    const spy = vi
      .spyOn(sandboxDriver, "publish")
      .mockImplementation(async (request) =>
        request.account.provider === "facebook"
          ? Promise.reject(new Error("the network refused"))
          : publish(request),
      );
    await w.tickAt(form.startAt);
    expect((await contestRow(w, id)).status).toBe("planned");
    expect((await publicationsOf(w, id)).filter((p) => p.status === "published")).toMatchObject([
      { provider: "twitter" },
    ]);
    spy.mockRestore();

    // The retry comes only after the close date: the X post is public, so the contest runs on it and closes.
    await w.tickAt(form.closeAt + MIN);
    const row = await contestRow(w, id);
    expect(row.status).toBe("closed");
    expect(row.meta?.cancel_reason ?? null).toBeNull();
    // The X post counts as out (it is not published again); Facebook's never opens.
    expect((await jobOf(w, id, "start")).result).toMatchObject({
      published: 1,
      late: [await storedSourceId(w, id, "facebook")],
    });
    expect(
      (await publicationsOf(w, id)).filter((p) => p.kind === "main" && p.status === "published"),
    ).toMatchObject([{ provider: "twitter" }]);
    expect(await teamNotifications(w)).not.toContain("contestStartMissed");
  });
});
