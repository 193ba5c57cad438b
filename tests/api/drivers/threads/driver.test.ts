/**
 * The Threads driver against the Threads stand-in (every request and answer checked against Threads' official
 * collection): a quick import of a post link loads its repliers through the app; entries are read page by page,
 * then only what is new, each reply once, and the close sweeps everything again; rate limits, a lapsed token, a
 * missing permission and a deleted post are errors as data; publications are containers published once, replies
 * with reply_to_id; a container that never finishes and a spent publishing cap publish nothing.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contests } from "../../../../api/db/tables";
import { redirectUriOf } from "../../../../api/drivers";
import { RateLimited } from "../../../../api/drivers/errors";
import { threadsNetworkWith } from "../../../../api/drivers/threads/network";
import type { EntriesRequest, StoredAccount } from "../../../../api/drivers/types";
import type { StandInPost } from "../../../helpers/threads-standin";
import { BRAND_USER, PUBLIC_URL, type ThreadsWorld, threadsWorld } from "./world";

let w: ThreadsWorld;
let accountId: string;
let post: StandInPost;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
const fans = (n: number, from = 0) => {
  for (let i = from; i < from + n; i++) {
    w.threads.addUser({ id: `99${String(i).padStart(10, "0")}`, username: `fan.${i}`, name: `Fan ${i}` });
  }
};
const fan = (i: number) => `99${String(i).padStart(10, "0")}`;

beforeEach(async () => {
  w = await threadsWorld();
  await w.connect();
  const [linked] = await w.threadsAccounts();
  accountId = linked?._id ?? "";
  post = w.threads.post(BRAND_USER, "Reply to win a year of coffee!", at(0));
});
afterEach(async () => {
  expect(w.threads.problems).toEqual([]);
  await w.close();
});

/** The driver and an entries request on a contest of the team's (where the load's checkpoint is kept). */
async function reader(over: Partial<EntriesRequest> = {}) {
  const { driver, account, provider } = await w.driverOf(accountId);
  let [contest] = await w.t.db.select().from(contests).where(eq(contests.teamId, w.teamId));
  if (!contest) {
    expect((await importPost()).status).toBe(201);
    [contest] = await w.t.db.select().from(contests).where(eq(contests.teamId, w.teamId));
  }
  const request: EntriesRequest = {
    provider,
    contest_id: contest?.id ?? "",
    source_id: "s1",
    post_id: post.shortcode,
    account,
    source: { type: "threads", actions: { comment: { enabled: true, accept_replies: true } } },
    accounts_to_follow: [],
    now: new Date(),
    limit: 10_000,
    ...over,
  };
  return { driver, request, account, provider };
}

async function importPost(link = `https://www.threads.com/@brand.threads/post/${post.shortcode}`) {
  return w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
    provider: "threads",
    matched: link,
    confirm: true,
    name: "Threads import",
  });
}

describe("a Threads quick import", { timeout: 30_000 }, () => {
  it("loads the real repliers of the post a link names (its shortcode found among the account's threads)", async () => {
    fans(3);
    for (let i = 0; i < 3; i++) w.threads.post(fan(i), `I'm in #${i}`, at(i + 1), post.id);
    const first = [...w.threads.posts.values()].find((p) => p.owner === fan(0));
    w.threads.post(fan(1), "a reply to a reply counts too", at(9), first?.id ?? null);
    w.threads.post(BRAND_USER, "Thanks all!", at(10), post.id);
    const imported = await importPost();
    expect(imported.status).toBe(201);
    const { contest_id } = (await imported.json()) as { contest_id: string };
    const loaded = await w.owner.call("POST", `/api/v1/teams/current/contests/${contest_id}/load_entries`, {
      consent: true,
    });
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toMatchObject({ loaded: 3 });
    const res = await w.owner.call("GET", `/api/v1/teams/current/contests/${contest_id}/entries`);
    const { data } = (await res.json()) as { data: { account: { screen_name: string } }[] };
    // The brand's own reply is not an entry.
    expect(data.map((e) => e.account.screen_name).sort()).toEqual(["fan.0", "fan.1", "fan.2"]);
    expect(w.threads.calls("GET /me/threads")).toBeGreaterThanOrEqual(1);
  });

  it("refuses a deleted post, or one that is not the linked account's, with a 422 on matched and no import", async () => {
    w.threads.deleted.add(post.id);
    const gone = await importPost();
    expect(gone.status).toBe(422);
    expect(Object.keys(((await gone.json()) as { errors: object }).errors)).toEqual(["matched"]);
    const elsewhere = await importPost("https://www.threads.com/@someone/post/Zz9Yy8Xx7Ww");
    expect(elsewhere.status).toBe(422);
    const rows = await w.t.db.select().from(contests).where(eq(contests.teamId, w.teamId));
    expect(rows).toHaveLength(0);
  });
});

describe("Threads entries", { timeout: 30_000 }, () => {
  it("reads every replier page by page, then only what is new, and counts each reply once", async () => {
    fans(60);
    for (let i = 0; i < 60; i++) w.threads.post(fan(i), `entry ${i}`, at(i + 1), post.id);
    w.threads.pageSize = 25;
    const { driver, request } = await reader();
    const load = await driver.loadEntries(request);
    expect(load.entrants).toHaveLength(60);
    expect(load.entrants[0]).toMatchObject({ external_id: "fan.0", screen_name: "fan.0", followers: 0 });
    expect(load.entrants[0]?.comments).toEqual([{ id: expect.any(String), text: "entry 0", at: at(1) }]);
    expect(load.lists).toEqual([{ action: "comment", listed: 60, total: null }]);
    expect(w.threads.calls(`GET /${post.id}/conversation`)).toBe(3);
    // Later: 5 new replies and a second one by fan.0; the next load reads from where the last one stopped.
    for (let i = 60; i < 65; i++) {
      fans(1, i);
      w.threads.post(fan(i), `late ${i}`, at(i + 1), post.id);
    }
    w.threads.post(fan(0), "again", at(70), post.id);
    const again = await driver.loadEntries(request);
    expect(again.entrants).toHaveLength(65);
    expect(again.entrants.find((e) => e.external_id === "fan.0")?.comments).toHaveLength(2);
    expect(again.lists[0]?.listed).toBe(66);
    expect(w.threads.calls(`GET /${post.id}/conversation`)).toBe(4);
  });

  it("reads only top-level replies when the form does not accept replies to replies", async () => {
    fans(2);
    const top = w.threads.post(fan(0), "top", at(1), post.id);
    w.threads.post(fan(1), "nested", at(2), top.id);
    const { driver, request } = await reader({
      source: { type: "threads", actions: { comment: { enabled: true, accept_replies: false } } },
    });
    const load = await driver.loadEntries(request);
    expect(load.entrants.map((e) => e.external_id)).toEqual(["fan.0"]);
    expect(w.threads.calls(`GET /${post.id}/replies`)).toBe(1);
  });

  it("sweeps everything once more at the close, within the window, without counting anything twice", async () => {
    fans(4);
    for (let i = 0; i < 3; i++) w.threads.post(fan(i), `entry ${i}`, at(i + 1), post.id);
    const window = { start: at(0), end: at(30) };
    const { driver, request } = await reader({ window, now: new Date(at(20)) });
    expect((await driver.loadEntries(request)).entrants).toHaveLength(3);
    w.threads.post(fan(3), "in time", at(25), post.id);
    w.threads.post(fan(3), "too late", at(40), post.id);
    const calls = w.threads.calls(`GET /${post.id}/conversation`);
    const closing = await driver.loadEntries({ ...request, now: new Date(at(45)) });
    expect(closing.entrants).toHaveLength(4);
    expect(closing.entrants.find((e) => e.external_id === "fan.3")?.comments.map((c) => c.text)).toEqual([
      "in time",
    ]);
    expect(closing.lists[0]?.listed).toBe(4);
    // The sweep read from the start (one page here); the next load reads after it only.
    expect(w.threads.calls(`GET /${post.id}/conversation`)).toBe(calls + 1);
    expect((await driver.loadEntries({ ...request, now: new Date(at(50)) })).lists[0]?.listed).toBe(4);
  });

  it("waits as Meta's usage header says on a rate limit, and resumes after the last page read", async () => {
    fans(50);
    for (let i = 0; i < 50; i++) w.threads.post(fan(i), `entry ${i}`, at(i + 1), post.id);
    w.threads.pageSize = 25;
    const { driver, request } = await reader();
    const usage = (minutes: number) => ({
      "x-business-use-case-usage": JSON.stringify({
        [BRAND_USER]: [{ type: "threads", call_count: 100, estimated_time_to_regain_access: minutes }],
      }),
    });
    // The shortcode's lookup and the first page go through; the second page is refused.
    w.threads.failNext = { status: 400, code: 4, times: 1, after: 2, headers: usage(7) };
    const refused = await driver.loadEntries(request).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).waitMs).toBe(7 * 60_000);
    for (const code of [17, 32, 613]) {
      w.threads.failNext = { status: 400, code, times: 1, headers: usage(code) };
      const again = await driver.loadEntries(request).catch((e: unknown) => e);
      expect((again as RateLimited).waitMs).toBe(code * 60_000);
    }
    const conversation = `GET /${post.id}/conversation`;
    expect(w.threads.calls(conversation)).toBe(5);
    // The next load resumes at the second page: one call, the 50 entrants, none twice.
    const load = await driver.loadEntries(request);
    expect(load.entrants).toHaveLength(50);
    expect(load.lists[0]?.listed).toBe(50);
    expect(w.threads.calls(conversation)).toBe(6);
  });

  it("answers a missing permission (10, 200) as a reconnect and a deleted post as unavailable", async () => {
    const { driver, request } = await reader();
    w.threads.failNext = { status: 403, code: 10, times: 1 };
    await expect(driver.loadEntries(request)).rejects.toMatchObject({ reason: "reconnect" });
    w.threads.failNext = { status: 403, code: 200, times: 1 };
    await expect(driver.loadEntries(request)).rejects.toMatchObject({ reason: "reconnect" });
    w.threads.deleted.add(post.id);
    await expect(driver.loadEntries({ ...request, source_id: "s2" })).rejects.toMatchObject({
      reason: "post_unavailable",
    });
    await expect(driver.loadEntries({ ...request, post_id: post.id, source_id: "s3" })).rejects.toMatchObject(
      {
        reason: "post_unavailable",
      },
    );
  });
});

describe("publishing on Threads", { timeout: 30_000 }, () => {
  const key = (kind: "main" | "winners" | "reminder", k: string) => ({
    contest_id: "c1",
    source_id: "s1",
    kind,
    key: k,
  });

  it("publishes a container once, and answers winners with reply_to_id, each once", async () => {
    const { driver, account } = await reader();
    const main = { ...key("main", "main"), account, text: "Reply to win!", media: [], dark: false };
    const made = await driver.publish(main);
    expect(await driver.publish(main)).toEqual(made);
    expect(w.threads.calls("POST /me/threads")).toBe(1);
    expect(w.threads.calls("POST /me/threads_publish")).toBe(1);
    const published = w.threads.posts.get(made.external_post_id);
    expect(published).toMatchObject({ owner: BRAND_USER, text: "Reply to win!", replied_to: null });
    const winners = {
      ...key("winners", "w"),
      account,
      text: "Winners: @fan.1",
      media: [],
      dark: false,
      mode: "reply" as const,
      in_reply_to: made.external_post_id,
    };
    const reply = await driver.reply(winners);
    expect(await driver.reply(winners)).toEqual(reply);
    expect(w.threads.posts.get(reply.external_post_id)).toMatchObject({
      text: "Winners: @fan.1",
      replied_to: made.external_post_id,
    });
    expect(w.threads.calls("POST /me/threads")).toBe(2);
    // A quick import's post is named by its shortcode: the reply goes to its media.
    const r2 = await driver.reply({ ...winners, key: "w2", text: "Closed!", in_reply_to: post.shortcode });
    expect(w.threads.posts.get(r2.external_post_id)?.replied_to).toBe(post.id);
  });

  it("publishes an uploaded image by its signed public address, which the app serves without a session", async () => {
    const boundary = "----FairdrawThreads";
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const uploaded = await w.t.app.request("/api/v1/upload", {
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
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prize.png"\r\n` +
              "Content-Type: image/png\r\n\r\n",
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      ),
    });
    expect(uploaded.status).toBe(201);
    const { uuid } = (await uploaded.json()) as { uuid: string };
    const { driver, account } = await reader();
    const made = await driver.publish({
      ...key("main", "main"),
      account,
      text: "Win this!",
      media: [uuid],
      dark: false,
    });
    const published = w.threads.posts.get(made.external_post_id);
    expect(published?.media_type).toBe("IMAGE");
    const address = new URL(published?.image_url ?? "");
    expect(address.origin).toBe(PUBLIC_URL);
    // What Meta's servers would fetch: the uploaded bytes, without any session.
    const fetched = await w.t.app.request(`${address.pathname}${address.search}`);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(png);
  });

  it("publishes nothing when the container never finishes, or the daily cap is spent", async () => {
    const { account, provider } = await reader();
    const network = threadsNetworkWith({ tries: 3, everyMs: 10 });
    const context = {
      provider,
      config: w.t.deps.env.oauth.threads as NonNullable<typeof w.t.deps.env.oauth.threads>,
      redirectUri: redirectUriOf(provider, w.t.deps.env),
    };
    const driver = network.driver(context, w.t.deps, account as StoredAccount, {});
    const main = { ...key("main", "main"), account, text: "Reply to win!", media: [], dark: false };
    w.threads.containersNeverFinish = true;
    await expect(driver.publish(main)).rejects.toMatchObject({ reason: "network_unavailable" });
    expect(w.threads.calls("POST /me/threads_publish")).toBe(0);
    expect([...w.threads.containers.values()][0]?.checks).toBe(3);
    w.threads.containersNeverFinish = false;
    w.threads.publishedToday = 250;
    const capped = await driver.publish(main).catch((e: unknown) => e);
    expect(capped).toBeInstanceOf(RateLimited);
    expect(w.threads.containers.size).toBe(1);
  });

  it("refuses private messages as data: Threads has none", async () => {
    const { driver, account } = await reader();
    await expect(
      driver.sendPrivateMessage({
        ...key("main", "pm"),
        kind: "private_message",
        account,
        recipient: { external_id: "fan.1", screen_name: "fan.1" },
        text: "You won",
        media: [],
      }),
    ).rejects.toMatchObject({ reason: "message_refused" });
  });
});
