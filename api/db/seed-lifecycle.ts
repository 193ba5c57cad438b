/**
 * The demo team's contests as the contest lifecycle leaves them (issue 8), seeded after api/db/seed.ts made them:
 * each non-draft contest gets an X (Twitter) source on the team's sandbox account (a reply and a like to enter);
 * the closed one has its sandbox entrants loaded and filtered, the ended one its entrants and a final draw, so
 * /verify/{id} shows a draw anyone can check. The planned and started ones get their jobs from the scheduler's
 * first tick (the started one's entrants are loaded at its close).
 *
 * The closed and ended contests also get a builder form (cb_data) holding what the filters read; the planned and
 * started ones keep none (as before: the builder does not open them), so the scheduler publishes nothing for them.
 * No catalogue is needed (the seed runs before the app's dependencies exist).
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { sandboxEntrants } from "../../engine/lifecycle";
import type { Clock } from "../clock";
import { newId } from "../ids";
import { commitContest } from "../services/commitments";
import { makeDraw } from "../services/draws";
import { prepareLoad, writeEntries } from "../services/entrants";
import type { Db } from "./client";
import { accounts, contests } from "./schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const DAY = 86_400_000;
const ENTRANTS = 80;
const WINNERS = 2;

const ACTIONS = { comment: { enabled: true, accept: "replies_and_quotes" }, like: { enabled: true } };

/** What the filters and the sandbox read of a twitter source: its actions and the anti-bots filter. */
function formSource(accountId: number, name: string) {
  return {
    id: 100,
    type: "twitter",
    validate_actions: true,
    publication: {
      needed: true,
      account_id: accountId,
      content: `${name}: reply and like to enter! Draw {SEED}, check it at {DRAW_LINK}`,
      media: { count: 0, files: [] },
    },
    actions: ACTIONS,
    anti_bots: { enabled: true, check_source: true },
  };
}

/** In the seed's transaction, once the demo team, its accounts and its contests are written. */
export function seedContestResults(tx: Tx, clock: Clock, teamId: string, ownerId: string): void {
  const account = tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.teamId, teamId), eq(accounts.provider, "twitter")))
    .get();
  if (!account) return;
  const now = clock();
  const rows = tx
    .select()
    .from(contests)
    .where(
      and(
        eq(contests.teamId, teamId),
        inArray(contests.status, ["planned", "started", "closed", "ended"]),
        isNull(contests.deletedAt),
      ),
    )
    .all();
  const random = (n: number) => new Uint8Array(randomBytes(n));
  for (const row of rows) {
    const published = row.status !== "planned";
    const finished = row.status === "closed" || row.status === "ended";
    const stored = {
      _id: newId(),
      provider: "twitter",
      post_id: published ? `sandbox-${row.id}` : null,
      shortcode: null,
      poster_id: published ? account.externalId : null,
      account: { _id: account.id, screen_name: account.screenName },
      actions: ACTIONS,
      entries_count: 0,
      reminders: [],
    };
    const form = formSource(Number(account.externalId), row.name);
    tx.update(contests)
      .set({
        sources: [stored],
        providers: ["twitter"],
        config: { is_setup: false, nb_winners: WINNERS, autodraw: { enabled: false, autodraw_at: null } },
        ...(finished
          ? {
              cbData: { base: { name: row.name, nb_winners: WINNERS }, sources: [form] },
              closedAt: row.closeAt,
            }
          : {}),
        ...(published ? { startedAt: row.startAt } : {}),
      })
      .where(eq(contests.id, row.id))
      .run();
    const fresh = tx.select().from(contests).where(eq(contests.id, row.id)).get();
    if (!fresh) continue;
    commitContest(tx, fresh, row.createdAt, random);
    if (!finished) continue;
    const loadedAt = row.closeAt ?? now.toISOString();
    const entrants = sandboxEntrants({
      contestId: row.id,
      source: { ...form, id: stored._id },
      count: ENTRANTS,
      now: loadedAt,
    });
    // No handle rules: the seeded sources list no accounts to exclude or follow.
    const load = prepareLoad(tx, fresh, entrants, {
      limit: ENTRANTS,
      now: new Date(loadedAt),
      providers: new Map(),
    });
    writeEntries(tx, fresh, load, loadedAt);
    if (row.status !== "ended") continue;
    // The ended contest: drawn a day after its close (it is closed for the draw, which ends it).
    tx.update(contests).set({ status: "closed" }).where(eq(contests.id, row.id)).run();
    const closed = tx.select().from(contests).where(eq(contests.id, row.id)).get();
    if (!closed) continue;
    makeDraw(tx, {
      counts: { winners: WINNERS, substitutes: WINNERS },
      contest: closed,
      kind: "final",
      userId: ownerId,
      at: new Date(Date.parse(loadedAt) + DAY).toISOString(),
      refuse: (why) => new Error(why),
    });
  }
}
