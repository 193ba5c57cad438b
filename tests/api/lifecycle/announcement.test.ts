import { afterEach, describe, expect, it } from "vitest";
import {
  buildWorld,
  contestPath,
  createContest,
  HOUR,
  publicationsOf,
  storedSourceId,
  T0,
  twitterForm,
  type World,
} from "./helpers";

let w: World;
afterEach(() => w.t.cleanup());

type Announcements = {
  data: {
    source_id: string;
    provider: string;
    post_id: string | null;
    winners: string[];
    announcement: { text: string; mode: string; in_reply_to?: string | null } | null;
  }[];
};

const announce = (id: string, body: unknown) =>
  w.owner.call("POST", `${contestPath(id)}/winners_announcement`, body);

/** A twitter contest run to its automatic draw. */
async function drawnContest(): Promise<{ id: string; source: string }> {
  const form = twitterForm(w.t, T0, { nbWinners: 2 });
  const id = await createContest(w, form);
  await w.tickAt(form.startAt);
  await w.tickAt(form.closeAt);
  await w.tickAt(form.closeAt + HOUR);
  return { id, source: await storedSourceId(w, id, "twitter") };
}

describe("the winners announcement", { timeout: 30_000 }, () => {
  it("publishes once per source a reply to the main post naming that source's winners, from its account", async () => {
    w = await buildWorld();
    const { id, source } = await drawnContest();
    const listed = (await (
      await w.owner.call("GET", `${contestPath(id)}/winners_announcement`)
    ).json()) as Announcements;
    const [entry] = listed.data;
    if (!entry) throw new Error("no source listed");
    expect(entry).toMatchObject({ source_id: source, provider: "twitter", announcement: null });
    expect(entry.winners).toHaveLength(2);
    for (const handle of entry.winners) expect(handle).toMatch(/^@/);

    const res = await announce(id, {
      source_id: source,
      content: "Congratulations {WINNERS}! Check it: {DRAW_LINK}",
    });
    expect(res.status).toBe(201);
    const pubs = (await publicationsOf(w, id)).filter((p) => p.kind === "winners");
    expect(pubs).toHaveLength(1);
    const [pub] = pubs;
    expect(pub?.text).toBe(
      `Congratulations ${entry.winners.join(", ")}! Check it: ${w.t.env.publicUrl}/verify/${id}`,
    );
    expect(pub).toMatchObject({ mode: "reply", inReplyTo: entry.post_id, status: "published" });

    // Asked again, with another text: the post already out is the answer, nothing more goes out.
    expect((await announce(id, { source_id: source, content: "Another text" })).status).toBe(201);
    expect((await publicationsOf(w, id)).filter((p) => p.kind === "winners")).toHaveLength(1);
    const after = (await (
      await w.owner.call("GET", `${contestPath(id)}/winners_announcement`)
    ).json()) as Announcements;
    expect(after.data[0]?.announcement?.text).toBe(pub?.text);
  });

  it("refuses before the final draw, an unknown source, an empty text and a text too long for the network", async () => {
    w = await buildWorld();
    const form = twitterForm(w.t, T0);
    const planned = await createContest(w, form);
    const source = await storedSourceId(w, planned, "twitter");
    const early = await announce(planned, { source_id: source, content: "Congratulations {WINNERS}!" });
    expect(early.status).toBe(409);

    const { id, source: drawn } = await drawnContest();
    const unknown = await announce(id, { source_id: "nope", content: "Hi" });
    expect(unknown.status).toBe(422);
    expect(Object.keys(((await unknown.json()) as { errors: object }).errors)).toEqual(["source_id"]);
    const empty = await announce(id, { source_id: drawn, content: "  " });
    expect(empty.status).toBe(422);
    const long = await announce(id, { source_id: drawn, content: "x".repeat(281) });
    expect(long.status).toBe(422);
    expect(Object.keys(((await long.json()) as { errors: object }).errors)).toEqual(["content"]);
    expect((await publicationsOf(w, id)).filter((p) => p.kind === "winners")).toHaveLength(0);
  });
});
