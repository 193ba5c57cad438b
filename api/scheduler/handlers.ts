/**
 * What each job kind does (api/scheduler/jobs.ts says when). Every effect is idempotent, so a job run again after
 * a restart changes nothing that was done: publications are keyed (api/services/publications.ts), status moves
 * are guarded by the status they start from, entries are loaded as the contest runs (load.ts) and a last time as it closes, winning
 * moments resolved once (moments_result), the automatic draw made once (one final draw per contest).
 *
 * A job whose contest is not there yet (a reminder or the close of a contest that has not started: its start job
 * failed or has not run; a start whose publishing account is missing; a contest of a frozen team) throws NotReady
 * and waits: it is tried again later and the wait never counts as a failed attempt. A job with nothing left to do
 * (the contest or its team was deleted, the contest canceled, the option is off, the network's window passed) is
 * done with a recorded skip.
 *
 * The close moves the status first: the entries are loaded, the contest moved to closed and its winning moments
 * resolved in one transaction, which also schedules a `closing` job per source for the closing publication and,
 * with winning moments, `moment_replies` jobs for their won and lost replies (each a bounded range of the entries;
 * the close itself publishes nothing). A publication that fails (the network refuses a reply) then retries on its
 * own and never holds the status back.
 */

import { eq } from "drizzle-orm";
import { resolveWinningMoments } from "../../engine/lifecycle";
import {
  isMetaNetwork,
  mentionOf,
  privateMessageMode,
  privateMessageWindowDays,
} from "../../engine/provider";
import { getIn, isPlainObject, toTime } from "../../engine/values";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { contests, drawCommitments, teams } from "../db/tables";
import { transaction } from "../db/transaction";
import type { PublicationKind, PublicationMode } from "../drivers/types";
import { logActivity } from "../services/activity";
import { committedMoments, findCommitment, momentEntries } from "../services/commitments";
import { type ContestSource, contestSources, formPart, mediaIds } from "../services/contest-sources";
import { moveStatus, type StatusMove } from "../services/contest-status";
import type { StoredSource } from "../services/contests/form";
import { drawCounts, findFinalDraw, makeDraw, momentWinners } from "../services/draws";
import {
  entrantsOf,
  momentReplyEntrants,
  readEntries,
  TUNNEL_LOAD_MAX,
  validEntryTimes,
  writeEntries,
} from "../services/entrants";
import { type NotificationContent, notify } from "../services/notifications";
import {
  contestPublications,
  fillTokens,
  publishOnce,
  publishReplies,
  verifyUrl,
} from "../services/publications";
import {
  CONTEST_KEY,
  cancelPendingJobs,
  type JobKind,
  type JobRow,
  MOMENT_REPLIES_BATCH,
  scheduleAfterClose,
  scheduleAfterDraw,
  scheduleNextLoad,
} from "./jobs";
import { runLoad } from "./load";

export type SchedulerDeps = Pick<
  Deps,
  "db" | "clock" | "realtime" | "logger" | "env" | "catalog" | "uploads"
>;
type ContestRow = typeof contests.$inferSelect;

/**
 * The job's contest is not ready for it yet: try again later, without counting a failed attempt. `notification`
 * is what the team is told, once, while the job waits for something only the team can do (link an account).
 */
export class NotReady extends Error {
  readonly notification: NotificationContent | undefined;
  constructor(message: string, notification?: NotificationContent) {
    super(message);
    this.name = "NotReady";
    this.notification = notification;
  }
}

export type JobOutcome = {
  /** What the run did, kept on the job (published counts, { skipped: reason }). */
  result: Record<string, unknown>;
  moves: StatusMove[];
  /** Something the team sees changed (load_contest is pushed). */
  changed: boolean;
};

const skipped = (reason: string): JobOutcome => ({ result: { skipped: reason }, moves: [], changed: false });

const DAY_MS = 86_400_000;

async function contestOf(deps: SchedulerDeps, id: string): Promise<ContestRow | undefined> {
  return await first(deps.db.select().from(contests).where(eq(contests.id, id)));
}

export async function tokensOf(deps: Pick<SchedulerDeps, "db" | "env">, row: ContestRow) {
  return {
    seedCommitment: (await findCommitment(deps.db, row.id))?.seedCommitment ?? "",
    drawLink: verifyUrl(deps.env.publicUrl, row.id),
  };
}

/** Writes the stored sources back with one source changed. */
async function updateStoredSource(
  deps: SchedulerDeps,
  contestId: string,
  sourceId: string,
  change: Partial<StoredSource>,
) {
  await transaction(deps.db, async (tx) => {
    const row = await first(
      tx.select({ sources: contests.sources }).from(contests).where(eq(contests.id, contestId)),
    );
    const sources = ((row?.sources ?? []) as unknown as StoredSource[]).map((s) =>
      s._id === sourceId ? { ...s, ...change } : s,
    );
    await tx
      .update(contests)
      .set({ sources: sources as unknown as Record<string, unknown>[] })
      .where(eq(contests.id, contestId));
  });
}

/** A follow-up publication (closing, winners, a reminder) as the network takes it: on the main post when there is one. */
export function followUpMode(
  deps: SchedulerDeps,
  source: ContestSource,
  type: unknown,
): { mode: PublicationMode; inReplyTo: string | null } {
  const post = source.stored.post_id;
  if (!post) return { mode: "post", inReplyTo: null };
  if (type === "repost" || type === "retweet") return { mode: type, inReplyTo: post };
  if (type === "quote") return { mode: "quote", inReplyTo: post };
  if (type === "comment") return { mode: "comment", inReplyTo: post };
  // On the networks of Meta (meta_network in the definition) a follow-up is a comment on the post.
  const meta = isMetaNetwork(deps.catalog.providers.get(source.stored.provider));
  return { mode: meta ? "comment" : "reply", inReplyTo: post };
}

/** Publishes one of a source's follow-up publications (closing, winners) when its form has it on. */
async function publishFollowUp(
  deps: SchedulerDeps,
  row: ContestRow,
  source: ContestSource,
  part: "closing_publication" | "winners_publication",
  kind: PublicationKind,
  extraTokens: { winners?: string } = {},
): Promise<boolean> {
  const form = formPart(source, part);
  if (form?.enabled !== true || !source.driver || !source.account) return false;
  const { mode, inReplyTo } = followUpMode(deps, source, form.type);
  await publishOnce(deps, source.driver, {
    contest_id: row.id,
    source_id: source.stored._id,
    kind,
    key: kind,
    provider: source.stored.provider,
    mode,
    account: source.account,
    text: fillTokens(typeof form.content === "string" ? form.content : "", {
      ...(await tokensOf(deps, row)),
      ...extraTokens,
    }),
    media: mediaIds(form.media),
    dark: form.dark === true,
    inReplyTo,
  });
  return true;
}

// ---------------------------------------------------------------------------------------------------- start

/**
 * The main publications, then planned → started. A planned contest starts only once every main publication can
 * go out: while a source's publishing account is missing or disabled, nothing is published and the job waits
 * (NotReady, the team told once which account to link again); a start that comes only at or after the close date
 * cancels the contest instead when no post is out (startMissed), or starts it on the posts that are out. A contest
 * already started (adopted) publishes what it can, never a post it already has, and records the sources it could not.
 */
async function runStart(deps: SchedulerDeps, row: ContestRow): Promise<JobOutcome> {
  if (row.status !== "planned" && row.status !== "started") return skipped(`contest ${row.status}`);
  const needed = (await contestSources(deps, row)).filter((source) => {
    const publication = formPart(source, "publication");
    return publication !== undefined && publication.needed !== false;
  });
  const missing = needed.filter((source) => !source.driver || !source.account).map((s) => s.stored);
  const late = row.status === "planned" && closeDatePassed(deps, row);
  if (late && !(await mainPostsOut(deps.db, row.id))) return await startMissed(deps, row);
  if (row.status === "planned" && !late && missing.length > 0) {
    throw new NotReady(`no publishing account for source ${missing.map((s) => s._id).join(", ")}`, {
      key: "contestPublishingAccountMissing",
      data: {
        contest: { _id: row.id, name: row.name },
        accounts: missing.map((s) => ({ provider: s.provider, screen_name: s.account?.screen_name ?? "" })),
      },
      link: "/team/accounts",
    });
  }
  let published = 0;
  const notPublished: string[] = [];
  for (const source of needed) {
    const publication = formPart(source, "publication");
    if (!publication || !source.driver || !source.account) continue;
    // Past the close with a post already out: the contest runs on what is out, nothing opens after its close.
    if (late && !source.stored.post_id) {
      notPublished.push(source.stored._id);
      continue;
    }
    // A started contest adopted with its post already out (no publication row of ours) is not published twice.
    if (row.status === "started" && source.stored.post_id) continue;
    const pub = await publishOnce(deps, source.driver, {
      contest_id: row.id,
      source_id: source.stored._id,
      kind: "main",
      key: "main",
      provider: source.stored.provider,
      mode: "post",
      account: source.account,
      text: fillTokens(
        typeof publication.content === "string" ? publication.content : "",
        await tokensOf(deps, row),
      ),
      media: mediaIds(publication.media),
      dark: publication.dark === true,
    });
    if (source.stored.post_id !== pub.externalPostId) {
      await updateStoredSource(deps, row.id, source.stored._id, {
        post_id: pub.externalPostId,
        poster_id: source.account.external_id,
      });
    }
    published++;
  }
  const at = deps.clock().toISOString();
  const move = await transaction(deps.db, async (tx) => {
    const moved = await moveStatus(tx, row.id, "started", at);
    // Entries are read as the contest runs (load.ts), the first load one interval after the start.
    if (moved) await scheduleNextLoad(tx, { ...row, status: "started", startedAt: at }, at);
    return moved;
  });
  return {
    result: {
      published,
      ...(missing.length > 0 ? { no_account: missing.map((s) => s._id) } : {}),
      ...(notPublished.length > 0 ? { late: notPublished } : {}),
    },
    moves: move ? [move] : [],
    changed: move !== null || published > 0,
  };
}

function closeDatePassed(deps: SchedulerDeps, row: ContestRow): boolean {
  const close = toTime(row.closeAt);
  return close !== null && deps.clock().getTime() >= close;
}

/** Whether a main publication of the contest went out, or may have (a row left publishing by a failed run). */
async function mainPostsOut(db: Pick<Db, "select">, contestId: string): Promise<boolean> {
  return (await contestPublications(db, contestId)).some((p) => p.kind === "main");
}

/**
 * A planned contest whose start runs only once its close date has come (it waited for a publishing account, its
 * team was frozen, the server was down) and that has no post out is canceled (cancel_reason start_missed) and the
 * team told: publishing it then would open and close it at once, with no time to enter. One with a post out
 * starts on what is out (runStart) and closes.
 */
async function startMissed(deps: SchedulerDeps, row: ContestRow): Promise<JobOutcome> {
  const at = deps.clock().toISOString();
  const move = await transaction(deps.db, async (tx) => {
    // Read again in the transaction: another process may have moved it or published since.
    const fresh = await first(tx.select().from(contests).where(eq(contests.id, row.id)));
    if (fresh?.status !== "planned" || (await mainPostsOut(tx, row.id))) return null;
    const moved = await moveStatus(tx, row.id, "canceled", at, {
      meta: { ...fresh.meta, cancel_reason: "start_missed" },
    });
    if (moved) await cancelPendingJobs(tx, row.id, at);
    return moved;
  });
  if (move) {
    await notify(
      deps,
      { teamId: row.teamId },
      {
        key: "contestStartMissed",
        data: { contest: { _id: row.id, name: row.name } },
        link: `/contest/${row.id}`,
      },
    );
  }
  return { result: { canceled: "start_missed" }, moves: move ? [move] : [], changed: move !== null };
}

// ------------------------------------------------------------------------------------------------- reminder

async function runReminder(deps: SchedulerDeps, row: ContestRow, key: string): Promise<JobOutcome> {
  if (row.status === "planned") throw new NotReady("the contest has not started");
  if (row.status !== "started") return skipped(`contest ${row.status}`);
  const colon = key.indexOf(":");
  const sourceId = key.slice(0, colon);
  const reminderId = key.slice(colon + 1);
  const source = (await contestSources(deps, row)).find((s) => s.stored._id === sourceId);
  if (!source) return skipped("source removed");
  const list = getIn(source.form, ["reminders", "list"]);
  const form = (Array.isArray(list) ? list : []).find((r) => isPlainObject(r) && r.id === reminderId) as
    | Record<string, unknown>
    | undefined;
  if (!form || getIn(source.form, ["reminders", "enabled"]) !== true) return skipped("reminder removed");
  if (!source.driver || !source.account) return skipped("no publishing account");
  if (!source.stored.post_id) throw new NotReady("the main publication is not out yet");
  const { mode, inReplyTo } = followUpMode(deps, source, form.type);
  const pub = await publishOnce(deps, source.driver, {
    contest_id: row.id,
    source_id: sourceId,
    kind: "reminder",
    key: reminderId,
    provider: source.stored.provider,
    mode,
    account: source.account,
    text: fillTokens(typeof form.content === "string" ? form.content : "", await tokensOf(deps, row)),
    media: mediaIds(form.media),
    dark: form.dark === true,
    inReplyTo,
  });
  const reminders = (source.stored.reminders ?? []).map((r) =>
    r.id === reminderId ? { ...r, published_at: pub.publishedAt, post_id: pub.externalPostId } : r,
  );
  await updateStoredSource(deps, row.id, sourceId, { reminders });
  return { result: { published: 1 }, moves: [], changed: true };
}

// ---------------------------------------------------------------------------------------------------- close

/**
 * Resolves the winning moments of the contest's twitter sources, once, in the caller's transaction (the close's,
 * after its entries are written): each moment goes to the first valid entry made at or after it. `written`: the
 * entries the caller has just written, in load order (writeEntries' answer), else they are read.
 */
export async function resolveMoments(
  tx: Db,
  contestId: string,
  at: string,
  written?: readonly Parameters<typeof momentEntries>[0][number][],
): Promise<void> {
  const commitment = await findCommitment(tx, contestId);
  const committed = committedMoments(commitment);
  if (Object.keys(committed).length === 0 || commitment?.momentsResult) return;
  const resolved: Record<string, unknown> = {};
  const lists: Record<string, { id: string; at: string }[]> = {};
  // Only the valid entries' few columns the list needs (a close resolves over tens of thousands).
  const all = written ? written.filter((e) => e.valid) : await validEntryTimes(tx, contestId);
  for (const [sourceId, c] of Object.entries(committed)) {
    lists[sourceId] = momentEntries(all, sourceId);
    // The winners frozen when their won replies went out during the run stay (docs/draw.md "Frozen winners").
    resolved[sourceId] = resolveWinningMoments(
      c.moments,
      lists[sourceId].map((e) => ({ ...e, valid: true })),
      c.frozen,
    );
  }
  // The list is kept with the result: /verify publishes the very list the moments were resolved over.
  await tx
    .update(drawCommitments)
    .set({ momentsResult: resolved, momentsEntries: lists, momentsRevealedAt: at })
    .where(eq(drawCommitments.contestId, contestId));
}

/**
 * Publishes the won and lost replies of the resolved winning moments to the entries at load positions `from` to
 * `from` + MOMENT_REPLIES_BATCH (a moment_replies job, scheduled by the close), each once, keyed by the entrant's id
 * as the loads key the won replies sent during the run: a source's replies go out as one batch (publishReplies).
 * A job run again (a crash, a network that failed half-way) asks only for the replies not published yet.
 */
async function runMomentReplies(deps: SchedulerDeps, row: ContestRow, key: string): Promise<JobOutcome> {
  if (row.status === "planned" || row.status === "started") throw new NotReady("the contest is not closed");
  if (row.status !== "closed" && row.status !== "ended") return skipped(`contest ${row.status}`);
  const from = Number(key);
  if (!Number.isSafeInteger(from) || from < 0) return skipped(`not a position: ${key}`);
  const results = (await findCommitment(deps.db, row.id))?.momentsResult ?? null;
  if (!results) return skipped("no winning moments resolved");
  const tokens = await tokensOf(deps, row);
  // A frozen winner keeps its moment even if its entry is no longer valid: it gets the won reply too.
  const allWinners = Object.values(results).flatMap((list) =>
    Array.isArray(list)
      ? list.flatMap((r) => (isPlainObject(r) && typeof r.winner === "string" ? [r.winner] : []))
      : [],
  );
  const answered = await momentReplyEntrants(deps.db, row.id, allWinners, {
    from,
    to: from + MOMENT_REPLIES_BATCH,
  });
  let published = 0;
  for (const source of await contestSources(deps, row)) {
    const resolved = results[source.stored._id];
    const { driver, account } = source;
    const post = source.stored.post_id;
    if (!Array.isArray(resolved) || !driver || !account || !post) continue;
    const winners = new Set(
      resolved.flatMap((r) => (isPlainObject(r) && typeof r.winner === "string" ? [r.winner] : [])),
    );
    const won = formPart(source, "winning_moments", "won_publication");
    const lost = formPart(source, "winning_moments", "lost_publication");
    // What each reply shares is worked out once per source; only the name and the post answered differ.
    const shared = (part: Record<string, unknown> | undefined) => ({
      content: typeof part?.content === "string" ? part.content : "",
      media: mediaIds(part?.media),
      dark: part?.dark === true,
    });
    const wonPart = shared(won);
    const lostPart = shared(lost);
    const seen = new Set<string>();
    const replies: Parameters<typeof publishReplies>[2][number][] = [];
    for (const entrant of answered) {
      if (entrant.sourceId !== source.stored._id || seen.has(entrant.id)) continue;
      seen.add(entrant.id);
      const isWinner = winners.has(entrant.id);
      const part = isWinner ? wonPart : lostPart;
      replies.push({
        contest_id: row.id,
        source_id: source.stored._id,
        kind: isWinner ? "winning_moment_won" : "winning_moment_lost",
        key: entrant.id,
        provider: source.stored.provider,
        mode: "reply",
        account,
        text: fillTokens(part.content, { ...tokens, name: entrant.name }),
        media: part.media,
        dark: part.dark,
        inReplyTo: entrant.firstComment ?? post,
      });
    }
    published += await publishReplies(deps, driver, replies);
  }
  return { result: { published }, moves: [], changed: published > 0 };
}

/**
 * The close (see the file's comment): entries loaded (once), started → closed, moments resolved, and the closing
 * publications and the moments' replies scheduled, in one transaction.
 */
async function runClose(deps: SchedulerDeps, row: ContestRow): Promise<JobOutcome> {
  if (row.status === "planned") throw new NotReady("the contest has not started");
  if (row.status !== "started" && row.status !== "closed") return skipped(`contest ${row.status}`);
  const current = (await contestOf(deps, row.id)) ?? row;
  // The last load, over the whole window (loads while it ran read it up to their time); once, as it moves to closed.
  const lastLoad = (r: ContestRow) => r.entriesLoadedAt === null || r.status === "started";
  const load = lastLoad(current)
    ? await readEntries(deps, current, { limit: TUNNEL_LOAD_MAX, now: deps.clock() })
    : null;
  const at = deps.clock().toISOString();
  const { move, loaded } = await transaction(deps.db, async (tx) => {
    const fresh = await first(tx.select().from(contests).where(eq(contests.id, row.id)));
    if (!fresh || (fresh.status !== "started" && fresh.status !== "closed"))
      return { move: null, loaded: null };
    let entries: number | null = null;
    let written: Awaited<ReturnType<typeof writeEntries>> | undefined;
    if (load && lastLoad(fresh)) {
      written = await writeEntries(tx, fresh, load, at);
      await logActivity(tx, () => new Date(at), {
        teamId: row.teamId,
        type: "loadEntries",
        meta: { contest: { _id: row.id, name: row.name }, entries: load.entrants.length },
      });
      entries = load.entrants.length;
    }
    const moved = await moveStatus(tx, row.id, "closed", at);
    await resolveMoments(tx, row.id, at, written);
    // A close run again (it stopped after its commit) schedules nothing twice: jobs are unique by kind and key.
    const resolved = (await findCommitment(tx, row.id))?.momentsResult ?? null;
    await scheduleAfterClose(tx, fresh, at, resolved ? { entries: entries ?? fresh.entriesCount } : null);
    return { move: moved, loaded: entries };
  });
  return {
    result: loaded !== null ? { entries: loaded } : {},
    moves: move ? [move] : [],
    changed: true,
  };
}

/** A source's closing publication (scheduled by the close), when its form has it on. */
async function runClosing(deps: SchedulerDeps, row: ContestRow, sourceId: string): Promise<JobOutcome> {
  if (row.status !== "closed" && row.status !== "ended") return skipped(`contest ${row.status}`);
  const source = (await contestSources(deps, row)).find((s) => s.stored._id === sourceId);
  if (!source) return skipped("source removed");
  if (formPart(source, "closing_publication")?.enabled !== true) return skipped("no closing publication");
  if (!source.driver || !source.account) return skipped("no publishing account");
  await publishFollowUp(deps, row, source, "closing_publication", "closing");
  return { result: { published: 1 }, moves: [], changed: true };
}

// ------------------------------------------------------------------------------------------------- autodraw

/** The final draw made by the system (the automatic draw); in one transaction with what follows it. */
export async function finalDrawBySystem(deps: SchedulerDeps, row: ContestRow) {
  const team = await first(deps.db.select().from(teams).where(eq(teams.id, row.teamId)));
  if (!team) throw new Error("the contest's team is gone");
  const at = deps.clock().toISOString();
  return await transaction(deps.db, async (tx) => {
    const fresh = await first(tx.select().from(contests).where(eq(contests.id, row.id)));
    if (!fresh || (await findFinalDraw(tx, row.id))) return null;
    const meta = { contest: { _id: row.id, name: row.name }, kind: "final", automatic: true };
    await logActivity(tx, () => new Date(at), { teamId: row.teamId, type: "startDraw", meta });
    const outcome = await makeDraw(tx, {
      counts: drawCounts(deps.catalog, team, fresh),
      contest: fresh,
      kind: "final",
      userId: null,
      at,
      refuse: (why) => new NotReady(why),
    });
    await scheduleAfterDraw(tx, fresh, at);
    await logActivity(tx, () => new Date(at), { teamId: row.teamId, type: "finishDraw", meta });
    return outcome;
  });
}

async function runAutodraw(deps: SchedulerDeps, row: ContestRow): Promise<JobOutcome> {
  if (row.status === "planned" || row.status === "started") throw new NotReady("the contest is not closed");
  if (row.status !== "closed") return skipped(`contest ${row.status}`);
  const outcome = await finalDrawBySystem(deps, row);
  if (!outcome) return skipped("already drawn");
  return {
    result: { draw_id: outcome.draw.id, winners: outcome.draw.winners.length },
    moves: outcome.move ? [outcome.move] : [],
    changed: true,
  };
}

// ------------------------------------------------------------------------------------- winners, messages

/** The final draw's winners (moment winners first) as entrant rows, one per account. */
export async function winnerEntrants(deps: Pick<SchedulerDeps, "db">, row: ContestRow) {
  const draw = await findFinalDraw(deps.db, row.id);
  if (!draw) return null;
  const ids = [...(await momentWinners(deps.db, row.id)), ...draw.winners];
  const rows = await entrantsOf(deps.db, row.id, ids);
  return ids.flatMap((id) => {
    const found = rows.find((r) => r.id === id && r.valid) ?? rows.find((r) => r.id === id);
    return found ? [found] : [];
  });
}

/**
 * A source's winners publication: {WINNERS} names the winners who entered that source (a winner who entered two
 * sources is named on both), never another source's or network's. With no winner from the source, a text that
 * names them is not published.
 */
async function runWinners(deps: SchedulerDeps, row: ContestRow, sourceId: string): Promise<JobOutcome> {
  if (row.status !== "ended") return skipped(`contest ${row.status}`);
  const all = await winnerEntrants(deps, row);
  if (!all) return skipped("no final draw");
  const source = (await contestSources(deps, row)).find((s) => s.stored._id === sourceId);
  if (!source) return skipped("source removed");
  const entered = new Set(
    (
      await entrantsOf(
        deps.db,
        row.id,
        all.map((w) => w.id),
      )
    )
      .filter((e) => e.sourceId === sourceId)
      .map((e) => e.id),
  );
  const winners = all.filter((w) => entered.has(w.id));
  const form = formPart(source, "winners_publication");
  if (form?.enabled !== true) return skipped("no winners publication");
  if (winners.length === 0 && typeof form.content === "string" && form.content.includes("{WINNERS}")) {
    return skipped("no winner from this source");
  }
  const names = winners
    .map((w) => mentionOf(source.provider, { screen_name: w.screenName, name: w.name }))
    .join(", ");
  const done = await publishFollowUp(deps, row, source, "winners_publication", "winners", { winners: names });
  return done ? { result: { published: 1 }, moves: [], changed: true } : skipped("no winners publication");
}

async function runPrivateMessages(
  deps: SchedulerDeps,
  row: ContestRow,
  sourceId: string,
): Promise<JobOutcome> {
  if (row.status !== "ended") return skipped(`contest ${row.status}`);
  const source = (await contestSources(deps, row)).find((s) => s.stored._id === sourceId);
  if (!source) return skipped("source removed");
  const form = formPart(source, "winners_private_message");
  if (form?.enabled !== true) return skipped("no private message");
  if (!source.driver || !source.account) return skipped("no publishing account");
  // A network without private messages (capabilities): winners are answered by the winners publication.
  if (privateMessageMode(source.provider) === "none") return skipped(`${source.stored.provider}_no_messages`);
  // Some networks take private messages only within a few days of the start (the provider's definition).
  const windowDays = privateMessageWindowDays(source.provider);
  if (typeof windowDays === "number") {
    const start = toTime(row.startedAt ?? row.startAt);
    if (start === null || deps.clock().getTime() > start + windowDays * DAY_MS) {
      return skipped(`${source.stored.provider}_window`);
    }
  }
  const winners = ((await winnerEntrants(deps, row)) ?? []).filter((w) => w.sourceId === sourceId);
  for (const winner of winners) {
    await publishOnce(deps, source.driver, {
      contest_id: row.id,
      source_id: sourceId,
      kind: "private_message",
      key: winner.id,
      provider: source.stored.provider,
      mode: "message",
      account: source.account,
      text: fillTokens(typeof form.content === "string" ? form.content : "", {
        ...(await tokensOf(deps, row)),
        name: winner.name,
      }),
      media: mediaIds(form.media),
      dark: false,
      recipient: { id: winner.id, external_id: winner.externalId, screen_name: winner.screenName },
      // The winner does not take messages from the account: the team is told, to reach them another way.
      onRefused: async () => {
        await notify(
          deps,
          { teamId: row.teamId },
          {
            key: "privateMessageRefused",
            data: {
              contest: { _id: row.id, name: row.name },
              winner: { screen_name: winner.screenName },
              account: { screen_name: source.account?.screen_name ?? "" },
            },
            link: `/contest/${row.id}/drawing`,
          },
        );
      },
    });
  }
  return { result: { sent: winners.length }, moves: [], changed: winners.length > 0 };
}

/**
 * Runs one claimed job against its contest as it is now: nothing for a deleted contest or a deleted team's; a
 * frozen team's jobs wait (the tick does not claim them; one claimed as the team was frozen waits here).
 */
export async function runJob(deps: SchedulerDeps, job: JobRow): Promise<JobOutcome> {
  const row = await contestOf(deps, job.contestId);
  if (!row || row.deletedAt !== null) return skipped("contest deleted");
  const team = await first(
    deps.db
      .select({ deletedAt: teams.deletedAt, frozenLimitDate: teams.frozenLimitDate })
      .from(teams)
      .where(eq(teams.id, row.teamId)),
  );
  if (!team || team.deletedAt !== null) return skipped("team deleted");
  if (team.frozenLimitDate !== null) throw new NotReady("the team is frozen");
  const kind = job.kind as JobKind;
  switch (kind) {
    case "start":
      return runStart(deps, row);
    case "load":
      return runLoad(deps, row);
    case "reminder":
      return runReminder(deps, row, job.key);
    case "close":
      return runClose(deps, row);
    case "closing":
      return runClosing(deps, row, job.key);
    case "moment_replies":
      return runMomentReplies(deps, row, job.key);
    case "autodraw":
      return runAutodraw(deps, row);
    case "winners":
      return runWinners(deps, row, job.key);
    case "private_messages":
      return runPrivateMessages(deps, row, job.key);
    default:
      return skipped(`unknown job kind ${job.kind}${job.key === CONTEST_KEY ? "" : ` (${job.key})`}`);
  }
}
