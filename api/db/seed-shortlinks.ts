/**
 * The demo team's shortlinks, so the shortlinks pages and their statistics over time have something to show: a
 * custom one with three weeks of visits (each day's visits, and visitors first seen that day) and a random one
 * nobody visited yet. Counts agree with what the redirect would have written: nb_visits is the sum of the days,
 * nb_uniq_visits the number of visitors. The visitor hashes are made up (no address is behind them).
 */
import { createHash } from "node:crypto";
import type { Clock } from "../clock";
import { newId } from "../ids";
import type { Db } from "./client";
import { shortlinks, shortlinkVisitDays, shortlinkVisitors } from "./tables";

const DAY = 86_400_000;

/** Visits and new visitors per day, oldest first, ending today: a launch, a slow week, a reminder. */
const VISITS: readonly [visits: number, newVisitors: number][] = [
  [34, 29],
  [21, 15],
  [12, 8],
  [9, 6],
  [7, 4],
  [5, 3],
  [4, 2],
  [0, 0],
  [3, 2],
  [6, 4],
  [2, 1],
  [0, 0],
  [1, 1],
  [4, 2],
  [27, 19],
  [18, 11],
  [10, 6],
  [6, 3],
  [3, 2],
  [5, 3],
  [2, 1],
];

export async function seedShortlinks(tx: Db, clock: Clock, teamId: string, ownerId: string): Promise<void> {
  const now = clock();
  const first = new Date(now.getTime() - (VISITS.length - 1) * DAY);
  const visited = newId();
  await tx.insert(shortlinks).values({
    id: visited,
    teamId,
    type: "custom",
    domain: "fdraw.co",
    key: "demo-spring",
    url: "https://example.com/spring-giveaway",
    nbVisits: VISITS.reduce((sum, [visits]) => sum + visits, 0),
    nbUniqVisits: VISITS.reduce((sum, [, visitors]) => sum + visitors, 0),
    createdBy: ownerId,
    createdAt: new Date(first.getTime() - DAY).toISOString(),
  });
  for (const [i, [visits, newVisitors]] of VISITS.entries()) {
    const day = new Date(first.getTime() + i * DAY);
    if (visits > 0) {
      await tx
        .insert(shortlinkVisitDays)
        .values({ shortlinkId: visited, day: day.toISOString().slice(0, 10), visits });
    }
    for (let v = 0; v < newVisitors; v++) {
      // Spread over the UTC day (the day's midnight, plus a few minutes per visitor): never past "now".
      const seen = new Date(
        Math.min(Date.parse(`${day.toISOString().slice(0, 10)}T00:00:00.000Z`) + v * 97_000, now.getTime()),
      );
      await tx.insert(shortlinkVisitors).values({
        shortlinkId: visited,
        visitorHash: createHash("sha256").update(`demo-visitor-${i}-${v}`).digest("hex"),
        firstSeenAt: seen.toISOString(),
      });
    }
  }
  await tx.insert(shortlinks).values({
    id: newId(),
    teamId,
    type: "random",
    domain: "fdr.aw",
    key: "Dm0x7Q",
    url: "https://example.com/newsletter",
    createdBy: ownerId,
    createdAt: now.toISOString(),
  });
}
