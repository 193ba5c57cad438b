/**
 * publishReplies (api/services/publications.ts): the winning moments' replies of a close, published as a batch with
 * publishOnce's keys and guarantees. Driven with a driver at the edge that records what it is asked.
 */
import { afterEach, describe, expect, it } from "vitest";
import { sandboxDriver, sandboxPostId } from "../../../api/drivers/sandbox";
import type { NetworkDriver, ReplyRequest } from "../../../api/drivers/types";
import { publishOnce, publishReplies } from "../../../api/services/publications";
import { buildWorld, createContest, publicationsOf, T0, twitterForm, type World } from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

const account = {
  provider: "twitter",
  external_id: "1001",
  name: "Brand",
  screen_name: "brand",
  profile_picture: null,
  url: null,
  sandbox: true,
};

function replies(contestId: string, n: number, text = "Not this time") {
  return Array.from({ length: n }, (_, i) => ({
    contest_id: contestId,
    source_id: "s1",
    kind: i === 0 ? ("winning_moment_won" as const) : ("winning_moment_lost" as const),
    key: `twitter:${i}`,
    provider: "twitter",
    mode: "reply" as const,
    account,
    text: `${text} ${i}`,
    media: [],
    dark: false,
    inReplyTo: `comment-${i}`,
  }));
}

/** A network that answers one reply a call, recording each; it refuses from the `failAt`-th call on. */
function oneByOne(failAt = Number.POSITIVE_INFINITY) {
  const asked: ReplyRequest[] = [];
  const driver: NetworkDriver = {
    ...sandboxDriver,
    replyMany: undefined,
    async reply(request) {
      if (asked.length >= failAt) throw new Error("rate limited");
      asked.push(request);
      return { external_post_id: `post-${request.key}` };
    },
  };
  return { driver, asked };
}

async function contest(): Promise<string> {
  w = await buildWorld();
  return createContest(w, twitterForm(w.t, T0));
}

describe("publishing the winning moments' replies as a batch", { timeout: 30_000 }, () => {
  it("publishes each reply once under its key, and a run again asks nothing and changes no text", async () => {
    const id = await contest();
    const calls: number[] = [];
    const driver: NetworkDriver = {
      ...sandboxDriver,
      async replyMany(requests) {
        calls.push(requests.length);
        return sandboxDriver.replyMany?.(requests) ?? [];
      },
    };
    expect(await publishReplies(w.t.deps, driver, replies(id, 5))).toBe(5);
    // The sandbox answers the batch in one call.
    expect(calls).toEqual([5]);
    const rows = await publicationsOf(w, id);
    expect(rows.map((r) => [r.kind, r.key, r.status, r.text, r.inReplyTo])).toEqual(
      replies(id, 5).map((p) => [p.kind, p.key, "published", p.text, p.inReplyTo]),
    );
    expect(rows.map((r) => r.externalPostId)).toEqual(
      replies(id, 5).map((p) => sandboxPostId({ ...p, contest_id: id })),
    );

    // Run again (a restart), with another text: nothing is asked, nothing changes.
    expect(await publishReplies(w.t.deps, driver, replies(id, 5, "Changed"))).toBe(5);
    expect(calls).toEqual([5]);
    expect(await publicationsOf(w, id)).toEqual(rows);
  });

  it("keeps what a network answered before it failed, and asks only for the rest when run again", async () => {
    const id = await contest();
    const failing = oneByOne(2);
    await expect(publishReplies(w.t.deps, failing.driver, replies(id, 4))).rejects.toThrow("rate limited");
    expect(failing.asked.map((r) => r.key)).toEqual(["twitter:0", "twitter:1"]);
    // Every reply was recorded before any reached the network; those answered are published.
    expect((await publicationsOf(w, id)).map((r) => [r.key, r.status])).toEqual([
      ["twitter:0", "published"],
      ["twitter:1", "published"],
      ["twitter:2", "publishing"],
      ["twitter:3", "publishing"],
    ]);

    const again = oneByOne();
    expect(await publishReplies(w.t.deps, again.driver, replies(id, 4))).toBe(4);
    expect(again.asked.map((r) => [r.key, r.text, r.in_reply_to, r.mode])).toEqual([
      ["twitter:2", "Not this time 2", "comment-2", "reply"],
      ["twitter:3", "Not this time 3", "comment-3", "reply"],
    ]);
    expect((await publicationsOf(w, id)).map((r) => [r.key, r.status, r.externalPostId])).toEqual(
      [0, 1, 2, 3].map((i) => [`twitter:${i}`, "published", `post-twitter:${i}`]),
    );
  });

  it("never sends again a reply published one at a time before (a won reply sent while the contest ran)", async () => {
    const id = await contest();
    const first = oneByOne();
    const [won] = replies(id, 1);
    if (!won) throw new Error("no reply");
    // The load sends it with publishOnce (api/scheduler/load.ts), under the key the close uses.
    await publishOnce(w.t.deps, first.driver, won);
    const close = oneByOne();
    expect(await publishReplies(w.t.deps, close.driver, replies(id, 3))).toBe(3);
    expect(close.asked.map((r) => r.key)).toEqual(["twitter:1", "twitter:2"]);
  });
});
