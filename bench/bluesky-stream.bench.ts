/**
 * Entry latency on Bluesky (issue 25): the time from an action on the network (a like of a running contest's post)
 * to its entry stored in Fairdraw, on the real AT Protocol network of the tests (@atproto/dev-env: PLC, PDS,
 * AppView, on 127.0.0.1), with the event stream (the PDS's firehose: the touch brings the contest's next load
 * forward) and with the periodic loads alone. The server's scheduler runs as in production (a tick every 15 s);
 * the contest lasts 20 minutes, so its loads come every minute (the shortest period, jobs.ts): with a longer contest
 * the loads alone wait up to 15 minutes, the stream does not.
 *
 * Run alone: `npx tsx bench/run.ts bluesky-stream` (it starts the network, about 20-60 s).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { entrants, publications } from "../api/db/tables";
import { startScheduler } from "../api/scheduler";
import { startLiveEntries } from "../api/services/live-entries";
import { signIn } from "../tests/helpers/api-client";
import { createPerson, like, rkeyOf } from "../tests/helpers/atproto/accounts";
import { settle, startAtprotoNetwork } from "../tests/helpers/atproto/network";
import { createTestApp } from "../tests/helpers/test-app";
import { currentTeamId, setPlan } from "../tests/helpers/world";

const ROUNDS = 3;
const MINUTE = 60_000;
type Json = Record<string, unknown>;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function scenario(pds: string, control: string, stream: boolean): Promise<number[]> {
  // A contest starts 5 minutes after it is made at the earliest: the app's clock then jumps to its start.
  let offset = 0;
  const t = await createTestApp({
    env: { blueskyServiceUrl: pds },
    clock: () => new Date(Date.now() + offset),
  });
  const stops: (() => Promise<void>)[] = [() => t.cleanup()];
  try {
    const owner = await signIn(t, "olive@brand.example", "Olive");
    await setPlan(t, await currentTeamId(t, owner.userId), "business");
    const brand = await createPerson(pds, "brand");
    await settle({ control });
    const linked = await owner.call("POST", "/api/v1/teams/current/accounts/link", {
      provider: "bluesky",
      identifier: brand.handle,
      app_password: brand.appPassword,
    });
    const account = (await linked.json()) as { external_id: string };
    const source = structuredClone(t.deps.catalog.builder.defaults.sources.bluesky) as unknown as Json;
    Object.assign(source, { id: 100, type: "bluesky" });
    const s = source as { publication: Json; actions: { like: Json } };
    s.publication.account_id = Number(account.external_id);
    s.publication.content = "Like to win! {DRAW_LINK}";
    s.actions.like.enabled = true;
    const startAt = Date.now() + 6 * MINUTE;
    const base = {
      ...(structuredClone(t.deps.catalog.builder.defaults.base) as unknown as Json),
      name: "Latency",
      start_date: new Date(startAt).toISOString(),
      original_start_date: new Date(startAt).toISOString(),
      close_date: new Date(startAt + 20 * MINUTE).toISOString(),
      nb_winners: 1,
      autodraw: { enabled: false, date: null },
    };
    const created = await owner.call("POST", "/api/v1/teams/current/contests/create", {
      idempotency_key: randomUUID(),
      status: "planned",
      forPayment: false,
      base,
      sources: [source],
      summary: { parameters_verified: true },
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const id = ((await created.json()) as { contest_id: string }).contest_id;
    offset = startAt - Date.now() + 1000;
    const stopScheduler = startScheduler(t.deps, 15_000);
    stops.unshift(stopScheduler);
    const live = stream ? startLiveEntries(t.deps, pds.replace(/^http/, "ws"), stopScheduler.wake) : null;
    if (live) stops.unshift(live.stop);
    // Wait for the start (the post goes out); bounded.
    let post: { uri: string; cid: string } | null = null;
    for (let i = 0; i < 240 && !post; i++) {
      const [main] = await t.db.select().from(publications).where(eq(publications.contestId, id));
      if (main?.status === "published" && main.externalPostId) {
        const got = await brand.agent.com.atproto.repo.getRecord({
          repo: brand.did,
          collection: "app.bsky.feed.post",
          rkey: rkeyOf(main.externalPostId),
        });
        post = { uri: main.externalPostId, cid: got.data.cid as string };
      } else await new Promise((r) => setTimeout(r, 500));
    }
    if (!post) throw new Error("the contest's post did not go out");
    // The stream's watch list is read every 10 s.
    await new Promise((r) => setTimeout(r, 11_000));
    const latencies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const fan = await createPerson(pds, `fan${round}`);
      const before = Date.now();
      await like(fan, post);
      let seen = false;
      // Bounded: two load periods and a tick.
      while (!seen && Date.now() - before < 3 * MINUTE) {
        const rows = await t.db.select().from(entrants).where(eq(entrants.contestId, id));
        seen = rows.some((r) => r.externalId === fan.did);
        if (!seen) await new Promise((r) => setTimeout(r, 100));
      }
      if (!seen) throw new Error("the entry never arrived");
      latencies.push(Date.now() - before);
      // Not in step with the load period: the next like comes at another point of it.
      await new Promise((r) => setTimeout(r, 3_000 + round * 4_000));
    }
    return latencies;
  } finally {
    for (const stop of stops) await stop();
  }
}

export async function run(): Promise<string> {
  const network = await startAtprotoNetwork();
  try {
    const withStream = await scenario(network.pds, network.control, true);
    const loadsAlone = await scenario(network.pds, network.control, false);
    const fmt = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(1)).join(", ");
    return [
      "## Bluesky entry latency: the event stream against the periodic loads (bench/bluesky-stream.bench.ts)",
      "",
      "From a like on the real local AT Protocol network (@atproto/dev-env) to the entry stored in Fairdraw; a",
      "20-minute contest (a load every minute, the shortest period), the scheduler ticking every 15 s. Wall times on",
      "this machine as it was (the network, the app and the bench share its cores with other work): read the ratio.",
      "",
      "| | median | each like (s) |",
      "|---|---|---|",
      `| with the stream (firehose) | ${(median(withStream) / 1000).toFixed(1)} s | ${fmt(withStream)} |`,
      `| periodic loads alone | ${(median(loadsAlone) / 1000).toFixed(1)} s | ${fmt(loadsAlone)} |`,
      "",
      "With the loads alone the wait is up to one load period plus a tick: up to 15 minutes on a contest of 5 hours",
      "or more; with the stream it does not depend on the contest's length.",
    ].join("\n");
  } finally {
    await network.stop();
  }
}
