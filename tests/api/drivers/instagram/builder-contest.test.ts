/**
 * A builder contest published with a linked Instagram account, on the Instagram stand-in: the scheduler publishes
 * its post at the start by the container flow from the uploaded JPEG's signed public URL, comments pushed by the
 * webhook and read by the loads make the entrants while it runs, the close sweeps, the automatic draw follows, the
 * winners are answered by a comment under the post and each winner gets a private reply to their comment.
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
import { JPEG, PNG } from "../../../helpers/tiny-images";
import { BRAND, type InstagramWorld, instagramWorld } from "./world";

const MIN = 60_000;
const HOUR = 60 * MIN;

let w: InstagramWorld;
const clock = { now: Date.now() };
afterEach(async () => {
  expect(w.problems()).toEqual([]);
  await w.close();
});

/** Moves the clock and runs the scheduler until nothing more is due (bounded). */
async function tickAt(ms: number) {
  clock.now = ms;
  await runUntilIdle(w.t);
}

async function uploadJpeg(): Promise<{ uuid: string; mime: string; size: number }> {
  return upload("bike.jpg", "image/jpeg", JPEG);
}

async function upload(
  name: string,
  type: string,
  bytes: Buffer,
): Promise<{ uuid: string; mime: string; size: number }> {
  const boundary = "----FairdrawIgBuilder";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await w.t.app.request("/api/v1/upload/contest_builder", {
    method: "POST",
    headers: {
      cookie: w.owner.cookie,
      "x-csrf-token": w.owner.csrf,
      "x-requested-with": "XMLHttpRequest",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    body: new Uint8Array(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { uuid: string; mime: string; size: number };
}

describe.each([
  ["with Instagram Login", "instagram_login"],
  ["through a Facebook Page", "via_facebook_page"],
] as const)("a builder contest on an Instagram account linked %s", (_how, way) => {
  beforeEach(async () => {
    clock.now = Date.now();
    w = await instagramWorld({ clock: () => new Date(clock.now), way });
  });

  it("publishes by the container flow, takes pushed and polled comments, draws, and answers winners publicly and privately", {
    timeout: 60_000,
  }, async () => {
    const accountRowId = await w.linked();
    const accountId = (await builderAccounts(w.owner, "instagram")).find(
      (a) => a._id === accountRowId,
    )?.account_id;
    const file = await uploadJpeg();

    const at = contestWindow(clock.now);
    const { startAt, closeAt, drawAt } = at;
    const created = await createBuilderContest(w.t, w.owner, {
      network: "instagram",
      accountId,
      name: "Bike on Instagram",
      content: "Comment to win a bike! Rules: {DRAW_LINK}",
      winners: 2,
      at,
      edit: (source) => {
        source.publication.media = { files: [file], count: 1 };
        source.actions.comment.target = "all";
      },
    });
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;
    const row = async () => first(w.t.db.select().from(contests).where(eq(contests.id, id)));
    expect((await row())?.sandbox).toBe(false);

    await answerWinners(w.t, id);

    // The start: the post, made from the image Meta fetched at its signed address.
    await tickAt(startAt + 1000);
    expect((await row())?.status).toBe("started");
    const main = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(main.map((p) => [p.kind, p.status])).toEqual([["main", "published"]]);
    const post = w.ig.media.find((m) => m.id === main[0]?.externalPostId);
    // Through a Page, the container flow ran on graph.facebook.com (the Meta stand-in) with the Page's token.
    const onFacebook = w.meta.calls(`POST /v21.0/${BRAND.id}/media_publish`);
    expect(onFacebook).toBe(way === "via_facebook_page" ? 1 : 0);
    expect(post?.caption).toBe(`Comment to win a bike! Rules: ${w.t.deps.env.publicUrl}/verify/${id}`);

    // Two fans comment (one pushed by the webhook before the list shows it), a third later.
    const fan = (i: number) => ({ id: `9000000000000000${i}`, username: `fan${i}` });
    const mediaId = post?.id ?? "";
    w.ig.comment(mediaId, fan(1), "Me please!", new Date(startAt + MIN).toISOString());
    const pushed = w.ig.comment(mediaId, fan(2), "Me too!", new Date(startAt + 2 * MIN).toISOString());
    w.ig.comments.pop();
    const delivery = w.delivery(pushed, BRAND.id);
    const res = await w.t.app.request("/api/v1/webhooks/instagram", {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": delivery.signature },
      body: delivery.body,
    });
    expect(await res.json()).toMatchObject({ stored: 1, contests: 1 });
    await tickAt(startAt + HOUR);
    const during = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(during.map((e) => e.screenName).sort()).toEqual(["fan1", "fan2"]);

    // The third comments just before the close: the close's sweep reads it.
    w.ig.comments.push(pushed);
    w.ig.comment(mediaId, fan(3), "Last one!", new Date(closeAt - MIN).toISOString());
    await tickAt(closeAt + 1000);
    expect((await row())?.status).toBe("closed");
    const swept = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(swept.map((e) => e.screenName).sort()).toEqual(["fan1", "fan2", "fan3"]);

    // The draw, the winners' comment under the post, and a private reply to each winner's comment.
    await tickAt(drawAt + 1000);
    await tickAt(drawAt + 2 * MIN);
    expect((await row())?.status).toBe("ended");
    const ours = w.ig.comments.filter((c) => c.from.id === BRAND.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]?.text).toMatch(/^Congratulations @fan\d, @fan\d!$/);
    expect(w.ig.messages).toHaveLength(2);
    const winnerComments = w.ig.messages.map(
      (m) => w.ig.comments.find((c) => c.id === m.comment_id)?.from.username,
    );
    for (const name of winnerComments) expect(ours[0]?.text).toContain(`@${name}`);
    expect(w.ig.messages[0]?.text).toMatch(/^You won, /);
  });
});

describe("a builder contest on Instagram with a PNG image", { timeout: 30_000 }, () => {
  beforeEach(async () => {
    clock.now = Date.now();
    w = await instagramWorld({ clock: () => new Date(clock.now) });
  });

  it("is refused with a 422 at the media field before anything is written or sent to Instagram", async () => {
    const accountRowId = await w.linked();
    const accountId = (await builderAccounts(w.owner, "instagram")).find(
      (a) => a._id === accountRowId,
    )?.account_id;
    const file = await upload("bike.png", "image/png", PNG);
    expect(file.mime).toBe("image/png");
    const created = await createBuilderContest(w.t, w.owner, {
      network: "instagram",
      accountId,
      name: "Bike on Instagram",
      content: "Comment to win a bike!",
      winners: 1,
      // No automatic draw: the builder's default.
      at: { startAt: clock.now + HOUR, closeAt: clock.now + 5 * HOUR },
      edit: (s) => {
        s.publication.media = { files: [file], count: 1 };
        s.actions.comment.target = "all";
      },
    });
    expect(created.status).toBe(422);
    const { errors } = (await created.json()) as { errors: Record<string, string[]> };
    expect(errors).toEqual({
      "sources.0.publication.media": [
        "Only JPEG images can be published on this network: save this image as JPEG and add it again.",
      ],
    });
    expect(await w.t.db.select().from(contests)).toEqual([]);
    expect(w.ig.callsMatching("POST", /\/media$/)).toBe(0);
  });
});
