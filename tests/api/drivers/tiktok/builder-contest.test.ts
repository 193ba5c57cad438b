/**
 * A builder contest on a linked TikTok account, on the stand-in: it runs as far as TikTok's capabilities allow
 * and says what it cannot do. On a business account of an audited app, the video is posted at the start, its
 * commenters are read while it runs (API for Business), the close and the draw follow, and no private message is
 * tried (TikTok has none). On a personal account the builder says comments cannot be required, and a contest
 * requiring them is refused with a 422 on the comment switch; an unaudited app's posts are said to be private.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../../../api/db/query";
import { contests, entrants, jobs, publications } from "../../../../api/db/tables";
import {
  builderAccounts,
  type ContestWindow,
  contestWindow,
  createBuilderContest,
  runUntilIdle,
} from "../../../helpers/builder-contest";
import { uploadFile } from "../../../helpers/world";
import { type TiktokWorld, tiktokWorld } from "./world";

const MIN = 60_000;
const HOUR = 60 * MIN;
type Json = Record<string, unknown>;
type Listed = { _id: string; account_id: number; unreadable_actions: string[]; publishes_private: boolean };

let w: TiktokWorld;
const clock = { now: Date.now() };
afterEach(async () => {
  expect(w.tiktok.problems).toEqual([]);
  await w.close();
});

async function world(opts: { business: boolean; audited: boolean }) {
  clock.now = Date.now();
  w = await tiktokWorld({
    business: opts.business,
    clock: () => new Date(clock.now),
    env: opts.audited ? { TIKTOK_APP_AUDITED: "true" } : {},
  });
  w.tiktok.audited = opts.audited;
  await w.connect();
  const [listed] = await builderAccounts<Listed>(w.owner, "tiktok");
  if (!listed) throw new Error("no tiktok account in the builder config");
  return listed;
}

async function tickAt(ms: number) {
  clock.now = ms;
  await runUntilIdle(w.t);
}

/** A minimal MP4 (its ftyp box), sniffed as video/mp4 by the upload. */
function mp4(): Uint8Array<ArrayBuffer> {
  const ftyp = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from("ftypisom"),
    0,
    0,
    2,
    0,
    ...Buffer.from("isomiso2"),
  ]);
  return new Uint8Array(Buffer.concat([ftyp, Buffer.alloc(2048, 0)]));
}

async function create(accountId: number, at: ContestWindow) {
  const uuid = await uploadFile(w.t, w.owner, mp4());
  return await createBuilderContest(w.t, w.owner, {
    network: "tiktok",
    accountId,
    name: "Bike on TikTok",
    content: "Comment to win a bike! Rules: {DRAW_LINK}",
    winners: 1,
    at,
    edit: (source) => {
      source.publication.media = { files: [{ uuid, mime: "video/mp4", size: mp4().byteLength }], count: 1 };
      // Asked for, but locked off on TikTok (its API cannot answer a video): the server keeps them off.
      source.reminders = {
        enabled: true,
        accept_entries: false,
        list: [
          {
            id: "r1",
            type: "comment",
            creation_date: new Date(at.startAt + HOUR).toISOString(),
            content: "Last hours!",
            media: { files: [], count: 0 },
            dark: false,
          },
        ],
      };
    },
  });
}

const window = () => contestWindow(clock.now);

describe("a builder contest on a linked TikTok account", { timeout: 60_000 }, () => {
  it("on a business account of an audited app, posts the video, reads its commenters while it runs, closes and draws", async () => {
    const listed = await world({ business: true, audited: true });
    expect(listed).toMatchObject({ unreadable_actions: [], publishes_private: false });
    const at = window();
    const created = await create(listed.account_id, at);
    const answer = (await created.json()) as { contest_id?: string };
    expect(created.status, JSON.stringify(answer)).toBe(201);
    const id = answer.contest_id as string;
    const row = async () => first(w.t.db.select().from(contests).where(eq(contests.id, id)));

    await tickAt(at.startAt + 1000);
    expect((await row())?.status).toBe("started");
    const [main] = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(main).toMatchObject({ kind: "main", status: "published" });
    expect(main?.externalPostId).toMatch(/^\d{19}$/);
    expect(w.tiktok.publishes()).toMatchObject([{ privacy: "PUBLIC_TO_EVERYONE" }]);

    // The video the commenters answer is the posted one: the stand-in's login owns it from now on.
    const posted = String(main?.externalPostId);
    w.brand.videos.push({ id: posted, description: "Comment to win a bike!", create_time: 1_764_000_000 });
    ["ana", "bo", "cy"].forEach((name, i) => {
      w.tiktok.comment(
        posted,
        { id: `open-${name}`, username: name, name: name.toUpperCase() },
        `Me! ${i}`,
        new Date(at.startAt + (i + 1) * MIN).toISOString(),
      );
    });
    await tickAt(at.startAt + HOUR);
    const during = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    expect(during.map((e) => e.screenName).sort()).toEqual(["ana", "bo", "cy"]);

    await tickAt(at.closeAt + 1000);
    expect((await row())?.status).toBe("closed");
    await tickAt(at.drawAt + 1000);
    expect((await row())?.status).toBe("ended");
    const done = await w.t.db.select().from(jobs).where(eq(jobs.contestId, id));
    expect(done.filter((j) => j.status === "failed")).toEqual([]);
    expect(done.filter((j) => j.kind === "reminder")).toEqual([]);
    const published = await w.t.db.select().from(publications).where(eq(publications.contestId, id));
    expect(published.filter((p) => p.kind === "private_message")).toEqual([]);
    expect(w.tiktok.calls("POST /v2/post/publish/video/init/")).toBe(1);
  });

  it("on a personal account, says comments cannot be required and refuses a contest requiring them with a 422", async () => {
    const listed = await world({ business: false, audited: false });
    expect(listed).toMatchObject({ unreadable_actions: ["comment"], publishes_private: true });
    const refused = await create(listed.account_id, window());
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Json }).errors).toEqual({
      "sources.0.actions.comment.enabled": [
        "This account cannot check this action: the network lists it only for a business account.",
      ],
    });
    expect(await w.t.db.select().from(contests)).toEqual([]);
    expect(w.tiktok.calls("POST /v2/post/publish/video/init/")).toBe(0);
  });
});
