/**
 * The TikTok driver against the stand-in (every request and answer checked against TikTok's documented shapes):
 * the token's life (refreshed when expired or refused, the rotated refresh token never spent twice, a refused
 * refresh marks the account for reconnecting), a quick import of the account's video (a deleted one is a 422), its
 * commenters read through the API for Business on a business account, only what is new on the next load, a 429
 * waited out or answered with when to come back; a personal account's comments said unreadable; publishing a video
 * (private while the app is not audited), no replies and no private messages.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { accounts, contests, notifications } from "../../../../api/db/tables";
import { driverFor } from "../../../../api/drivers";
import {
  AccountNeedsReconnect,
  ListUnreadable,
  MessageRefused,
  PostUnavailable,
  RateLimited,
} from "../../../../api/drivers/errors";
import { SecretBox } from "../../../../api/drivers/shared/secrets";
import type { OAuthTokens } from "../../../../api/drivers/shared/tokens";
import type { EntriesRequest } from "../../../../api/drivers/types";
import { storedAccount } from "../../../../api/services/accounts";
import { uploadFile } from "../../../helpers/world";
import { type TiktokWorld, tiktokWorld, VIDEO } from "./world";

let w: TiktokWorld;
afterEach(async () => {
  expect(w.tiktok.problems).toEqual([]);
  expect(w.tiktok.reusedRefreshTokens).toEqual([]);
  await w.close();
});

const fan = (i: number) => ({ id: `fan-open-id-${i}`, username: `fan${i}`, name: `Fan ${i}` });
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

async function linked(opts: Parameters<typeof tiktokWorld>[0] = {}) {
  w = await tiktokWorld(opts);
  await w.connect();
  const [account] = await w.tiktokAccounts();
  return account?._id ?? "";
}

async function reader(accountId: string, contestId = "c-tiktok") {
  const { driver, account, provider } = await w.driverOf(accountId);
  const request: EntriesRequest = {
    provider,
    contest_id: contestId,
    source_id: "s1",
    post_id: VIDEO,
    account,
    source: { type: "tiktok", actions: { comment: { enabled: true } } },
    accounts_to_follow: [],
    now: new Date(),
    limit: 10_000,
  };
  return { driver, request };
}

/** A contest row for the checkpoints (a quick import of the brand's video). */
async function imported(): Promise<string> {
  const res = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
    provider: "tiktok",
    matched: `https://www.tiktok.com/@brandtok/video/${VIDEO}`,
    confirm: true,
    name: "TikTok import",
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { contest_id: string }).contest_id;
}

async function expireToken(accountId: string) {
  const box = new SecretBox(w.t.env.accountSecretKey);
  const row = await w.accountRow(accountId);
  const tokens = box.open<OAuthTokens>(String(row?.meta?.credentials));
  if (!tokens) throw new Error("no tokens");
  const sealed = box.seal({ ...tokens, expires_at: new Date(Date.now() - 1000).toISOString() });
  await w.t.db
    .update(accounts)
    .set({ meta: { ...row?.meta, credentials: sealed } })
    .where(eq(accounts.id, accountId));
}

/** A minimal MP4 (its ftyp box), sniffed as video/mp4 by the upload. */
function mp4(extra = 4096): Uint8Array<ArrayBuffer> {
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
  return new Uint8Array(Buffer.concat([ftyp, Buffer.alloc(extra, 0)]));
}

describe("TikTok tokens", { timeout: 30_000 }, () => {
  it("refreshes an expired access token once for two loads at the same time, spending the rotated refresh token once", async () => {
    const id = await linked();
    const contestId = await imported();
    w.tiktok.comment(VIDEO, fan(1), "me!", at(1));
    await expireToken(id);
    const first = await reader(id, contestId);
    const second = await reader(id, contestId);
    const before = w.tiktok.calls("POST /v2/oauth/token/");
    const [a, b] = await Promise.all([
      first.driver.loadEntries(first.request),
      second.driver.loadEntries({ ...second.request, source_id: "s2" }),
    ]);
    expect(a.entrants.map((e) => e.screen_name)).toEqual(["fan1"]);
    expect(b.entrants.map((e) => e.screen_name)).toEqual(["fan1"]);
    expect(w.tiktok.calls("POST /v2/oauth/token/")).toBe(before + 1);
    expect(w.tiktok.liveRefreshTokens()).toHaveLength(1);
  });

  it("refreshes when TikTok answers 401 to a token it issued, and calls again", async () => {
    const id = await linked();
    w.tiktok.forgetAccessTokens();
    const { driver, account } = await w.driverOf(id);
    const profile = await driver.refreshAccount(account);
    expect(profile).toMatchObject({ screen_name: "brandtok", name: "Brand Tok" });
  });

  it("marks the account for reconnecting and tells its owner when TikTok refuses the refresh token", async () => {
    const id = await linked();
    await expireToken(id);
    w.tiktok.refreshRefused = true;
    const { driver, account } = await w.driverOf(id);
    await expect(driver.refreshAccount(account)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    const row = await w.accountRow(id);
    expect(row?.disabled).toBe(true);
    expect(row?.meta?.credentials).toBe("");
    const told = await w.t.db.select().from(notifications).where(eq(notifications.userId, w.owner.userId));
    expect(told.map((n) => n.content.key)).toContain("accountReconnectRequested");
  });

  it("refuses a refresh token used a second time after it rotated (TikTok: invalid_grant)", async () => {
    const id = await linked();
    const box = new SecretBox(w.t.env.accountSecretKey);
    const old = box.open<OAuthTokens>(String((await w.accountRow(id))?.meta?.credentials));
    await expireToken(id);
    const { driver, account } = await w.driverOf(id);
    await driver.refreshAccount(account);
    // The refresh token sealed before the refresh is dead: TikTok refuses it, so it must never be sent again.
    const again = await fetch(`${w.tiktok.url}/v2/oauth/token/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_key: w.tiktok.clientKey,
        client_secret: w.tiktok.clientSecret,
        grant_type: "refresh_token",
        refresh_token: old?.refresh_token ?? "",
      }),
    });
    expect(((await again.json()) as { error: string }).error).toBe("invalid_grant");
    expect(w.tiktok.reusedRefreshTokens).toEqual([old?.refresh_token]);
    // The driver itself never sent it twice: cleared so the afterEach check sees only the driver's calls.
    w.tiktok.reusedRefreshTokens.length = 0;
  });
});

describe("TikTok quick import and comments", { timeout: 30_000 }, () => {
  it("reads a business account's commenters page by page, each comment's time and text, then only what is new", async () => {
    const id = await linked();
    const contestId = await imported();
    for (let i = 0; i < 70; i++) w.tiktok.comment(VIDEO, fan(i), `I enter #${i}`, at(i));
    w.tiktok.comment(VIDEO, fan(3), "and again", at(80));
    const { driver, request } = await reader(id, contestId);
    const load = await driver.loadEntries(request);
    expect(load.entrants).toHaveLength(70);
    expect(load.entrants[0]).toMatchObject({
      external_id: "fan-open-id-0",
      screen_name: "fan0",
      name: "Fan 0",
      profile_url: "https://www.tiktok.com/@fan0",
      first_at: at(0),
    });
    expect(load.entrants[3]?.comments.map((c) => c.text)).toEqual(["and again", "I enter #3"]);
    expect(load.lists).toEqual([{ action: "comment", listed: 71, total: null }]);
    expect(w.tiktok.calls("GET /open_api/v1.3/business/comment/list/")).toBe(3);

    w.tiktok.comment(VIDEO, fan(100), "late but here", at(90));
    const next = await driver.loadEntries(request);
    expect(next.entrants).toHaveLength(71);
    // One page read back to what the last pass saw.
    expect(w.tiktok.calls("GET /open_api/v1.3/business/comment/list/")).toBe(4);
    expect(next.lists[0]?.listed).toBe(72);
  });

  it("waits out a 429 for the scheduler, and answers a person's request with when to come back", async () => {
    const id = await linked();
    const contestId = await imported();
    w.tiktok.comment(VIDEO, fan(1), "hi", at(1));
    w.tiktok.rateLimitNext = { times: 1, resetSeconds: 1 };
    const { driver, request } = await reader(id, contestId);
    expect((await driver.loadEntries(request)).entrants).toHaveLength(1);

    w.tiktok.rateLimitNext = { times: 1, resetSeconds: 120 };
    const row = await w.accountRow(id);
    const provider = w.t.deps.catalog.providers.get("tiktok");
    if (!row || !provider) throw new Error("no account");
    const person = driverFor(provider, w.t.deps, storedAccount(row), { person: true });
    const refused = await person.loadEntries({ ...request, source_id: "s2" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).extra?.retry_after).toBeGreaterThanOrEqual(100);
  });

  it("says a personal account's comments cannot be read (TikTok lists them for business accounts only)", async () => {
    const id = await linked({ business: false });
    const { driver, request } = await reader(id);
    const refused = await driver.loadEntries(request).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ListUnreadable);
    expect((refused as ListUnreadable).action).toBe("comment");
    expect(w.tiktok.calls("GET /open_api/v1.3/business/comment/list/")).toBe(0);
  });

  it("answers a load of a personal account's import with why (409, reason list_unreadable), never a 500", async () => {
    await linked({ business: false });
    const contestId = await imported();
    const res = await w.owner.call("POST", `/api/v1/teams/current/contests/${contestId}/load_entries`, {
      consent: true,
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; action?: string };
    expect(body.message).toBe(
      "This account cannot read these entries: the network lists them only for a business account. Link the brand's business account.",
    );
    expect(body.action).toBe("comment");
  });

  it("refuses a deleted video at import with a 422 on matched, and counts no import", async () => {
    await linked();
    w.tiktok.deletedVideos.add(VIDEO);
    const res = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "tiktok",
      matched: `https://www.tiktok.com/@brandtok/video/${VIDEO}`,
      confirm: true,
      name: "Deleted",
    });
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: Record<string, string[]> }).errors)).toEqual([
      "matched",
    ]);
    expect(await w.t.db.select().from(contests).where(eq(contests.teamId, w.teamId))).toEqual([]);
  });
});

describe("TikTok publishing", { timeout: 30_000 }, () => {
  it("posts the video privately (SELF_ONLY) while TikTok has not audited the app: uploaded, polled, known by its publish id", async () => {
    const id = await linked();
    const media = await uploadFile(w.t, w.owner, mp4());
    const { driver, account } = await w.driverOf(id);
    const made = await driver.publish({
      contest_id: "c1",
      source_id: "s1",
      kind: "main",
      key: "main",
      account,
      text: "Win a bike! Comment to enter #giveaway",
      media: [media],
      dark: false,
    });
    expect(made.external_post_id).toMatch(/^publish\/v_pub_file/);
    const [pub] = w.tiktok.publishes();
    expect(pub).toMatchObject({ privacy: "SELF_ONLY", size: mp4().byteLength, received: mp4().byteLength });
    expect(w.tiktok.calls("POST /v2/post/publish/status/fetch/")).toBe(2);
  });

  it("asked again for the same publication (a restart), polls the post already sent instead of sending the video twice", async () => {
    const id = await linked({ env: { TIKTOK_APP_AUDITED: "true" } });
    w.tiktok.audited = true;
    const contestId = await imported();
    const media = await uploadFile(w.t, w.owner, mp4());
    const { driver, account } = await w.driverOf(id);
    const request = {
      contest_id: contestId,
      source_id: "s1",
      kind: "main" as const,
      key: "main",
      account,
      text: "Win!",
      media: [media],
      dark: false,
    };
    const first = await driver.publish(request);
    const again = await driver.publish(request);
    expect(again.external_post_id).toBe(first.external_post_id);
    // The int64 id TikTok answers as a JSON number is kept whole.
    expect(first.external_post_id).toBe(w.tiktok.publishes()[0]?.postId);
    expect(w.tiktok.calls("POST /v2/post/publish/video/init/")).toBe(1);
    // Another key is another post.
    const other = await driver.publish({ ...request, key: "second" });
    expect(other.external_post_id).not.toBe(first.external_post_id);
    expect(w.tiktok.calls("POST /v2/post/publish/video/init/")).toBe(2);
  });

  it("posts publicly once the app is audited (TIKTOK_APP_AUDITED), and answers the public video id", async () => {
    const id = await linked({ env: { TIKTOK_APP_AUDITED: "true" } });
    w.tiktok.audited = true;
    const media = await uploadFile(w.t, w.owner, mp4());
    const { driver, account } = await w.driverOf(id);
    const made = await driver.publish({
      contest_id: "c1",
      source_id: "s1",
      kind: "main",
      key: "main",
      account,
      text: "Win!",
      media: [media],
      dark: false,
    });
    expect(made.external_post_id).toMatch(/^\d{19}$/);
    expect(w.tiktok.publishes()[0]?.privacy).toBe("PUBLIC_TO_EVERYONE");
  });

  it("refuses a publication without a video, a reply and a private message, as data", async () => {
    const id = await linked();
    const { driver, account } = await w.driverOf(id);
    const base = { contest_id: "c1", source_id: "s1", key: "k", account, text: "t", media: [], dark: false };
    await expect(driver.publish({ ...base, kind: "main" })).rejects.toBeInstanceOf(PostUnavailable);
    await expect(
      driver.reply({ ...base, kind: "reminder", mode: "comment", in_reply_to: VIDEO }),
    ).rejects.toBeInstanceOf(PostUnavailable);
    await expect(
      driver.sendPrivateMessage({
        ...base,
        kind: "private_message",
        recipient: { external_id: "fan-open-id-1", screen_name: "fan1" },
      }),
    ).rejects.toBeInstanceOf(MessageRefused);
    expect(w.tiktok.calls("POST /v2/post/publish/video/init/")).toBe(0);
  });
});
