import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { dataDeletions, networkEvents, notifications } from "../../../api/db/tables";
import { signRequest } from "../../../api/drivers/shared/meta-graph";
import { eventsOfPost, foldEvents } from "../../../api/services/network-events";
import {
  BRAND_PAGE,
  type FacebookWorld,
  facebookWorld,
  feedChange,
  LOGIN_ID,
  PUBLIC_URL,
} from "../drivers/facebook/world";

let w: FacebookWorld;
afterEach(async () => {
  expect(w.meta.problems).toEqual([]);
  await w.close();
});

const POST = `${BRAND_PAGE.id}_778899`;
const comment = (id: string, person: string, at: number, verb = "add", message = "I'm in!") =>
  feedChange({
    item: "comment",
    verb,
    post_id: POST,
    comment_id: id,
    created_time: at,
    message,
    from: { id: person, name: `Person ${person}` },
  });

describe("Meta's webhooks", { timeout: 20_000 }, () => {
  it("answers the subscription check with hub.challenge only for the configured verify token", async () => {
    w = await facebookWorld();
    const check = (token: string, provider = "facebook") =>
      w.t.app.request(
        `/api/v1/webhooks/${provider}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      );
    const ok = await check(w.meta.verifyToken);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    expect((await check("guessed")).status).toBe(403);
    // A network without webhooks, or not configured here, has no endpoint.
    expect((await check(w.meta.verifyToken, "youtube")).status).toBe(404);
    expect((await check(w.meta.verifyToken, "threads")).status).toBe(404);
  });

  it("answers 401 and stores nothing for a delivery with a forged, missing or other app's signature", async () => {
    w = await facebookWorld();
    const body = comment("778899_1", "5001", 1_780_000_000);
    const forged = await w.deliver(body, `sha256=${"0".repeat(64)}`);
    expect(forged.status).toBe(401);
    const missing = await w.t.app.request("/api/v1/webhooks/facebook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(missing.status).toBe(401);
    // Signed over another body: the signature is of the raw bytes.
    const other = w.meta.signed(comment("778899_2", "5002", 1_780_000_001));
    expect((await w.deliver(body, other.signature)).status).toBe(401);
    expect(await w.t.db.select().from(networkEvents)).toEqual([]);
  });

  it("stores an event delivered twice once", async () => {
    w = await facebookWorld();
    const body = comment("778899_1", "5001", 1_780_000_000);
    const first = await w.deliver(body);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: 1, stored: 1 });
    const again = await w.deliver(body);
    expect(await again.json()).toMatchObject({ received: 1, stored: 0 });
    const rows = await w.t.db.select().from(networkEvents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "facebook", id: "778899_1", postId: POST, action: "comment" });
  });

  it("applies a post's events in the order they happened, whatever order they arrive in", async () => {
    w = await facebookWorld();
    // The removal of comment 1 arrives before the comment itself; comment 3 arrives before the older comment 2.
    await w.deliver(comment("778899_1", "5001", 1_780_000_100, "remove"));
    await w.deliver(comment("778899_3", "5003", 1_780_000_300));
    await w.deliver(comment("778899_1", "5001", 1_780_000_000));
    await w.deliver(comment("778899_2", "5002", 1_780_000_200));
    await w.deliver(comment("778899_2", "5002", 1_780_000_250, "edited", "I'm in! #giveaway"));
    const { live, removed } = foldEvents(await eventsOfPost(w.t.db, "facebook", POST));
    expect(live.map((e) => [e.id, e.text])).toEqual([
      ["778899_2", "I'm in! #giveaway"],
      ["778899_3", "I'm in!"],
    ]);
    expect([...removed]).toEqual(["778899_1"]);
  });

  it("answers 400 and stores nothing for a signed body that is not JSON", async () => {
    w = await facebookWorld();
    const text = "not json";
    const { createHmac } = await import("node:crypto");
    const signature = `sha256=${createHmac("sha256", w.meta.appSecret).update(text).digest("hex")}`;
    const res = await w.t.app.request("/api/v1/webhooks/facebook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body: text,
    });
    expect(res.status).toBe(400);
    expect(await w.t.db.select().from(networkEvents)).toEqual([]);
  });
});

describe("Meta's deauthorize and data-deletion callbacks", { timeout: 20_000 }, () => {
  const callback = (kind: string, signed: string) =>
    w.t.app.request(`/api/v1/webhooks/facebook/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });

  it("refuses a forged signed_request with 401 and changes nothing", async () => {
    w = await facebookWorld({ pages: "one" });
    await w.connect();
    const forged = signRequest(
      { algorithm: "HMAC-SHA256", issued_at: 1, user_id: LOGIN_ID },
      "not-the-secret",
    );
    expect((await callback("deauthorize", forged)).status).toBe(401);
    expect((await callback("data-deletion", forged)).status).toBe(401);
    expect((await callback("deauthorize", "garbage")).status).toBe(401);
    const [account] = await w.networkAccounts();
    expect(account?.disabled).toBeFalsy();
    const row = await w.accountRow(account?._id ?? "");
    expect(row?.meta?.login_user_id).toBe(LOGIN_ID);
  });

  it("puts the login's Pages in the reconnect state and tells the owner when the app is removed", async () => {
    w = await facebookWorld();
    await w.connect({ pick: BRAND_PAGE.id });
    const signed = signRequest(
      { algorithm: "HMAC-SHA256", issued_at: 1, user_id: LOGIN_ID },
      w.meta.appSecret,
    );
    const res = await callback("deauthorize", signed);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ accounts: 1 });
    const [account] = await w.networkAccounts();
    expect(account?.disabled).toBe(true);
    const row = await w.accountRow(account?._id ?? "");
    expect(row?.meta?.credentials).toBe("");
    const told = await w.t.db.select().from(notifications).where(eq(notifications.userId, w.owner.userId));
    expect(told.map((n) => n.content.key)).toContain("accountReconnectRequested");
  });

  it("deletes what the login gave on a data deletion request and answers its status URL and confirmation code", async () => {
    w = await facebookWorld({ pages: "one" });
    await w.connect();
    // The person also commented on a post (a pushed event), as someone else did.
    await w.deliver(comment("778899_1", LOGIN_ID, 1_780_000_000));
    await w.deliver(comment("778899_2", "5002", 1_780_000_100));
    const signed = signRequest(
      { algorithm: "HMAC-SHA256", issued_at: 1, user_id: LOGIN_ID },
      w.meta.appSecret,
    );
    const res = await callback("data-deletion", signed);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { url: string; confirmation_code: string };
    expect(answer.confirmation_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(answer.url).toBe(
      `${PUBLIC_URL}/api/v1/webhooks/facebook/data-deletion/${answer.confirmation_code}`,
    );
    const status = await w.t.app.request(new URL(answer.url).pathname);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({
      confirmation_code: answer.confirmation_code,
      provider: "facebook",
      status: "completed",
      accounts: 1,
    });
    const [account] = await w.networkAccounts();
    const row = await w.accountRow(account?._id ?? "");
    expect(account?.disabled).toBe(true);
    expect(row?.meta?.login_user_id).toBeUndefined();
    expect(row?.meta?.credentials).toBeUndefined();
    const left = await w.t.db.select().from(networkEvents);
    expect(left.map((e) => e.id)).toEqual(["778899_2"]);
    // The request is kept by a hash of the person's id, never the id.
    const [kept] = await w.t.db.select().from(dataDeletions);
    expect(kept?.userHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept)).not.toContain(LOGIN_ID);
    expect((await w.t.app.request("/api/v1/webhooks/facebook/data-deletion/unknown-code")).status).toBe(404);
  });

  it("shows a person following the status link a page in their language, and Meta the JSON", async () => {
    w = await facebookWorld({ pages: "one" });
    await w.connect();
    const signed = signRequest(
      { algorithm: "HMAC-SHA256", issued_at: 1, user_id: LOGIN_ID },
      w.meta.appSecret,
    );
    const answer = (await (await callback("data-deletion", signed)).json()) as {
      url: string;
      confirmation_code: string;
    };
    const path = new URL(answer.url).pathname;
    const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    const page = (language: string, accept = BROWSER) =>
      w.t.app.request(path, { headers: { accept, "accept-language": language } });

    const fr = await page("fr-FR,fr;q=0.9");
    expect(fr.status).toBe(200);
    expect(fr.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await fr.text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain("Demande de suppression de données Facebook");
    expect(html).toContain("Terminé : les données que Fairdraw a reçues par votre connexion Facebook");
    expect(html).toContain(`<code>${answer.confirmation_code}</code>`);
    expect(html).not.toContain("<script");

    const ar = await (await page("ar")).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain("رمز التأكيد");
    for (const [language, text] of [
      ["hi", "पुष्टि कोड"],
      ["ja", "確認コード"],
      ["en", "Confirmation code"],
    ]) {
      expect(await (await page(language as string)).text()).toContain(text);
    }

    const json = await page("fr", "application/json");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await json.json()).toMatchObject({
      confirmation_code: answer.confirmation_code,
      status: "completed",
    });
    // A client naming both gets the JSON.
    expect((await page("fr", "text/html, application/json")).headers.get("content-type")).toMatch(/json/);

    const unknown = await w.t.app.request("/api/v1/webhooks/facebook/data-deletion/unknown-code", {
      headers: { accept: BROWSER, "accept-language": "en" },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("No data deletion request has this confirmation code.");
  });

  it("escapes what it shows and says a request still running is in progress", async () => {
    w = await facebookWorld({ pages: "one" });
    await w.t.db.insert(dataDeletions).values({
      code: "pending<b>code",
      provider: "facebook",
      userHash: "0".repeat(64),
      accounts: 0,
      requestedAt: "2026-11-28T10:00:00.000Z",
      completedAt: null,
    });
    const res = await w.t.app.request(
      `/api/v1/webhooks/facebook/data-deletion/${encodeURIComponent("pending<b>code")}`,
      {
        headers: { accept: "text/html", "accept-language": "en" },
      },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      "In progress: the data Fairdraw received through your Facebook login is being deleted.",
    );
    expect(html).toContain("<code>pending&#60;b&#62;code</code>");
    expect(html).toContain("November 28, 2026");
    expect(html).not.toContain("Completed</dt>");
  });
});
