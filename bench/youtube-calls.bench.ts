/**
 * YouTube's cost of reading entries, in counts (not times): network calls and quota units per 1,000 entrants
 * read, by the real driver against the Google stand-in (tests/helpers/google-standin.ts), beside the API's floor
 * (comment threads in pages of 100, channels in batches of 50: what no reader can do with less). Then the cost of
 * a second load after 100 new comments (incremental: only what is new). Counts do not drift with the machine.
 */

import type { EntriesLoad, EntriesRequest, NetworkDriver } from "../api/drivers/types";
import { VIDEO, youtubeWorld } from "../tests/api/drivers/youtube/world";

const ENTRANTS = 1_000;
const LATER = 100;

export async function run(): Promise<string> {
  const w = await youtubeWorld();
  try {
    await w.connect();
    const [linked] = await w.youtubeAccounts();
    const channel = (i: number) => `UCbench${String(i).padStart(17, "0")}`;
    for (let i = 0; i < ENTRANTS + LATER; i++) {
      w.google.addChannel(`fan${i}`, {
        id: channel(i),
        title: `Fan ${i}`,
        handle: `fan${i}`,
        publishedAt: "2020-01-01T00:00:00Z",
        subscribers: i,
      });
    }
    const at = (n: number) =>
      new Date(Date.UTC(2026, 10, 20, 10) + n * 1000).toISOString().replace(".000Z", "Z");
    for (let i = 0; i < ENTRANTS; i++) w.google.comment(VIDEO, channel(i), `entry ${i}`, at(i));
    const imported = await w.owner.call("POST", "/api/v1/teams/current/contests/quickdraw", {
      provider: "youtube",
      matched: `https://www.youtube.com/watch?v=${VIDEO}`,
      confirm: true,
      name: "Bench",
    });
    const { contest_id } = (await imported.json()) as { contest_id: string };
    const { driver, account, provider } = await w.driverOf(linked?._id ?? "");
    const request: EntriesRequest = {
      provider,
      contest_id,
      source_id: "bench",
      post_id: VIDEO,
      account,
      source: { type: "youtube", actions: { comment: { enabled: true } } },
      accounts_to_follow: [],
      now: new Date(),
      limit: 100_000,
    };
    const reader = driver as NetworkDriver & { readEntries(r: EntriesRequest): Promise<EntriesLoad> };
    const count = () => ({
      calls: w.google.log.filter((l) => l.path.startsWith("/youtube/v3/")).length,
      units: w.google.units,
    });
    const start = count();
    const first = await reader.readEntries(request);
    const afterFirst = count();
    for (let i = ENTRANTS; i < ENTRANTS + LATER; i++)
      w.google.comment(VIDEO, channel(i), `late ${i}`, at(10_000 + i));
    const second = await reader.readEntries(request);
    const afterSecond = count();
    if (first.entrants.length !== ENTRANTS || second.entrants.length !== ENTRANTS + LATER) {
      throw new Error(`read ${first.entrants.length} then ${second.entrants.length} entrants`);
    }
    if (w.google.problems.length > 0) throw new Error(w.google.problems.join("\n"));
    const floor = (n: number) => Math.ceil(n / 100) + Math.ceil(n / 50);
    const per1000 = (x: number, n: number) => ((x * 1000) / n).toFixed(1);
    const row = (what: string, n: number, calls: number, units: number) =>
      `| ${what} | ${n} | ${calls} | ${units} | ${per1000(calls, n)} | ${per1000(units, n)} | ${floor(n)} |`;
    return [
      "## YouTube: network calls and quota units per entrants read (bench/youtube-calls.bench.ts)",
      "",
      "The real driver against the Google stand-in; counts, not times. The floor is what the API allows at best:",
      "comment threads in pages of 100 plus entrants' channels in batches of 50, 1 unit each.",
      "",
      "| Load | Entrants read | Calls | Units | Calls per 1,000 | Units per 1,000 | Floor (calls = units) |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      row("first load", ENTRANTS, afterFirst.calls - start.calls, afterFirst.units - start.units),
      row(
        `next load (${LATER} new)`,
        LATER,
        afterSecond.calls - afterFirst.calls,
        afterSecond.units - afterFirst.units,
      ),
    ].join("\n");
  } finally {
    await w.close();
  }
}
