/**
 * A builder contest published with a linked Facebook Page, on the Meta stand-in: the scheduler publishes the
 * Page's post at the start, a comment pushed by the `feed` webhook during the window brings the next load forward
 * and becomes an entry, a comment the webhook missed is read by the close's last sweep, none is counted twice; the
 * automatic draw follows, the winners are answered under the post and each gets one private reply.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../../api/db/query";
import { contests, entrants, jobs, publications } from "../../../../api/db/tables";
import {
  answerWinners,
  builderAccounts,
  contestWindow,
  createBuilderContest,
  runUntilIdle,
} from "../../../helpers/builder-contest";
import { BRAND_PAGE, type FacebookWorld, facebookWorld, feedChange } from "./world";

const MIN = 60_000;
const HOUR = 60 * MIN;

let w: FacebookWorld;
const clock = { now: Date.now() };
beforeEach(async () => {
  clock.now = Date.now();
  w = await facebookWorld({ pages: "one", clock: () => new Date(clock.now) });
});
afterEach(async () => {
  expect(w.meta.problems).toEqual([]);
  await w.close();
});

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");

/** Moves the clock and runs the scheduler until nothing more is due (bounded). */
async function tickAt(ms: number) {
  clock.now = ms;
  await runUntilIdle(w.t);
}

const fan = (i: number) => ({ id: `2900000000${String(i).padStart(4, "0")}`, name: `Fan ${i}` });

describe("a builder contest on a linked Facebook Page", { timeout: 60_000 }, () => {
  it("publishes the Page's post, takes pushed comments during the window, sweeps at the close, and replies privately to the winners", async () => {
    await w.connect();
    const [linked] = await w.networkAccounts();
    const accountId = (await builderAccounts(w.owner, "facebook")).find(
      (a) => a._id === linked?._id,
    )?.account_id;
    const at = contestWindow(clock.now);
    const { startAt, closeAt, drawAt } = at;
    const created = await createBuilderContest(w.t, w.owner, {
      network: "facebook",
      accountId,
      name: "Coffee on Facebook",
      content: "Comment to win a year of coffee! Rules: {DRAW_LINK}",
      winners: 2,
      at,
      edit: (source) => {
        source.actions.comment.target = "all";
      },
    });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;
    const row = async () => first(w.t.db.select().from(contests).where(eq(contests.id, id)));
    await answerWinners(w.t, id);

    // The start: the Page's post.
    await tickAt(startAt + 1000);
    expect((await row())?.status).toBe("started");
    const [main] = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    const postId = String(main?.externalPostId);
    expect(w.meta.posts.get(postId)).toMatchObject({
      page: BRAND_PAGE.id,
      message: `Comment to win a year of coffee! Rules: ${w.t.deps.env.publicUrl}/verify/${id}`,
    });

    // The Page subscribed the app to its feed: Meta pushes its comments from now on.
    expect(w.meta.subscribed.get(BRAND_PAGE.id)).toBe("feed");

    // A fan comments and Meta pushes it: the next load comes forward to now and makes it an entry.
    const pushed = w.meta.comment(postId, fan(1), "Me please!", iso(startAt + 2 * MIN));
    clock.now = startAt + 3 * MIN;
    const delivered = await w.deliver(
      feedChange({
        item: "comment",
        verb: "add",
        post_id: postId,
        comment_id: pushed.id,
        created_time: Math.floor((startAt + 2 * MIN) / 1000),
        message: "Me please!",
        from: fan(1),
      }),
    );
    expect(await delivered.json()).toMatchObject({ stored: 1, contests: 1 });
    await tickAt(startAt + 3 * MIN);
    const during = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(during.map((e) => e.name)).toEqual(["Fan 1"]);

    // Two more comments the webhook never brought: the close's last sweep reads them; Fan 1 stays counted once.
    w.meta.comment(postId, fan(2), "Count me in", iso(startAt + 2 * HOUR));
    w.meta.comment(postId, fan(3), "Me too", iso(closeAt - MIN));
    await tickAt(closeAt + 1000);
    expect((await row())?.status).toBe("closed");
    const swept = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(swept.map((e) => e.name).sort()).toEqual(["Fan 1", "Fan 2", "Fan 3"]);
    expect(swept.find((e) => e.name === "Fan 1")?.comments).toHaveLength(1);

    // The draw, the winners' comment under the post, and one private reply to each winner's comment.
    await tickAt(drawAt + 1000);
    expect((await row())?.status).toBe("ended");
    const replies = w.meta.comments.filter((c) => c.post === postId && c.from.id === BRAND_PAGE.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.message).toMatch(/^Congratulations /);
    expect(w.meta.messages).toHaveLength(2);
    const fanComments = new Set(w.meta.comments.filter((c) => c.from.id !== BRAND_PAGE.id).map((c) => c.id));
    for (const m of w.meta.messages) {
      expect(fanComments.has(m.comment_id)).toBe(true);
      expect(m.text).toMatch(/^You won, Fan \d!$/);
    }
    const done = await w.t.db.select().from(jobs).where(eq(jobs.contestId, id));
    expect(done.find((j) => j.kind === "private_messages")?.status).toBe("done");
  });
});
