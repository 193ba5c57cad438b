/**
 * The Facebook driver on the Meta stand-in: a quick import of a Page post's link loads its real commenters and
 * reacting people, incrementally (comments by cursor, never twice), merged with what the feed webhook pushed; the
 * Graph errors as data (rate limits with the usage headers, a dead token, a missing permission, a deleted post);
 * the Page's post with its photo and its replies, each once; winners by private reply within 7 days.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contests, entrants } from "../../../../api/db/tables";
import {
  AccountNeedsReconnect,
  MessageRefused,
  PostUnavailable,
  RateLimited,
} from "../../../../api/drivers/errors";
import { PermissionMissing } from "../../../../api/drivers/shared/meta-graph";
import type { EntriesRequest } from "../../../../api/drivers/types";
import { png, uploadFile } from "../../../helpers/world";
import { BRAND_PAGE, type FacebookWorld, facebookWorld, feedChange } from "./world";

let w: FacebookWorld;
let accountId: string;
let contestId: string;
let postId: string;

const fan = (i: number) => ({ id: `2900000000${String(i).padStart(4, "0")}`, name: `Fan ${i}` });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString().replace(".000Z", "+0000");

beforeEach(async () => {
  w = await facebookWorld({ pages: "one" });
  await w.connect();
  const [linked] = await w.networkAccounts();
  accountId = linked?._id ?? "";
  const post = w.meta.addPost(BRAND_PAGE.id, "Comment to win a coffee for a year!", minutesAgo(600));
  postId = post.id;
  w.meta.comment(postId, fan(1), "Me please", minutesAgo(300));
  w.meta.comment(postId, fan(2), "Count me in", minutesAgo(200));
  w.meta.comment(postId, fan(1), "Again!", minutesAgo(100));
  w.meta.react(postId, fan(3), "LOVE");
  w.meta.react(postId, fan(2), "LIKE");
  const imported = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
    provider: "facebook",
    matched: `https://www.facebook.com/${BRAND_PAGE.username}/posts/${postId.split("_")[1]}`,
    confirm: true,
    name: "Facebook import",
  });
  expect(imported.status).toBe(201);
  contestId = ((await imported.json()) as { contest_id: string }).contest_id;
});
afterEach(async () => {
  expect(w.meta.problems).toEqual([]);
  await w.close();
});

async function reader() {
  const { driver, account, provider } = await w.driverOf(accountId);
  const request: EntriesRequest = {
    provider,
    contest_id: contestId,
    source_id: "s1",
    post_id: postId,
    account,
    source: { type: "facebook", actions: { comment: { enabled: true } } },
    accounts_to_follow: [],
    now: new Date(),
    limit: 10_000,
  };
  return { driver, request, account };
}

describe("Facebook quick import and entries", { timeout: 30_000 }, () => {
  it("imports a Page post by its link and loads its real commenters and reacting people", async () => {
    const [row] = await w.t.db.select().from(contests).where(eq(contests.id, contestId));
    const source = ((row?.sources ?? []) as { post_id?: string }[])[0];
    expect(source?.post_id).toBe(postId);
    const loaded = await w.owner.call("POST", `/api/v1/teams/current/contests/${contestId}/load_entries`, {
      consent: true,
    });
    expect(loaded.status, await loaded.clone().text()).toBe(200);
    const rows = await w.t.db.select().from(entrants).where(eq(entrants.contestId, contestId));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(["Fan 1", "Fan 2", "Fan 3"]);
    expect(byName["Fan 1"]?.comments.map((c) => c.text)).toEqual(["Me please", "Again!"]);
    expect(byName["Fan 2"]?.did.reactions).toEqual(["like"]);
    expect(byName["Fan 3"]?.did.reactions).toEqual(["love"]);
    expect(byName["Fan 3"]?.comments).toEqual([]);
  });

  it("refuses a deleted post at import with a 422 on matched", async () => {
    const gone = w.meta.addPost(BRAND_PAGE.id, "Old giveaway", minutesAgo(900));
    w.meta.deleted.add(gone.id);
    const res = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "facebook",
      matched: `https://www.facebook.com/${BRAND_PAGE.username}/posts/${gone.id.split("_")[1]}`,
      confirm: true,
      name: "Deleted",
    });
    expect(res.status).toBe(422);
    expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(["matched"]);
  });

  it("reads comments page by page, then only what is new, and merges pushed comments without counting them twice", async () => {
    w.meta.pageSize = 2;
    const { driver, request } = await reader();
    const first = await driver.loadEntries(request);
    expect(first.lists.find((l) => l.action === "comment")).toMatchObject({ listed: 3, total: 3 });
    const pagesRead = w.meta.calls(`GET /v21.0/${postId}/comments`);
    expect(pagesRead).toBe(2);
    // A new comment arrives by webhook and is then polled too: one comment, counted once.
    const fresh = w.meta.comment(postId, fan(4), "Hello!", minutesAgo(1));
    const pushed = await w.deliver(
      feedChange({
        item: "comment",
        verb: "add",
        post_id: postId,
        comment_id: fresh.id,
        created_time: Math.floor(Date.parse(fresh.created_time) / 1000),
        message: "Hello!",
        from: fan(4),
      }),
    );
    expect(pushed.status).toBe(200);
    const second = await driver.loadEntries({ ...request, now: new Date() });
    const fan4 = second.entrants.find((e) => e.name === "Fan 4");
    expect(fan4?.comments.map((c) => c.id)).toEqual([fresh.id]);
    expect(second.lists.find((l) => l.action === "comment")?.listed).toBe(4);
    // The second load asked from the first one's cursor: it did not read the first pages again.
    const asked = w.meta.log.filter((l) => l.path === `/v21.0/${postId}/comments`).slice(pagesRead);
    expect(asked[0]?.query.after).toBeTruthy();
    // A removal pushed later drops the comment.
    await w.deliver(
      feedChange({
        item: "comment",
        verb: "remove",
        post_id: postId,
        comment_id: fresh.id,
        created_time: Math.floor(Date.now() / 1000),
        from: fan(4),
      }),
    );
    const third = await driver.loadEntries({ ...request, now: new Date() });
    expect(third.entrants.find((e) => e.name === "Fan 4")).toBeUndefined();
  });
});

describe("Facebook Graph errors as data", { timeout: 30_000 }, () => {
  it("waits as long as the usage headers say on rate limits 4, 17, 32 and 613", async () => {
    const { driver, request } = await reader();
    const cases: [number, Record<string, string>, number][] = [
      [
        4,
        { "x-app-usage": JSON.stringify({ call_count: 100, total_time: 20, total_cputime: 10 }) },
        3_600_000,
      ],
      [
        32,
        {
          "x-business-use-case-usage": JSON.stringify({
            [BRAND_PAGE.id]: [{ type: "pages", call_count: 100, estimated_time_to_regain_access: 7 }],
          }),
        },
        420_000,
      ],
      [17, {}, 60_000],
      [613, {}, 60_000],
    ];
    for (const [code, headers, waitMs] of cases) {
      w.meta.rateLimitNext = { code, times: 1, headers };
      const err = await driver.loadEntries(request).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateLimited);
      expect((err as RateLimited).waitMs).toBe(waitMs);
    }
  });

  it("puts the Page in the reconnect state when Meta refuses its token (190)", async () => {
    const { driver, request } = await reader();
    w.meta.tokensDead = true;
    await expect(driver.loadEntries(request)).rejects.toBeInstanceOf(AccountNeedsReconnect);
    const [account] = await w.networkAccounts();
    expect(account?.disabled).toBe(true);
  });

  it("says a permission is missing (10, 200) without disabling the Page", async () => {
    for (const code of [200, 10]) {
      const { driver, request } = await reader();
      w.meta.permissionMissing = { edge: `${postId}/comments`, code };
      const err = await driver.loadEntries(request).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PermissionMissing);
      expect((err as PermissionMissing).reason).toBe("reconnect");
    }
    const [account] = await w.networkAccounts();
    expect(account?.disabled).toBeFalsy();
  });

  it("answers a deleted post as PostUnavailable", async () => {
    const { driver, request } = await reader();
    w.meta.deleted.add(postId);
    await expect(driver.loadEntries(request)).rejects.toBeInstanceOf(PostUnavailable);
  });
});

describe("Facebook publishing and private replies", { timeout: 30_000 }, () => {
  it("publishes the Page's post with its photo, and its replies as comments, each once", async () => {
    const { driver, account } = await reader();
    const upload = await uploadFile(w.t, w.owner, png(3));
    const key = { contest_id: contestId, source_id: "s1" };
    const request = {
      ...key,
      kind: "main" as const,
      key: "main",
      account,
      text: "Win a year of coffee!",
      media: [upload],
      dark: false,
    };
    const main = await driver.publish(request);
    expect(await driver.publish(request)).toEqual(main);
    const made = w.meta.posts.get(main.external_post_id);
    expect(made?.message).toBe("Win a year of coffee!");
    expect(made?.photos).toHaveLength(1);
    expect(w.meta.photos).toHaveLength(1);
    const reply = {
      ...key,
      kind: "winners" as const,
      key: "w",
      account,
      text: "Congratulations Fan 1!",
      media: [],
      dark: false,
      mode: "comment" as const,
      in_reply_to: main.external_post_id,
    };
    const answered = await driver.reply(reply);
    expect(await driver.reply(reply)).toEqual(answered);
    expect(w.meta.comments.filter((c) => c.post === main.external_post_id)).toHaveLength(1);
  });

  it("sends a winner one private reply to their latest comment within 7 days, and refuses one older", async () => {
    const { driver, request, account } = await reader();
    await driver.loadEntries({ ...request, source_id: "s1" });
    const message = {
      contest_id: contestId,
      source_id: "s1",
      kind: "private_message" as const,
      key: "winner-1",
      account,
      recipient: { external_id: fan(1).id, screen_name: "Fan 1" },
      text: "You won! Reply with your address.",
      media: [],
    };
    const sent = await driver.sendPrivateMessage(message);
    expect(await driver.sendPrivateMessage(message)).toEqual(sent);
    expect(w.meta.messages).toHaveLength(1);
    const latest = w.meta.comments.find((c) => c.message === "Again!");
    expect(w.meta.messages[0]?.comment_id).toBe(latest?.id);
    // A commenter whose only comment is 8 days old.
    w.meta.comment(postId, fan(5), "Long ago", minutesAgo(8 * 1440));
    await driver.loadEntries({ ...request, now: new Date() });
    await expect(
      driver.sendPrivateMessage({
        ...message,
        key: "winner-5",
        recipient: { external_id: fan(5).id, screen_name: "Fan 5" },
      }),
    ).rejects.toBeInstanceOf(MessageRefused);
  });
});
