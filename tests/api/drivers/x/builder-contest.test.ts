/**
 * A builder contest published with a linked X account, on the X stand-in (every request and answer checked against
 * X's OpenAPI description): the scheduler publishes the post at the start, the loads read the repliers while it
 * runs (recent search reaches 7 days back only), the close and the automatic draw follow, the winners are answered
 * under the post and each winner gets a direct message; a winner who takes none is recorded as refused. A contest
 * with a winning moment answers the moment's winner while it runs and the others at the close, each under their
 * own reply, through the general reply path.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { first } from "../../../../api/db/query";
import { contests, entrants, publications } from "../../../../api/db/tables";
import {
  answerWinners,
  builderAccounts,
  contestWindow,
  createBuilderContest,
  runUntilIdle,
} from "../../../helpers/builder-contest";
import { BRAND, type XWorld, xWorld } from "./world";

type Json = Record<string, unknown>;
const MIN = 60_000;
const HOUR = 60 * MIN;

let w: XWorld;
const clock = { now: Date.now() };
beforeEach(async () => {
  clock.now = Date.now();
  w = await xWorld({ clock: () => new Date(clock.now) });
});
afterEach(async () => {
  expect(w.x.problems).toEqual([]);
  await w.close();
});

/** Moves the clock and runs the scheduler until nothing more is due (bounded). */
async function tickAt(ms: number) {
  clock.now = ms;
  await runUntilIdle(w.t);
}

const fanId = (i: number) => String(1_600_000_000_000_000_000n + BigInt(i));

describe("a builder contest on a linked X account", { timeout: 60_000 }, () => {
  it("posts at the start, reads its repliers while it runs, answers its winners under the post and messages them", async () => {
    await w.connect();
    const [linked] = await w.xAccounts();
    const accountId = (await builderAccounts(w.owner, "twitter")).find(
      (a) => a._id === linked?._id,
    )?.account_id;
    expect(accountId).toBeTruthy();

    const { startAt, closeAt, drawAt } = contestWindow(clock.now);
    const created = await createBuilderContest(w.t, w.owner, {
      network: "twitter",
      accountId,
      name: "Coffee on X",
      content: "Reply to win a year of coffee! Rules: {DRAW_LINK}",
      // Every entrant wins: the one who takes no direct message is surely among them.
      winners: 4,
      at: { startAt, closeAt, drawAt },
      edit: (s) => {
        s.actions.comment.accept = "replies_and_quotes";
      },
    });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;
    const row = async () => first(w.t.db.select().from(contests).where(eq(contests.id, id)));
    // Winners answered in public and by direct message.
    await answerWinners(w.t, id);

    await tickAt(startAt + 1000);
    expect((await row())?.status).toBe("started");
    const main = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(main.map((p) => [p.kind, p.status])).toEqual([["main", "published"]]);
    const postId = String(main[0]?.externalPostId);
    expect(w.x.tweets.get(postId)).toMatchObject({
      author: BRAND,
      text: `Reply to win a year of coffee! Rules: ${w.t.deps.env.publicUrl}/verify/${id}`,
    });

    // Three fans reply; the loads while the contest runs make them entrants before the close.
    for (const i of [1, 2, 3]) {
      w.x.addUser({
        id: fanId(i),
        username: `fan${i}`,
        name: `Fan ${i}`,
        created_at: "2019-05-01T00:00:00.000Z",
        followers: 10 + i,
        following: 1,
        tweets: 5,
      });
      w.x.tweet(fanId(i), `@brand me please ${i}`, new Date(startAt + i * MIN).toISOString(), {
        in_reply_to: postId,
      });
    }
    w.x.addUser({
      id: fanId(4),
      username: "fan4",
      name: "Fan 4",
      created_at: "2019-05-01T00:00:00.000Z",
      followers: 1,
      following: 1,
      tweets: 5,
    });
    // A quote counts as a comment (accept: replies_and_quotes).
    w.x.tweet(fanId(4), "Quoting to enter", new Date(startAt + 5 * MIN).toISOString(), { quote_of: postId });
    w.x.closedDms.add(fanId(3));
    await tickAt(startAt + HOUR);
    const during = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(during.map((e) => e.screenName).sort()).toEqual(["fan1", "fan2", "fan3", "fan4"]);
    expect(during.find((e) => e.screenName === "fan4")?.comments.map((c) => c.text)).toEqual([
      "Quoting to enter",
    ]);

    await tickAt(closeAt + 1000);
    expect((await row())?.status).toBe("closed");
    await tickAt(drawAt + 1000);
    await tickAt(drawAt + 2 * MIN);
    expect((await row())?.status).toBe("ended");
    const ours = [...w.x.tweets.values()].filter((t) => t.author === BRAND && t.in_reply_to === postId);
    expect(ours).toHaveLength(1);
    const named = /^Congratulations (.+)!$/.exec(ours[0]?.text ?? "")?.[1]?.split(", ") ?? [];
    expect(named.sort()).toEqual(["@fan1", "@fan2", "@fan3", "@fan4"]);
    const winners = named.map((n) => n.slice(1));
    // Each winner got a direct message, except one who takes none (recorded as refused).
    const published = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    const messages = published.filter((p) => p.kind === "private_message");
    expect(messages).toHaveLength(4);
    for (const m of messages) {
      // The recipient is recorded by its entrant id (twitter:{user id}).
      const to = w.x.users.get(String(m.recipient).replace(/^twitter:/, ""))?.username;
      expect(m.status).toBe(to === "fan3" ? "refused" : "published");
    }
    expect(w.x.messages.map((m) => w.x.users.get(m.to)?.username).sort()).toEqual(
      winners.filter((n) => n !== "fan3").sort(),
    );
  });
});

/**
 * A linked X account's builder contest entered by replying, with one winning moment at `momentAt` and its won and
 * `lost` replies; no automatic draw.
 */
async function momentContest(o: { content: string; startAt: number; momentAt: number; lost: string }) {
  await w.connect();
  const [linked] = await w.xAccounts();
  const accountId = (await builderAccounts(w.owner, "twitter")).find(
    (a) => a._id === linked?._id,
  )?.account_id;
  return await createBuilderContest(w.t, w.owner, {
    network: "twitter",
    accountId,
    name: "Moment on X",
    content: o.content,
    winners: 1,
    at: { startAt: o.startAt, closeAt: o.startAt + 4 * HOUR },
    edit: (s) => {
      s.actions.comment.accept = "only_replies";
      s.winning_moments = {
        ...(s.winning_moments as Json),
        enabled: true,
        nb_attempts: 1,
        list: [{ date: new Date(o.momentAt).toISOString(), won: false }],
        won_publication: { content: "You won, {NAME}!", media: { files: [], count: 0 }, dark: false },
        lost_publication: { content: o.lost, media: { files: [], count: 0 }, dark: false },
      };
    },
  });
}

describe("a builder contest with a winning moment on a linked X account", { timeout: 60_000 }, () => {
  it("answers the moment's winner under their reply while it runs, the others at the close, and records each reply", async () => {
    const startAt = clock.now + HOUR;
    const momentAt = startAt + 10 * MIN;
    const closeAt = startAt + 4 * HOUR;
    const created = await momentContest({
      content: "Reply to win: the first reply after our secret moment wins! {DRAW_LINK}",
      startAt,
      momentAt,
      // X refuses a post whose text the account posted already: each lost reply names its entrant.
      lost: "Not this time, {NAME}.",
    });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;
    const row = async () => first(w.t.db.select().from(contests).where(eq(contests.id, id)));
    const replies = async () =>
      (await w.t.db.select().from(publications).where(eq(publications.contestId, id))).filter(
        (p) => p.kind !== "main",
      );

    await tickAt(startAt + 1000);
    expect((await row())?.status).toBe("started");
    const [main] = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    const postId = String(main?.externalPostId);

    // One fan replies before the moment, two after it: the first after it wins.
    const entered: Record<string, string> = {};
    for (const [i, minutes] of [
      [1, 5],
      [2, 15],
      [3, 20],
    ] as const) {
      w.x.addUser({
        id: fanId(i),
        username: `fan${i}`,
        name: `Fan ${i}`,
        created_at: "2019-05-01T00:00:00.000Z",
        followers: 10,
        following: 1,
        tweets: 5,
      });
      const reply = w.x.tweet(fanId(i), `@brand me ${i}`, new Date(startAt + minutes * MIN).toISOString(), {
        in_reply_to: postId,
      });
      entered[`fan${i}`] = reply.id;
    }
    await tickAt(startAt + HOUR);
    const ours = () => [...w.x.tweets.values()].filter((t) => t.author === BRAND && t.in_reply_to !== null);
    // While it runs: the winner only, under their own reply, and recorded with the post X answered.
    expect(ours().map((t) => [t.in_reply_to, t.text])).toEqual([[entered.fan2, "You won, Fan 2!"]]);
    const during = await replies();
    expect(during.map((p) => [p.kind, p.status, p.externalPostId])).toEqual([
      ["winning_moment_won", "published", ours()[0]?.id],
    ]);

    await tickAt(closeAt + 1000);
    await tickAt(closeAt + 2 * MIN);
    expect((await row())?.status).not.toBe("started");
    // At the close: the others are told, the winner is not answered twice.
    expect(
      ours()
        .map((t) => [t.in_reply_to, t.text])
        .sort(),
    ).toEqual(
      [
        [entered.fan1, "Not this time, Fan 1."],
        [entered.fan2, "You won, Fan 2!"],
        [entered.fan3, "Not this time, Fan 3."],
      ].sort(),
    );
    const after = await replies();
    expect(after.map((p) => [p.kind, p.status]).sort()).toEqual([
      ["winning_moment_lost", "published"],
      ["winning_moment_lost", "published"],
      ["winning_moment_won", "published"],
    ]);
    const ids = new Set(ours().map((t) => t.id));
    for (const p of after) expect(ids.has(String(p.externalPostId))).toBe(true);
  });
});

describe("a builder contest whose winning-moment replies name no entrant", { timeout: 60_000 }, () => {
  it("is refused with a 422 on the reply text without {NAME}, and nothing is stored", async () => {
    const startAt = clock.now + HOUR;
    const before = (await w.t.db.select().from(contests)).length;
    const created = await momentContest({
      content: "Reply to win!",
      startAt,
      momentAt: startAt + 10 * MIN,
      // Every entrant who did not win would get this one text: X takes it once.
      lost: "Not this time!",
    });
    const body = (await created.json()) as { errors?: Record<string, string[]> };
    expect(created.status, JSON.stringify(body)).toBe(422);
    expect(body.errors).toEqual({
      "sources.0.winning_moments.lost_publication.content": [
        "Sent to each entrant, this reply must contain {NAME}, filled in for each one: the network refuses the same text twice from one account.",
      ],
    });
    expect((await w.t.db.select().from(contests)).length).toBe(before);
  });
});
