/**
 * A builder contest published with a linked YouTube channel, on the Google stand-in (every request and answer
 * checked against Google's published description): the builder knows the channel by a number (its `UC…` id is
 * text; publication.account_id is a number), the scheduler publishes the contest's comment at the start, the
 * loads read the commenters while it runs, the close and the automatic draw follow, and the winners are answered
 * under the contest's comment (YouTube has no private messages). A form naming the channel by its text id, or by a
 * number no linked channel has, is refused with a 422 on publication.account_id.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../../api/db/query";
import { contests, entrants, jobs, publications } from "../../../../api/db/tables";
import {
  answerWinners,
  builderAccounts,
  type ContestWindow,
  createBuilderContest,
  runUntilIdle,
} from "../../../helpers/builder-contest";
import { BRAND_CHANNEL, VIDEO, type YoutubeWorld, youtubeWorld } from "./world";

const A = "/api/v1/teams/current";
const MIN = 60_000;
const HOUR = 60 * MIN;
type Json = Record<string, unknown>;

let w: YoutubeWorld;
const clock = { now: Date.now() };
beforeEach(async () => {
  clock.now = Date.now();
  w = await youtubeWorld({ clock: () => new Date(clock.now) });
});
afterEach(async () => {
  expect(w.google.problems).toEqual([]);
  await w.close();
});

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Moves the clock and runs the scheduler until nothing more is due (bounded). */
async function tickAt(ms: number) {
  clock.now = ms;
  await runUntilIdle(w.t);
}

function fan(i: number) {
  const id = `UCfan${String(i).padStart(19, "0")}`;
  w.google.addChannel(`fan${i}`, {
    id,
    title: `Fan ${i}`,
    handle: `fan${i}`,
    publishedAt: "2019-05-01T00:00:00Z",
    subscribers: 10 + i,
  });
  return id;
}

/** The builder's create call: a YouTube source publishing with `accountId`, comment to enter, two winners drawn at `drawAt`. */
async function create(accountId: unknown, at: ContestWindow) {
  return await createBuilderContest(w.t, w.owner, {
    network: "youtube",
    accountId,
    name: "Coffee on YouTube",
    content: "Comment to win a year of coffee! Rules: {DRAW_LINK}",
    winners: 2,
    at,
  });
}

describe("a builder contest on a linked YouTube channel", { timeout: 60_000 }, () => {
  it("publishes its comment at the start, reads its commenters while it runs, and answers its winners under it", async () => {
    await w.connect();
    const [linked] = await w.youtubeAccounts();
    expect(linked?.external_id).toBe(BRAND_CHANNEL);

    // The builder lists the channel under a number above 0 (the channel id is text): what the form sends back.
    const listed = (await builderAccounts(w.owner, "youtube")).find((a) => a._id === linked?._id);
    const accountId = listed?.account_id;
    expect(Number.isSafeInteger(accountId) && (accountId as number) > 0).toBe(true);

    const startAt = clock.now + HOUR;
    const closeAt = startAt + 4 * HOUR;
    const drawAt = closeAt + HOUR;
    const created = await create(accountId, { startAt, closeAt, drawAt });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;
    const row = async () => first(w.t.db.select().from(contests).where(eq(contests.id, id)));
    expect((await row())?.sandbox).toBe(false);
    expect((await row())?.sources).toMatchObject([{ provider: "youtube", account: { _id: linked?._id } }]);
    // The team's accounts page counts the contest on the channel (matched by the same number).
    const list = (await (await w.owner.call("GET", `${A}/accounts/list`)).json()) as {
      data: { _id: string; nb_contests: number }[];
    };
    expect(list.data.find((a) => a._id === linked?._id)?.nb_contests).toBe(1);

    // The builder's config does not let a team switch the winners publication on (can_edit false): set as stored,
    // with a private message to winners that a network without them (capabilities: none) must not attempt.
    await answerWinners(w.t, id);

    // The start: the contest's comment under the channel's latest upload, by the channel.
    await tickAt(startAt + 1000);
    expect((await row())?.status).toBe("started");
    const main = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(main.map((p) => [p.kind, p.status])).toEqual([["main", "published"]]);
    const [video, thread] = String(main[0]?.externalPostId).split("/");
    expect(video).toBe(VIDEO);
    const posted = w.google.comments.find((c) => c.id === thread);
    expect(posted).toMatchObject({
      videoId: VIDEO,
      parentId: null,
      author: BRAND_CHANNEL,
      text: `Comment to win a year of coffee! Rules: ${w.t.deps.env.publicUrl}/verify/${id}`,
    });

    // Three fans comment; the loads while the contest runs make them entrants before the close.
    const fans = [fan(1), fan(2), fan(3)];
    fans.forEach((f, i) => {
      w.google.comment(VIDEO, f, `Me please! ${i}`, iso(startAt + (i + 1) * MIN));
    });
    await tickAt(startAt + HOUR);
    expect((await row())?.status).toBe("started");
    const during = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(during.map((e) => e.screenName).sort()).toEqual(["fan1", "fan2", "fan3"]);

    // The close, then the automatic draw and the winners publication: a reply under the contest's comment.
    await tickAt(closeAt + 1000);
    expect((await row())?.status).toBe("closed");
    await tickAt(drawAt + 1000);
    expect((await row())?.status).toBe("ended");
    const winners = w.google.comments.filter((c) => c.parentId === thread);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.author).toBe(BRAND_CHANNEL);
    const named = /^Congratulations (@fan\d), (@fan\d)!$/.exec(winners[0]?.text ?? "");
    expect(named).not.toBeNull();
    expect(new Set(named?.slice(1)).size).toBe(2);
    for (const name of named?.slice(1) ?? []) expect(["@fan1", "@fan2", "@fan3"]).toContain(name);
    const published = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(published.find((p) => p.kind === "winners")?.status).toBe("published");
    // No private message was tried: the job says why, and nothing reached the network but the two comments.
    const done = await w.t.db.select().from(jobs).where(eq(jobs.contestId, id));
    expect(done.find((j) => j.kind === "private_messages")).toMatchObject({
      status: "done",
      result: { skipped: "youtube_no_messages" },
    });
    expect(published.filter((p) => p.kind === "private_message")).toEqual([]);
    expect(w.google.comments.filter((c) => c.author === BRAND_CHANNEL)).toHaveLength(2);
  });

  it("refuses a form that names the channel by its text id, or by a number no linked channel has, and creates nothing", async () => {
    await w.connect();
    const at = { startAt: clock.now + HOUR, closeAt: clock.now + 5 * HOUR, drawAt: clock.now + 6 * HOUR };
    const byText = await create(BRAND_CHANNEL, at);
    expect(byText.status).toBe(422);
    expect(Object.keys(((await byText.json()) as { errors: Json }).errors)).toContain(
      "sources.0.publication.account_id",
    );
    const byOther = await create(4242, at);
    expect(byOther.status).toBe(422);
    expect(((await byOther.json()) as { errors: Json }).errors).toEqual({
      "sources.0.publication.account_id": ["Is not an account linked to this team."],
    });
    expect(await w.t.db.select().from(contests)).toEqual([]);
    expect(w.google.comments).toEqual([]);
  });
});
