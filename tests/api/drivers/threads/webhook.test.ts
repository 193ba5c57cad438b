/**
 * Threads' `replies` webhook: what one delivery means (the documented payload), and, through the shared route
 * (api/routes/meta-webhooks.ts) on the Threads stand-in's world, a signed delivery stored once and merged in the
 * next load, a forged one refused with nothing stored, the same reply pushed and polled counted once, events
 * delivered out of order applied in the order they happened; Meta's deauthorize and data-deletion callbacks put
 * the account in the reconnect state with its token dropped.
 */
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { contests, networkEvents } from "../../../../api/db/tables";
import { signRequest } from "../../../../api/drivers/shared/meta-graph";
import { threadsWebhook } from "../../../../api/drivers/threads/webhook";
import type { EntriesRequest } from "../../../../api/drivers/types";
import { BRAND_USER, PUBLIC_URL, type ThreadsWorld, threadsWorld } from "./world";

/** Meta's documented `replies` delivery (Webhooks for Threads), for one reply. */
function delivery(reply: { id: string; username: string; text: string; timestamp: string; root: string }) {
  return {
    app_id: "123456",
    topic: "moderate",
    target_id: BRAND_USER,
    time: 1723226877,
    subscription_id: "234567",
    has_uid_field: false,
    values: {
      value: {
        id: reply.id,
        username: reply.username,
        text: reply.text,
        media_type: "TEXT_POST",
        permalink: `https://www.threads.net/@${reply.username}/post/Pp`,
        replied_to: { id: reply.root },
        root_post: { id: reply.root, owner_id: BRAND_USER, username: "brand.threads" },
        shortcode: "Pp",
        timestamp: reply.timestamp,
      },
      field: "replies",
    },
  };
}

describe("what a Threads webhook delivery means", () => {
  it("makes one comment event of a reply, by the reply's id, on its root post, its author by handle", () => {
    const events = threadsWebhook.events(
      delivery({
        id: "8901234",
        username: "Fan.One",
        text: "I'm in",
        timestamp: "2024-08-07T10:33:16+0000",
        root: "123456",
      }),
    );
    expect(events).toEqual([
      {
        id: "8901234",
        post_id: "123456",
        action: "comment",
        entrant: { external_id: "fan.one", screen_name: "Fan.One", name: "Fan.One" },
        text: "I'm in",
        at: "2024-08-07T10:33:16.000Z",
      },
    ]);
  });

  it("makes nothing of the owner's own reply, another field, or a body that is not a delivery", () => {
    const own = delivery({
      id: "1",
      username: "brand.threads",
      text: "Thanks",
      timestamp: "2024-08-07T10:33:16+0000",
      root: "2",
    });
    expect(threadsWebhook.events(own)).toEqual([]);
    const mention = { ...own, values: { ...own.values, field: "mentions" } };
    expect(threadsWebhook.events(mention)).toEqual([]);
    for (const body of [
      null,
      3,
      "x",
      [],
      {},
      { values: null },
      { values: { field: "replies", value: { id: 5 } } },
    ]) {
      expect(threadsWebhook.events(body)).toEqual([]);
    }
  });
});

let w: ThreadsWorld;

const sign = (raw: string, secret: string) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

describe("Threads replies pushed to the webhook route", { timeout: 30_000 }, () => {
  afterEach(async () => {
    expect(w.threads.problems).toEqual([]);
    await w.close();
  });

  it("stores a signed delivery once, merges it in the next load, and counts it once when polling reads it too", async () => {
    w = await threadsWorld();
    await w.connect();
    const [linked] = await w.threadsAccounts();
    const post = w.threads.post(BRAND_USER, "Reply to win!", "2026-11-20T10:00:00Z");
    w.threads.addUser({ id: "77", username: "fan.one", name: "Fan One" });
    const imported = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "threads",
      matched: `https://www.threads.com/@brand.threads/post/${post.shortcode}`,
      confirm: true,
      name: "Threads import",
    });
    expect(imported.status).toBe(201);
    const [contest] = await w.t.db.select().from(contests);

    // Pushed before polling can see it (Threads has not listed it yet).
    const raw = JSON.stringify(
      delivery({
        id: "5550001",
        username: "fan.one",
        text: "pushed",
        timestamp: "2026-11-20T10:05:00+0000",
        root: post.id,
      }),
    );
    const secret = w.threads.clientSecret;
    const post1 = () =>
      w.t.app.request("/api/v1/webhooks/threads", {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": sign(raw, secret) },
        body: raw,
      });
    expect(await (await post1()).json()).toMatchObject({ received: 1, stored: 1 });
    expect(await (await post1()).json()).toMatchObject({ received: 1, stored: 0 });
    expect(await w.t.db.select().from(networkEvents)).toHaveLength(1);

    const { driver, account, provider } = await w.driverOf(linked?._id ?? "");
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
    };
    const first = await driver.loadEntries(request);
    expect(first.entrants.map((e) => [e.external_id, e.comments.map((c) => c.text)])).toEqual([
      ["fan.one", ["pushed"]],
    ]);
    // Now Threads lists it too, with the same id: still one comment.
    const polled = w.threads.post("77", "pushed", "2026-11-20T10:05:00Z", post.id);
    w.threads.posts.delete(polled.id);
    w.threads.posts.set("5550001", { ...polled, id: "5550001" });
    const again = await driver.loadEntries({ ...request, source_id: "s2" });
    expect(again.entrants[0]?.comments).toHaveLength(1);
    expect(again.lists[0]?.listed).toBe(1);
  });

  it("dates an entrant by their earliest reply when deliveries arrive out of order", async () => {
    w = await threadsWorld();
    await w.connect();
    const [linked] = await w.threadsAccounts();
    const post = w.threads.post(BRAND_USER, "Reply to win!", "2026-11-20T10:00:00Z");
    const imported = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "threads",
      matched: `https://www.threads.com/@brand.threads/post/${post.shortcode}`,
      confirm: true,
      name: "Threads import",
    });
    expect(imported.status).toBe(201);
    const [contest] = await w.t.db.select().from(contests);
    const push = async (id: string, text: string, timestamp: string) => {
      const raw = JSON.stringify(delivery({ id, username: "fan.one", text, timestamp, root: post.id }));
      const res = await w.t.app.request("/api/v1/webhooks/threads", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": sign(raw, w.threads.clientSecret),
        },
        body: raw,
      });
      expect(res.status).toBe(200);
    };
    await push("5550011", "later", "2026-11-20T10:10:00+0000");
    await push("5550010", "earlier", "2026-11-20T10:02:00+0000");
    const { driver, account, provider } = await w.driverOf(linked?._id ?? "");
    const load = await driver.loadEntries({
      provider,
      contest_id: contest?.id ?? "",
      source_id: "s1",
      post_id: post.shortcode,
      account,
      source: { type: "threads", actions: { comment: { enabled: true, accept_replies: true } } },
      accounts_to_follow: [],
      now: new Date(),
      limit: 10_000,
    });
    expect(load.entrants).toHaveLength(1);
    expect(load.entrants[0]?.first_at).toBe("2026-11-20T10:02:00.000Z");
    expect(load.entrants[0]?.comments.map((c) => c.text)).toEqual(["earlier", "later"]);
  });

  it("refuses a delivery with a forged signature (401) and stores nothing", async () => {
    w = await threadsWorld();
    const raw = JSON.stringify(
      delivery({
        id: "5550002",
        username: "fan.two",
        text: "x",
        timestamp: "2026-11-20T10:05:00+0000",
        root: "1",
      }),
    );
    for (const signature of [sign(raw, "not-the-app-secret"), undefined, "sha256=00"]) {
      const res = await w.t.app.request("/api/v1/webhooks/threads", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "x-hub-signature-256": signature } : {}),
        },
        body: raw,
      });
      expect(res.status).toBe(401);
    }
    expect(await w.t.db.select().from(networkEvents)).toEqual([]);
  });

  it("puts the Threads account in the reconnect state when Meta calls deauthorize for its user, its token dropped", async () => {
    w = await threadsWorld();
    await w.connect();
    expect(await w.threadsAccounts()).toHaveLength(1);
    const forged = await w.t.app.request("/api/v1/webhooks/threads/deauthorize", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        signed_request: signRequest({ user_id: BRAND_USER, algorithm: "HMAC-SHA256", issued_at: 1 }, "wrong"),
      }),
    });
    expect(forged.status).toBe(401);
    expect((await w.threadsAccounts())[0]?.disabled).toBeFalsy();
    const res = await w.t.app.request("/api/v1/webhooks/threads/deauthorize", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        signed_request: signRequest(
          { user_id: BRAND_USER, algorithm: "HMAC-SHA256", issued_at: 1 },
          w.threads.clientSecret,
        ),
      }),
    });
    expect(res.status).toBe(200);
    const [after] = await w.threadsAccounts();
    expect(after?.disabled).toBe(true);
    expect((await w.accountRow(after?._id ?? ""))?.meta?.credentials || null).toBeNull();
  });

  it("answers Meta's data-deletion request for a Threads user with its status URL and code, their token dropped", async () => {
    w = await threadsWorld();
    await w.connect();
    const res = await w.t.app.request("/api/v1/webhooks/threads/data-deletion", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        signed_request: signRequest(
          { user_id: BRAND_USER, algorithm: "HMAC-SHA256", issued_at: 1 },
          w.threads.clientSecret,
        ),
      }),
    });
    expect(res.status).toBe(200);
    const { url, confirmation_code } = (await res.json()) as { url: string; confirmation_code: string };
    expect(url).toBe(`${PUBLIC_URL}/api/v1/webhooks/threads/data-deletion/${confirmation_code}`);
    const status = await w.t.app.request(new URL(url).pathname);
    expect(await status.json()).toMatchObject({
      confirmation_code,
      provider: "threads",
      status: "completed",
    });
    const [account] = await w.threadsAccounts();
    expect((await w.accountRow(account?._id ?? ""))?.meta?.credentials || null).toBeNull();
  });
});
