/**
 * A builder contest published with a linked Threads account, on the Threads stand-in: the scheduler publishes the
 * contest's post (a container with the uploaded image by its signed public address) at the start, a reply pushed
 * by the webhook and others polled become entries while it runs, the load at the close reads the last one, the draw
 * follows, and the winners are answered with a reply to the post (Threads has no private messages).
 */
import { createHmac } from "node:crypto";
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
import { BRAND_USER, type ThreadsWorld, threadsWorld } from "./world";

const MIN = 60_000;
const HOUR = 60 * MIN;

let w: ThreadsWorld;
const clock = { now: Date.now() };
beforeEach(async () => {
  clock.now = Date.now();
  w = await threadsWorld({ clock: () => new Date(clock.now) });
});
afterEach(async () => {
  expect(w.threads.problems).toEqual([]);
  await w.close();
});

async function tickAt(ms: number) {
  clock.now = ms;
  w.threads.clockOffsetMs = ms - Date.now();
  await runUntilIdle(w.t);
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function uploadPng(): Promise<{ uuid: string; mime: string; size: number }> {
  const boundary = "----FairdrawThreadsBuilder";
  const res = await w.t.app.request("/api/v1/upload/contest_builder", {
    method: "POST",
    headers: {
      cookie: w.owner.cookie,
      "x-csrf-token": w.owner.csrf,
      "x-requested-with": "XMLHttpRequest",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    body: new Uint8Array(
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="coffee.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    ),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { uuid: string; mime: string; size: number };
}

describe("a builder contest on a linked Threads account", { timeout: 60_000 }, () => {
  it("publishes its post with its image, takes pushed and polled replies, sweeps at the close, and answers its winners", async () => {
    await w.connect();
    const [linked] = await w.threadsAccounts();
    const accountId = (await builderAccounts(w.owner, "threads")).find(
      (a) => a._id === linked?._id,
    )?.account_id;
    const file = await uploadPng();
    const { startAt, closeAt, drawAt } = contestWindow(clock.now);
    const created = await createBuilderContest(w.t, w.owner, {
      network: "threads",
      accountId,
      name: "Coffee on Threads",
      content: "Reply to win a year of coffee! Rules: {DRAW_LINK}",
      winners: 2,
      at: { startAt, closeAt, drawAt },
      edit: (s) => {
        s.publication.media = { files: [file], count: 1 };
      },
    });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;
    const row = async () => first(w.t.db.select().from(contests).where(eq(contests.id, id)));
    // With a private message to winners that a network without them (capabilities: none) must not attempt.
    await answerWinners(w.t, id);

    // The start: the post, an image container published by the account.
    await tickAt(startAt + 1000);
    expect((await row())?.status).toBe("started");
    const main = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(main.map((p) => [p.kind, p.status])).toEqual([["main", "published"]]);
    const postId = String(main[0]?.externalPostId);
    const post = w.threads.posts.get(postId);
    expect(post).toMatchObject({ owner: BRAND_USER, media_type: "IMAGE", replied_to: null });
    expect(post?.text).toBe(`Reply to win a year of coffee! Rules: ${w.t.deps.env.publicUrl}/verify/${id}`);
    expect(post?.image_url?.startsWith(`${w.t.deps.env.publicUrl}/api/v1/media/${file.uuid}?`)).toBe(true);

    // Two fans reply (one is pushed by the webhook before polling lists it); the loads make them entrants.
    for (const [i, name] of ["fan.one", "fan.two", "fan.three"].entries()) {
      w.threads.addUser({ id: `88${i}`, username: name, name });
    }
    w.threads.post("880", "Me please!", new Date(startAt + MIN).toISOString(), postId);
    const raw = JSON.stringify({
      app_id: "1",
      topic: "moderate",
      target_id: BRAND_USER,
      time: 1,
      subscription_id: "1",
      has_uid_field: false,
      values: {
        field: "replies",
        value: {
          id: "6660001",
          username: "fan.two",
          text: "Me too!",
          media_type: "TEXT_POST",
          replied_to: { id: postId },
          root_post: { id: postId, owner_id: BRAND_USER, username: "brand.threads" },
          timestamp: `${new Date(startAt + 2 * MIN).toISOString().slice(0, 19)}+0000`,
        },
      },
    });
    const pushed = await w.t.app.request("/api/v1/webhooks/threads", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": `sha256=${createHmac("sha256", w.threads.clientSecret).update(raw).digest("hex")}`,
      },
      body: raw,
    });
    expect(await pushed.json()).toMatchObject({ stored: 1, contests: 1 });
    await tickAt(startAt + HOUR);
    const during = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(during.map((e) => e.screenName).sort()).toEqual(["fan.one", "fan.two"]);

    // A last reply just before the close: the load at the close reads it (a sweep from the start).
    w.threads.post("882", "Just in time", new Date(closeAt - MIN).toISOString(), postId);
    await tickAt(closeAt + 1000);
    expect((await row())?.status).toBe("closed");
    const closed = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(closed.map((e) => e.screenName).sort()).toEqual(["fan.one", "fan.three", "fan.two"]);

    await tickAt(drawAt + 1000);
    expect((await row())?.status).toBe("ended");
    const winners = [...w.threads.posts.values()].filter(
      (p) => p.replied_to === postId && p.owner === BRAND_USER,
    );
    expect(winners).toHaveLength(1);
    expect(winners[0]?.text).toMatch(/^Congratulations @fan\.\w+, @fan\.\w+!$/);
    const done = await w.t.db.select().from(jobs).where(eq(jobs.contestId, id));
    expect(done.find((j) => j.kind === "private_messages")).toMatchObject({
      status: "done",
      result: { skipped: "threads_no_messages" },
    });
    const published = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(published.find((p) => p.kind === "winners")?.status).toBe("published");
    expect(published.filter((p) => p.kind === "private_message")).toEqual([]);
  });
});
