/**
 * The demo team's contests as the contest lifecycle leaves them (issue 8), seeded after api/db/seed.ts made them
 * in their final status. Each non-draft contest is walked through the lifecycle in its order, with the services
 * the scheduler uses: it gets an X (Twitter) source on the team's sandbox account (a reply and a like to enter),
 * is scheduled (planned) and committed (commitContest: its seed, and its winning moments while it is planned),
 * started at its start date; a contest past its close gets its sandbox entrants loaded and filtered at the close,
 * is closed and its winning moments resolved (resolveMoments, the close job's); an ended one then gets its final
 * draw a day after the close, which ends it, so /verify/{id} shows a draw anyone can check. The planned and
 * started ones get their jobs from the scheduler's first tick (the started one's entrants are loaded at its close).
 *
 * INSTANT_WIN_CONTEST (ended) has twitter winning moments (docs/draw.md "Instant win"), one per winner as the
 * builder asks: two while the entries come in, won at the close, and one in the last hour, after the last entry,
 * that nobody wins; its final draw picks the third winner among the other entrants. /verify/{id} reveals them.
 *
 * Every demo contest, the draft too, gets a complete builder form (cb_data, api/db/seed-forms.ts): built from the
 * schemas' defaults, checked by the engine as the create route checks it when the contest was made, stored as the
 * route stores it; so the builder opens and saves any of them (tests/api/lifecycle/seed-forms.test.ts). The
 * filters and the commitments read it; the scheduler publishes the planned one at its start and loads the started
 * one while it runs, on the sandbox. The provider definitions come from the process's catalogue (the actions'
 * kinds). Nothing goes out: the sandbox posts are named, and the moments' won and lost replies are not sent.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { askedKinds, readAsNetwork, sandboxEntrants } from "../../engine/lifecycle";
import type { Clock } from "../clock";
import { sharedCatalog } from "../deps";
import { newId } from "../ids";
import { resolveMoments } from "../scheduler/handlers";
import { commitContest } from "../services/commitments";
import { moveStatus } from "../services/contest-status";
import { makeDraw } from "../services/draws";
import { prepareLoad, writeEntries } from "../services/entrants";
import type { Db } from "./client";
import { first } from "./query";
import { type DemoMoments, demoForm, storedDemoForm } from "./seed-forms";
import { accounts, contests, teams } from "./tables";

/** The demo contest with winning moments (seeded ended by api/db/seed.ts). */
export const INSTANT_WIN_CONTEST = "Instant win week";

const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ENTRANTS = 80;
const WINNERS = 2;

/**
 * The instant-win contest's moments, from its close. The sandbox's entries are made over the three days before
 * the load, at least two hours before it: the first two moments are won, the last one (an hour before the close)
 * is not.
 */
const MOMENTS_BEFORE_CLOSE = [60 * HOUR, 26 * HOUR, HOUR];

const ACTIONS = { comment: { enabled: true, accept: "replies_and_quotes" }, like: { enabled: true } };

/** The instant-win contest's moments as the builder writes them: whole seconds, sorted. */
function winningMoments(closeAt: string): DemoMoments {
  const close = Date.parse(closeAt);
  return {
    list: MOMENTS_BEFORE_CLOSE.map((before) =>
      new Date(Math.floor((close - before) / SECOND) * SECOND).toISOString(),
    ),
    won: "You won, {NAME}! Check your messages.",
    lost: "Not this time, {NAME}. Thanks for playing!",
  };
}

/** In the seed's transaction, once the demo team, its accounts and its contests are written. */
export async function seedContestResults(
  tx: Db,
  clock: Clock,
  teamId: string,
  ownerId: string,
): Promise<void> {
  const account = await first(
    tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.teamId, teamId), eq(accounts.provider, "twitter"))),
  );
  if (!account) return;
  const now = clock();
  const rows = await tx
    .select()
    .from(contests)
    .where(
      and(
        eq(contests.teamId, teamId),
        inArray(contests.status, ["draft", "planned", "started", "closed", "ended"]),
        isNull(contests.deletedAt),
      ),
    );
  const random = (n: number) => new Uint8Array(randomBytes(n));
  const reread = async (id: string) => await first(tx.select().from(contests).where(eq(contests.id, id)));
  const team = await first(tx.select().from(teams).where(eq(teams.id, teamId)));
  if (!team) return;
  const catalog = sharedCatalog();
  const formOf = (row: typeof contests.$inferSelect, nbWinners: number, moments?: DemoMoments) =>
    demoForm(catalog, {
      name: row.name,
      nbWinners,
      startAt: row.startAt,
      closeAt: row.closeAt,
      accountId: Number(account.externalId),
      moments,
    });
  for (const row of rows) {
    const target = row.status;
    // A draft keeps its form only: the builder opens it, and its submit makes it a contest.
    if (target === "draft") {
      const form = formOf(row, WINNERS);
      await tx
        .update(contests)
        .set({ cbData: storedDemoForm(catalog, team, form, new Date(row.createdAt)) })
        .where(eq(contests.id, row.id));
      continue;
    }
    const published = target !== "planned" && row.startAt !== null;
    const finished = published && (target === "closed" || target === "ended");
    const closeAt = row.closeAt ?? now.toISOString();
    const moments = row.name === INSTANT_WIN_CONTEST && finished ? winningMoments(closeAt) : undefined;
    const winners = moments ? moments.list.length : WINNERS;
    const stored = {
      _id: newId(),
      provider: "twitter",
      // The post the start publishes (a sandbox one: nothing goes out).
      post_id: published ? `sandbox-${row.id}` : null,
      shortcode: null,
      poster_id: published ? account.externalId : null,
      account: { _id: account.id, screen_name: account.screenName },
      actions: ACTIONS,
      entries_count: 0,
      reminders: [],
    };
    // Scheduled when it was made (the seed dates a contest whose start has passed a day before it).
    const scheduledAt = row.createdAt;
    // The form as the builder submitted it then, checked by the engine as the create route checks it.
    const cbData = storedDemoForm(catalog, team, formOf(row, winners, moments), new Date(scheduledAt));
    const [form] = cbData.sources as unknown as (Record<string, unknown> & { type: string })[];
    if (!form) continue;
    // Scheduled: planned, with its source and settings, then committed (the moments only while planned).
    await tx
      .update(contests)
      .set({
        status: "planned",
        sources: [stored],
        providers: ["twitter"],
        config: { is_setup: false, nb_winners: winners, autodraw: { enabled: false, autodraw_at: null } },
        cbData,
      })
      .where(eq(contests.id, row.id));
    const planned = await reread(row.id);
    if (!planned) continue;
    await commitContest(tx, planned, scheduledAt, random);
    // The start job: planned → started at the start date.
    if (!published || row.startAt === null) continue;
    await moveStatus(tx, row.id, "started", row.startAt);
    if (!finished) continue;
    // The close job: the entries loaded and filtered, started → closed, the winning moments resolved.
    const started = await reread(row.id);
    if (!started) continue;
    const providers = catalog.providers;
    const network = providers.get(form.type);
    // Read as the sandbox driver reads them: what the network lists, and how much of each list that is.
    const read = readAsNetwork(
      sandboxEntrants({
        contestId: row.id,
        network,
        source: { ...form, id: stored._id },
        count: ENTRANTS,
        now: closeAt,
      }),
      network,
      askedKinds(network, form),
    );
    const load = await prepareLoad(tx, started, read.entrants, {
      limit: ENTRANTS,
      now: new Date(closeAt),
      providers,
      lists: read.lists.map((l) => ({ source_id: stored._id, provider: form.type, ...l })),
    });
    await writeEntries(tx, started, load, closeAt);
    await moveStatus(tx, row.id, "closed", closeAt);
    await resolveMoments(tx, row.id, closeAt);
    if (target !== "ended") continue;
    // The final draw, a day after the close, ends it; it leaves the moments' winners out and draws the rest.
    const closed = await reread(row.id);
    if (!closed) continue;
    await makeDraw(tx, {
      counts: { winners, substitutes: winners },
      contest: closed,
      kind: "final",
      userId: ownerId,
      at: new Date(Date.parse(closeAt) + DAY).toISOString(),
      refuse: (why) => new Error(why),
    });
  }
}
