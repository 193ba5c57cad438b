/**
 * The Instagram driver against the stand-in (every field asked and answered checked against the SDK's lists): a
 * quick import of a post link matched to its media id and loading its real commenters with their replies, each
 * counted once; a load stopped by a rate limit resumes where it stopped; Meta's error codes as data; publishing by
 * the container flow from an uploaded image's signed URL; comments as replies; private replies within 7 days.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contests } from "../../../../api/db/tables";
import { AccountNeedsReconnect, PostUnavailable, RateLimited } from "../../../../api/drivers/errors";
import { ContainerUnfinished, POLL_TRIES } from "../../../../api/drivers/instagram/publish";
import type { EntriesRequest } from "../../../../api/drivers/types";
import { JPEG } from "../../../helpers/tiny-images";
import { BRAND, type InstagramWorld, instagramWorld } from "./world";

let w: InstagramWorld;
let accountId: string;
const A = "/api/v1/teams/current";
const SHORTCODE = "C8xYz12AbCd";
const fan = (i: number) => ({ id: `9${String(i).padStart(16, "0")}`, username: `fan${i}` });
const at = (minute: number) => new Date(Date.now() - (10_000 - minute) * 60_000).toISOString();

beforeEach(async () => {
  w = await instagramWorld();
  accountId = await w.linked();
});
afterEach(async () => {
  expect(w.ig.problems).toEqual([]);
  await w.close();
});

async function quickImport(link = `https://www.instagram.com/p/${SHORTCODE}/`) {
  return w.owner.call("POST", `${A}/contests/quickdraw`, {
    provider: "instagram",
    matched: link,
    confirm: true,
    name: "Instagram import",
  });
}

async function reader(mediaId: string) {
  const { driver, account, provider } = await w.driverOf(accountId);
  const request: EntriesRequest = {
    provider,
    contest_id: "c".repeat(24),
    source_id: "s1",
    post_id: mediaId,
    account,
    source: { type: "instagram", actions: { comment: { enabled: true, accept_replies: true } } },
    accounts_to_follow: [],
    now: new Date(),
    limit: 10_000,
  };
  // The checkpoint lives on a contest row: one of the team's.
  const imported = await quickImport();
  request.contest_id = ((await imported.json()) as { contest_id: string }).contest_id;
  return { driver, request, account };
}

describe("an Instagram quick import", { timeout: 30_000 }, () => {
  it("matches the link's shortcode to the media id among the account's posts and loads its commenters and replies", async () => {
    for (let i = 0; i < 60; i++)
      w.ig.addMedia(BRAND.id, `OLD${String(i).padStart(8, "0")}`, `old ${i}`, at(i));
    const post = w.ig.addMedia(BRAND.id, SHORTCODE, "Win a bike! Comment to enter", at(100));
    for (let i = 0; i < 70; i++)
      w.ig.addMedia(BRAND.id, `NEW${String(i).padStart(8, "0")}`, `new ${i}`, at(200 + i));
    for (let i = 0; i < 55; i++) w.ig.comment(post.id, fan(i), `I enter @friend${i}`, at(300 + i));
    const first = w.ig.comments[0];
    w.ig.comment(post.id, fan(99), "a reply counts too", at(400), first?.id ?? null);
    w.ig.comment(post.id, fan(0), "and a second one", at(401), first?.id ?? null);

    const imported = await quickImport();
    expect(imported.status).toBe(201);
    const id = ((await imported.json()) as { contest_id: string }).contest_id;
    const row = (await w.t.db.select().from(contests).where(eq(contests.id, id)))[0];
    expect(row?.sandbox).toBe(false);
    // The resolved media id is kept, so no load searches the shortcode again.
    expect(JSON.stringify(row?.sources)).toContain(post.id);

    const loaded = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
    expect(loaded.status).toBe(200);
    const entries = await w.owner.call("GET", `${A}/contests/${id}/entries?per_page=100`);
    const body = (await entries.json()) as { data: unknown[]; meta: { total: number } };
    expect(body.meta.total).toBe(56);
    expect(JSON.stringify(body.data)).toContain("fan99");
  });

  it("refuses a link to a post the account does not have, or a deleted one, with a 422 on matched and no import counted", async () => {
    const gone = w.ig.addMedia(BRAND.id, SHORTCODE, "deleted", at(1));
    gone.deleted = true;
    const res = await quickImport();
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(["matched"]);
    expect(await w.t.db.select().from(contests).where(eq(contests.teamId, w.teamId))).toHaveLength(0);
  });
});

describe("Instagram entries", { timeout: 30_000 }, () => {
  it("counts each comment once by its id across loads, the new ones added", async () => {
    const post = w.ig.addMedia(BRAND.id, SHORTCODE, "Win", at(1));
    for (let i = 0; i < 10; i++) w.ig.comment(post.id, fan(i), `hi ${i}`, at(10 + i));
    const { driver, request } = await reader(post.id);
    expect((await driver.loadEntries(request)).entrants).toHaveLength(10);
    w.ig.comment(post.id, fan(0), "again", at(50));
    w.ig.comment(post.id, fan(20), "new", at(51));
    const again = await driver.loadEntries(request);
    expect(again.entrants).toHaveLength(11);
    expect(again.entrants.find((e) => e.external_id === fan(0).id)?.comments).toHaveLength(2);
    expect(again.lists).toEqual([{ action: "comment", listed: 12, total: null }]);
  });

  it("stops on a rate limit (codes 4, 17, 32, 613) for what the usage header says, then resumes at its page", async () => {
    const post = w.ig.addMedia(BRAND.id, SHORTCODE, "Win", at(1));
    for (let i = 0; i < 120; i++) w.ig.comment(post.id, fan(i), `hi ${i}`, at(10 + i));
    const { driver, request } = await reader(post.id);
    for (const code of [4, 17, 32, 613]) {
      const usage = JSON.stringify({
        [BRAND.id]: [
          {
            type: "instagram",
            call_count: 100,
            total_cputime: 20,
            total_time: 30,
            estimated_time_to_regain_access: 7,
          },
        ],
      });
      w.ig.failNext = { status: 400, code, usage, times: 1 };
      const err = await driver.loadEntries({ ...request, source_id: `rl${code}` }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateLimited);
      expect((err as RateLimited).waitMs).toBe(7 * 60_000);
    }
    // A limit met on the second page of three: the next load starts at page 2, nothing counted twice.
    const pages = () => w.ig.callsMatching("GET", new RegExp(`/${post.id}/comments$`));
    const before = pages();
    w.ig.failNext = { status: 400, code: 32, times: 1, after: 1 };
    await expect(driver.loadEntries(request)).rejects.toBeInstanceOf(RateLimited);
    expect(pages() - before).toBe(2);
    const done = await driver.loadEntries(request);
    expect(done.entrants).toHaveLength(120);
    expect(done.lists[0]?.listed).toBe(120);
    // Pages 2 and 3 only.
    expect(pages() - before).toBe(4);
  });

  it("answers a revoked token (190) as reconnect, a missing permission (10, 200) as reconnect, a deleted post as unavailable", async () => {
    const post = w.ig.addMedia(BRAND.id, SHORTCODE, "Win", at(1));
    const { driver, request } = await reader(post.id);
    for (const code of [10, 200]) {
      w.ig.failNext = { status: 403, code, times: 1 };
      await expect(driver.loadEntries({ ...request, source_id: `p${code}` })).rejects.toBeInstanceOf(
        AccountNeedsReconnect,
      );
    }
    post.deleted = true;
    await expect(driver.loadEntries({ ...request, source_id: "gone" })).rejects.toBeInstanceOf(
      PostUnavailable,
    );
    post.deleted = false;
    w.ig.revokeAll();
    await expect(driver.loadEntries({ ...request, source_id: "t" })).rejects.toBeInstanceOf(
      AccountNeedsReconnect,
    );
    expect((await w.accountRow(accountId))?.disabled).toBe(true);
  });
});

async function uploadJpeg(): Promise<string> {
  const boundary = "----FairdrawIg";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bike.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    JPEG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await w.t.app.request("/api/v1/upload", {
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
  return ((await res.json()) as { uuid: string }).uuid;
}

describe("publishing on Instagram", { timeout: 30_000 }, () => {
  const key = { contest_id: "c".repeat(24), source_id: "s1" };

  it("makes a container from the upload's signed public URL, waits for FINISHED, publishes once, and reads the daily limit", async () => {
    const upload = await uploadJpeg();
    const { driver, account } = await w.driverOf(accountId);
    const request = {
      ...key,
      kind: "main" as const,
      key: "main",
      account,
      text: "Win a bike! #giveaway",
      media: [upload],
      dark: false,
    };
    const made = await driver.publish(request);
    const post = w.ig.media.find((m) => m.id === made.external_post_id);
    expect(post?.caption).toBe("Win a bike! #giveaway");
    // Meta fetched the image at the signed address (the stand-in asked the app).
    const container = w.ig.log.find((l) => l.method === "POST" && l.path.endsWith(`/${BRAND.id}/media`));
    const imageUrl = new URLSearchParams(container?.body).get("image_url") ?? "";
    expect(imageUrl).toMatch(
      new RegExp(`^http://fairdraw\\.test/api/v1/media/${upload}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
    expect(w.ig.callsMatching("GET", new RegExp(`/${BRAND.id}/content_publishing_limit$`))).toBe(1);
    // Asked again (a restart): the same post, nothing made twice.
    expect(await driver.publish(request)).toEqual(made);
    expect(w.ig.callsMatching("POST", /\/media_publish$/)).toBe(1);
    expect(await driver.quotaState?.(account)).toEqual({
      unit: "calls",
      used: 1,
      limit: 100,
      resets_at: null,
      paused: false,
    });
    // The account's limit as the builder reads it (GET …/accounts/{id}/quota): no YouTube units expected.
    const shown = await w.owner.call("GET", `/api/v1/teams/current/accounts/${accountId}/quota`);
    expect(await shown.json()).toEqual({
      quota: { unit: "calls", used: 1, limit: 100, resets_at: null, paused: false },
      expected: null,
    });

    // Reminders and winners answer it as comments, each once.
    const reply = {
      ...request,
      kind: "winners" as const,
      key: "w",
      text: "Winner: @fan1",
      mode: "comment" as const,
      in_reply_to: made.external_post_id,
    };
    const r1 = await driver.reply(reply);
    expect(await driver.reply(reply)).toEqual(r1);
    expect(w.ig.comments.filter((c) => c.from.id === BRAND.id).map((c) => c.text)).toEqual(["Winner: @fan1"]);
  });

  it("refuses to publish when the 24-hour publishing limit is spent, making no container", async () => {
    const upload = await uploadJpeg();
    w.ig.publishingUsed = 100;
    const { driver, account } = await w.driverOf(accountId);
    const err = await driver
      .publish({ ...key, kind: "main", key: "main", account, text: "Win", media: [upload], dark: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimited);
    expect(w.ig.containers.size).toBe(0);
    expect(await driver.quotaState?.(account)).toMatchObject({ used: 100, limit: 100, paused: true });
  });

  it("answers a container that never finishes, or ends in ERROR, as an error after a bounded poll, publishing nothing", async () => {
    const upload = await uploadJpeg();
    const { account } = await w.driverOf(accountId);
    const { graphApi } = await import("../../../../api/drivers/shared/graph-api");
    const { publishPost } = await import("../../../../api/drivers/instagram/publish");
    const { SecretBox } = await import("../../../../api/drivers/shared/secrets");
    const { publicMediaUrl } = await import("../../../../api/services/public-media");
    const sealed = String((await w.accountRow(accountId))?.meta?.credentials);
    const token =
      new SecretBox(w.t.env.accountSecretKey).open<{ access_token: string }>(sealed)?.access_token ?? "";
    const api = graphApi({
      network: "instagram",
      apiUrl: `${w.ig.url}/v21.0`,
      fetch,
      token: async () => token,
    });
    const url = publicMediaUrl({
      publicUrl: w.t.env.publicUrl,
      accountSecretKey: w.t.env.accountSecretKey,
      uploadId: upload,
      now: new Date(),
    });
    let slept = 0;
    const input = {
      userId: account.external_id,
      caption: "Win",
      media: [{ url, mime: "image/jpeg" }],
      dailyCap: 100,
      sleep: async () => {
        slept++;
      },
    };
    w.ig.containerStatus = "IN_PROGRESS";
    await expect(publishPost(api, input)).rejects.toBeInstanceOf(ContainerUnfinished);
    expect(slept).toBe(POLL_TRIES);
    w.ig.containerStatus = "ERROR";
    await expect(publishPost(api, input)).rejects.toBeInstanceOf(ContainerUnfinished);
    expect(w.ig.callsMatching("POST", /\/media_publish$/)).toBe(0);
  });
});

describe("Instagram winners' private replies", { timeout: 30_000 }, () => {
  it("answers the winner's latest comment privately within 7 days, and refuses as data when it is older", async () => {
    const post = w.ig.addMedia(BRAND.id, SHORTCODE, "Win", at(1));
    w.ig.comment(post.id, fan(1), "me!", new Date(Date.now() - 2 * 86_400_000).toISOString());
    w.ig.comment(post.id, fan(2), "me too", new Date(Date.now() - 8 * 86_400_000).toISOString());
    const { driver, request, account } = await reader(post.id);
    await driver.loadEntries(request);
    const message = (who: { id: string; username: string }) => ({
      contest_id: request.contest_id,
      source_id: request.source_id,
      kind: "private_message" as const,
      key: `pm-${who.id}`,
      account,
      recipient: { external_id: who.id, screen_name: who.username },
      text: "You won! Reply with your address.",
      media: [],
    });
    const sent = await driver.sendPrivateMessage(message(fan(1)));
    expect(sent.external_message_id).toBeTruthy();
    expect(w.ig.messages).toEqual([
      { from: BRAND.id, comment_id: w.ig.comments[0]?.id, text: "You won! Reply with your address." },
    ]);
    await expect(driver.sendPrivateMessage(message(fan(2)))).rejects.toMatchObject({
      reason: "message_refused",
    });
    expect(w.ig.messages).toHaveLength(1);
  });
});
