import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../../api/db/query";
import { accounts, draws, entrants, uploads } from "../../../api/db/tables";
import { newId } from "../../../api/ids";
import {
  buildWorld,
  contestPath,
  contestRow,
  createContest,
  DAY,
  enableFollowUps,
  facebookSource,
  iso,
  jobsOf,
  MIN,
  publicationsOf,
  storedSourceId,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

type Json = Record<string, unknown>;

/** An instagram source publishing with a linked instagram account: comment to enter, a private message to winners. */
async function instagramSource(): Promise<Json> {
  await w.t.db.insert(accounts).values({
    id: newId(),
    teamId: w.teamId,
    provider: "instagram",
    externalId: "1004",
    name: "Brand instagram",
    screenName: "brand_instagram",
    sandbox: true,
    linkedAt: iso(T0),
  });
  const source = structuredClone(w.t.deps.catalog.builder.defaults.sources.instagram) as unknown as Json;
  Object.assign(source, { id: 102, type: "instagram" });
  const ig = source as { publication: Json; actions: { comment: Json }; winners_private_message: Json };
  // An instagram post has a picture: one the team uploaded.
  const uuid = newId();
  await w.t.db.insert(uploads).values({
    id: uuid,
    teamId: w.teamId,
    sha256: "a".repeat(64),
    mime: "image/jpeg",
    size: 10,
    createdAt: iso(T0),
  });
  ig.publication.account_id = 1004;
  ig.publication.content = "Comment to win!";
  ig.publication.media = { files: [{ uuid, mime: "image/jpeg", size: 10 }], count: 1 };
  Object.assign(ig.actions.comment, { enabled: true, target: "first" });
  Object.assign(ig.winners_private_message, { enabled: true, content: "You won, {NAME}!" });
  return source;
}

/**
 * The seed is secret and random, so which network's entrants win is chance: with this many winners each network of
 * the contest has winners (the odds of none are below 2^-40), and the assertions about each never go unchecked.
 */
const MANY_WINNERS = 40;

async function drawByHand(id: string): Promise<void> {
  const res = await w.owner.call("POST", `${contestPath(id)}/draws`, { kind: "final", consent: true });
  expect(res.status).toBe(201);
}

describe("the publications and messages that follow the draw", { timeout: 30_000 }, () => {
  it("names in each source's winners publication only the winners who entered that source", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0, { autodraw: false, nbWinners: MANY_WINNERS });
    const id = await createContest(w, { ...form, sources: [...form.sources, facebookSource(w.t)] });
    await enableFollowUps(w, id);
    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt);
    await drawByHand(id);
    await w.tickAt(form.closeAt + MIN);

    const winners = (await first(w.t.db.select().from(draws).where(eq(draws.contestId, id))))?.winners ?? [];
    const rows = await w.t.db.select().from(entrants).where(eq(entrants.contestId, id));
    const published = (await publicationsOf(w, id)).filter((p) => p.kind === "winners");
    expect(published.map((p) => p.provider).sort()).toEqual(["facebook", "twitter"]);
    for (const provider of ["facebook", "twitter"]) {
      const sourceId = await storedSourceId(w, id, provider);
      const text = published.find((p) => p.sourceId === sourceId)?.text ?? "";
      const own = rows.filter((r) => winners.includes(r.id) && r.sourceId === sourceId);
      const others = rows.filter((r) => winners.includes(r.id) && r.provider !== provider);
      expect(own.length).toBeGreaterThan(0);
      expect(others.length).toBeGreaterThan(0);
      if (provider === "facebook") {
        // A Page's commenters have no @handle: they are named by name, and only this source's.
        for (const r of own) expect(text).toContain(r.name);
        const ours = new Set(own.map((r) => r.name));
        for (const r of others) if (!ours.has(r.name)) expect(text).not.toContain(r.name);
        expect(text).not.toMatch(/@/);
        continue;
      }
      // Compare whole mentions: two networks' entrants may share a handle, and one handle may prefix another.
      const mentioned = new Set(text.match(/@[\w.]+/g)?.map((m) => m.replace(/\.$/, "")) ?? []);
      // Exactly this source's winners: another network's winner is named only when one of ours shares the handle.
      expect(mentioned).toEqual(new Set(own.map((r) => `@${r.screenName}`)));
    }
  });

  it("skips instagram private messages after the network's 7-day window", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0, { autodraw: false, nbWinners: MANY_WINNERS });
    const id = await createContest(w, { ...form, sources: [...form.sources, await instagramSource()] });
    await w.tickAt(form.startAt);
    await w.tickAt(form.closeAt);

    w.setNow(form.startAt + 8 * DAY);
    await drawByHand(id);
    await w.tickAt(form.startAt + 8 * DAY + MIN);
    const instagram = await storedSourceId(w, id, "instagram");
    expect(
      (await jobsOf(w, id)).find((j) => j.kind === "private_messages" && j.key === instagram),
    ).toMatchObject({
      status: "done",
      result: { skipped: "instagram_window" },
    });
    const messages = (await publicationsOf(w, id)).filter((p) => p.kind === "private_message");
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.provider === "twitter")).toBe(true);
  });

  it("measures a network's private-message window from when the contest really started", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0, { autodraw: false, nbWinners: MANY_WINNERS });
    const id = await createContest(w, { ...form, sources: [...form.sources, facebookSource(w.t)] });
    // The server was down at the start: the contest starts two days late.
    await w.tickAt(form.startAt + 2 * DAY);
    expect((await contestRow(w, id)).startedAt).toBe(iso(form.startAt + 2 * DAY));
    await w.tickAt(form.closeAt);

    // 8 days after the planned start, 6 after the real one: facebook still takes the messages.
    w.setNow(form.startAt + 8 * DAY);
    await drawByHand(id);
    await w.tickAt(form.startAt + 8 * DAY + MIN);
    const facebook = await storedSourceId(w, id, "facebook");
    const job = (await jobsOf(w, id)).find((j) => j.kind === "private_messages" && j.key === facebook);
    expect(job?.status).toBe("done");
    expect(job?.result).not.toHaveProperty("skipped");
    expect(
      (await publicationsOf(w, id)).filter((p) => p.kind === "private_message" && p.provider === "facebook")
        .length,
    ).toBeGreaterThan(0);
  });
});
