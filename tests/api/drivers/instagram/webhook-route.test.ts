/**
 * Instagram's `comments` webhook end to end: Meta's delivery signed with the app secret, stored once by the comment's
 * id at the shared route (api/routes/meta-webhooks.ts), the running contest reading that media loaded with it, and
 * the same comment polled later counted once; a forged signature stores nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { networkEvents } from "../../../../api/db/tables";
import { signRequest } from "../../../../api/drivers/shared/meta-graph";
import { BRAND, type InstagramWorld, instagramWorld, PUBLIC_URL } from "./world";

let w: InstagramWorld;
afterEach(async () => {
  expect(w.ig.problems).toEqual([]);
  await w.close();
});

const A = "/api/v1/teams/current";
const recently = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe("Instagram comments pushed by webhook", { timeout: 30_000 }, () => {
  it("stores a signed delivery once, brings the contest's load forward, and counts the comment once when polled later", async () => {
    w = await instagramWorld();
    await w.linked();
    const post = w.ig.addMedia(BRAND.id, "C8xYz12AbCd", "Win a bike!", recently(60));
    w.ig.comment(post.id, { id: "90000000000000001", username: "ana.rides" }, "I'm in", recently(50));
    const imported = await w.owner.call("POST", `${A}/contests/quickdraw`, {
      provider: "instagram",
      matched: "https://www.instagram.com/p/C8xYz12AbCd/",
      confirm: true,
      name: "Instagram import",
    });
    const id = ((await imported.json()) as { contest_id: string }).contest_id;
    const load = async () => {
      const res = await w.owner.call("POST", `${A}/contests/${id}/load_entries`, { consent: true });
      expect(res.status).toBe(200);
      const list = await w.owner.call("GET", `${A}/contests/${id}/entries?per_page=100`);
      return (await list.json()) as { data: { comments?: unknown[] }[]; meta: { total: number } };
    };
    // While the import runs (before its first load), a comment Meta pushes before the list shows it.
    const pushed = w.ig.comment(
      post.id,
      { id: "90000000000000002", username: "bob.bikes" },
      "Me too",
      recently(5),
    );
    w.ig.comments.pop();
    const delivery = w.ig.commentDelivery(pushed, BRAND.id);
    const deliver = (signature = delivery.signature, body = delivery.body) =>
      w.t.app.request("/api/v1/webhooks/instagram", {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body,
      });
    const first = await deliver();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 1, stored: 1, contests: 1 });
    const again = await deliver();
    expect(await again.json()).toEqual({ received: 1, stored: 0, contests: 0 });
    expect(await w.t.db.select().from(networkEvents)).toHaveLength(1);
    // The load reads the list (Ana) and what was pushed (Bob).
    expect((await load()).meta.total).toBe(2);

    // The list shows it now too: still one entrant with one comment.
    w.ig.comments.push(pushed);
    const swept = await load();
    expect(swept.meta.total).toBe(2);
    expect(JSON.stringify(swept.data).match(/Me too/g)).toHaveLength(1);
  });

  it("answers 401 and stores nothing for a forged signature, and answers the subscription check with the verify token", async () => {
    w = await instagramWorld();
    const c = w.ig.comment("17900000000000001", { id: "9001", username: "x" }, "hi", recently(1));
    const { body } = w.ig.commentDelivery(c, BRAND.id);
    const forged = await w.t.app.request("/api/v1/webhooks/instagram", {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${"ab".repeat(32)}` },
      body,
    });
    expect(forged.status).toBe(401);
    expect(await w.t.db.select().from(networkEvents)).toHaveLength(0);
    const check = await w.t.app.request(
      `/api/v1/webhooks/instagram?hub.mode=subscribe&hub.verify_token=${w.ig.verifyToken}&hub.challenge=4242`,
    );
    expect(await check.text()).toBe("4242");
  });
});

describe("Meta's deauthorize and data-deletion callbacks for Instagram", { timeout: 30_000 }, () => {
  const callback = (kind: string, signed: string) =>
    w.t.app.request(`/api/v1/webhooks/instagram/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
  // The callbacks name the person by their app-scoped id (the stand-in's /me `id`).
  const signedFor = (secret: string) =>
    signRequest({ algorithm: "HMAC-SHA256", issued_at: 1, user_id: `app${BRAND.id}` }, secret);

  it("refuses a forged signed_request, then puts the account in the reconnect state when the app is removed", async () => {
    w = await instagramWorld();
    const id = await w.linked();
    expect((await w.accountRow(id))?.meta?.login_user_id).toBe(`app${BRAND.id}`);
    expect((await callback("deauthorize", signedFor("not-the-secret"))).status).toBe(401);
    expect((await w.accountRow(id))?.disabled).toBeFalsy();
    const res = await callback("deauthorize", signedFor(w.ig.clientSecret));
    expect(await res.json()).toEqual({ accounts: 1 });
    const row = await w.accountRow(id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBe("");
  });

  it("answers a data deletion request with its status URL and confirmation code, the account's access dropped", async () => {
    w = await instagramWorld();
    const id = await w.linked();
    const res = await callback("data-deletion", signedFor(w.ig.clientSecret));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { url: string; confirmation_code: string };
    expect(answer.url).toBe(
      `${PUBLIC_URL}/api/v1/webhooks/instagram/data-deletion/${answer.confirmation_code}`,
    );
    const status = await w.t.app.request(new URL(answer.url).pathname);
    expect(await status.json()).toMatchObject({
      provider: "instagram",
      confirmation_code: answer.confirmation_code,
    });
    expect((await w.accountRow(id))?.meta?.credentials ?? "").toBe("");
  });
});
