/**
 * The lifecycle tests' world: a real app on a real SQLite file with a clock the test moves, a team on the
 * business plan with a sandbox account of each network, contests made through the builder's create call (so the
 * scheduler is fed the way it is in production) or imported through quickdraw.
 */

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Catalog } from "../../../api/catalog";
import { first } from "../../../api/db/query";
import { accounts, contests, jobs, notifications, publications } from "../../../api/db/tables";
import { newId } from "../../../api/ids";
import { runDueJobs } from "../../../api/scheduler";
import { type Session, signIn } from "../../helpers/api-client";
import { createTestApp, type TestApp } from "../../helpers/test-app";
import { addMember, currentTeamId, setPlan } from "../../helpers/world";

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const T0 = Date.parse("2030-03-02T09:00:00.000Z");
export const iso = (ms: number) => new Date(ms).toISOString();

export const A = "/api/v1/teams/current";
export const contestPath = (id: string) => `${A}/contests/${id}`;

/** The accounts the forms publish with (publication.account_id): one per network. */
export const ACCOUNT_IDS = { facebook: 1000, twitter: 1001 } as const;

export type World = {
  t: TestApp;
  owner: Session;
  teamId: string;
  now: () => number;
  setNow: (ms: number) => void;
  /** Moves the clock and runs one scheduler tick. */
  tickAt: (ms: number) => ReturnType<typeof runDueJobs>;
};

export async function linkAccounts(t: TestApp, teamId: string): Promise<void> {
  for (const [provider, id] of Object.entries(ACCOUNT_IDS)) {
    await t.db.insert(accounts).values({
      id: newId(),
      teamId,
      provider,
      externalId: String(id),
      name: `Brand ${provider}`,
      screenName: `brand_${provider}`,
      sandbox: true,
      linkedAt: iso(T0),
    });
  }
}

/** An app at the clock `clock`, over `env.databaseUrl` (another app's database) or a new database; `catalog`: one of another schemas/ folder. */
export async function appAt(
  clock: { now: number },
  env: { databaseUrl?: string } = {},
  catalog?: Catalog,
): Promise<TestApp> {
  return await createTestApp({ clock: () => new Date(clock.now), env, ...(catalog ? { catalog } : {}) });
}

export async function buildWorld(plan = "business", opts: { catalog?: Catalog } = {}): Promise<World> {
  const clock = { now: T0 };
  const t = await appAt(clock, {}, opts.catalog);
  const owner = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t, owner.userId);
  await setPlan(t, teamId, plan);
  await linkAccounts(t, teamId);
  return {
    t,
    owner,
    teamId,
    now: () => clock.now,
    setNow: (ms) => {
      clock.now = ms;
    },
    tickAt: (ms) => {
      clock.now = ms;
      return runDueJobs(t.deps);
    },
  };
}

export async function memberOf(w: World, email: string, permissions: Record<string, boolean> | null) {
  const s = await signIn(w.t, email, email.split("@")[0]);
  await addMember(w.t, w.teamId, s, permissions);
  return s;
}

type Json = Record<string, unknown>;

/**
 * A twitter contest: comment + like to enter, its main publication with {SEED} and {DRAW_LINK}, a reminder a day
 * after the start, a private message to winners, and (unless told) the automatic draw an hour after the close. Starts an hour after `start`, lasts three days.
 */
export function twitterForm(
  t: TestApp,
  start: number,
  opts: { autodraw?: boolean; nbWinners?: number; manualCheck?: boolean; name?: string } = {},
) {
  const source = structuredClone(t.deps.catalog.builder.defaults.sources.twitter) as unknown as Json;
  const s = source as {
    publication: Json;
    actions: { comment: Json; like: Json };
    reminders: Json;
    closing_publication: Json;
    winners_publication: Json;
    winners_private_message: Json;
  };
  Object.assign(source, { id: 100, type: "twitter" });
  s.publication.account_id = ACCOUNT_IDS.twitter;
  s.publication.content = "Win a year of coffee! Reply and like to enter. Draw {SEED} checked at {DRAW_LINK}";
  s.actions.comment.enabled = true;
  s.actions.comment.accept = "replies_and_quotes";
  s.actions.like.enabled = true;
  const startAt = start + HOUR;
  const closeAt = startAt + 3 * DAY;
  Object.assign(s.reminders, {
    enabled: true,
    list: [
      {
        id: "r1",
        type: "reply",
        creation_date: iso(startAt + DAY),
        content: "One more day to enter!",
        media: { count: 0, files: [] },
        dark: false,
      },
    ],
  });
  Object.assign(s.winners_private_message, { enabled: true, content: "Hello {NAME}, you won!" });
  const base = {
    ...(structuredClone(t.deps.catalog.builder.defaults.base) as unknown as Json),
    name: opts.name ?? "Coffee giveaway",
    start_date: iso(startAt),
    original_start_date: iso(startAt),
    close_date: iso(closeAt),
    nb_winners: opts.nbWinners ?? 2,
    autodraw: { enabled: opts.autodraw !== false && !opts.manualCheck, date: iso(closeAt + HOUR) },
    manual_check: { enabled: opts.manualCheck === true, list: opts.manualCheck ? ["Looks like a shop"] : [] },
  };
  return { base, sources: [source], summary: { parameters_verified: true }, startAt, closeAt };
}

export async function createContest(
  w: World,
  form: { base: Json; sources: Json[]; summary: Json },
): Promise<string> {
  const res = await w.owner.call("POST", `${A}/contests/create`, {
    idempotency_key: randomUUID(),
    status: "planned",
    forPayment: false,
    base: form.base,
    sources: form.sources,
    summary: form.summary,
  });
  const answer = (await res.json()) as { contest_id?: string };
  if (res.status !== 201 || !answer.contest_id) {
    throw new Error(`create answered ${res.status}: ${JSON.stringify(answer)}`);
  }
  return answer.contest_id;
}

/** A quick import (a classic contest, started now) of a tweet; `entrants`: the sandbox's rehearsal size. */
export async function importContest(w: World, n = "01", entrants?: number): Promise<string> {
  const res = await w.owner.call("POST", `${A}/contests/quickdraw`, {
    provider: "twitter",
    matched: `https://x.com/brand_twitter/status/18000000000000000${n}`,
    confirm: true,
    name: `Import ${n}`,
  });
  const answer = (await res.json()) as { contest_id?: string };
  if (res.status !== 201 || !answer.contest_id) throw new Error(`quickdraw answered ${res.status}`);
  if (entrants !== undefined) {
    const row = await first(w.t.db.select().from(contests).where(eq(contests.id, answer.contest_id)));
    await w.t.db
      .update(contests)
      .set({ meta: { ...(row?.meta ?? {}), sandbox_entrants: entrants } })
      .where(eq(contests.id, answer.contest_id));
  }
  return answer.contest_id;
}

/** An imported contest with its entries loaded (closed). */
export async function loadedImport(w: World, n = "01", entrants?: number): Promise<string> {
  const id = await importContest(w, n, entrants);
  const res = await w.owner.call("POST", `${contestPath(id)}/load_entries`, { consent: true });
  if (res.status !== 200) throw new Error(`load_entries answered ${res.status}: ${await res.text()}`);
  return id;
}

/**
 * Switches on the closing and winners publications of a contest's sources, as they are stored. The builder's
 * config does not let a team edit them (can_edit false on closing_publication.enabled and
 * winners_publication.enabled: the stored form keeps their default, off), so a test that needs them sets them.
 */
export async function enableFollowUps(w: World, id: string): Promise<void> {
  const row = await contestRow(w, id);
  const cbData = structuredClone(row.cbData ?? {}) as { sources?: Json[] };
  for (const source of cbData.sources ?? []) {
    source.closing_publication = {
      ...(source.closing_publication as Json),
      enabled: true,
      type: source.type === "facebook" ? "comment" : null,
      content: "The contest is closed. Draw: {DRAW_LINK}",
    };
    source.winners_publication = {
      ...(source.winners_publication as Json),
      enabled: true,
      type: source.type === "facebook" ? "comment" : null,
      content: "Congratulations {WINNERS}! Seed {SEED}",
    };
  }
  await w.t.db.update(contests).set({ cbData }).where(eq(contests.id, id));
}

export async function contestRow(w: World, id: string) {
  const row = await first(w.t.db.select().from(contests).where(eq(contests.id, id)));
  if (!row) throw new Error(`no contest ${id}`);
  return row;
}

/** A facebook source publishing with the team's facebook account: comment to enter, a private message to winners. */
export function facebookSource(t: TestApp): Json {
  const source = structuredClone(t.deps.catalog.builder.defaults.sources.facebook) as unknown as Json;
  Object.assign(source, { id: 101, type: "facebook" });
  const fb = source as { publication: Json; actions: { comment: Json }; winners_private_message: Json };
  fb.publication.account_id = ACCOUNT_IDS.facebook;
  fb.publication.content = "Comment to win!";
  Object.assign(fb.actions.comment, {
    enabled: true,
    target: "first",
    keywords: { enabled: false, list: ["win"] },
  });
  Object.assign(fb.winners_private_message, { enabled: true, content: "You won, {NAME}!" });
  return source;
}

/** The stored _id of the contest's source of that network. */
export async function storedSourceId(w: World, id: string, provider: string): Promise<string> {
  const source = ((await contestRow(w, id)).sources as { _id: string; provider: string }[]).find(
    (s) => s.provider === provider,
  );
  if (!source) throw new Error(`no ${provider} source`);
  return source._id;
}

export async function jobsOf(w: World, contestId: string) {
  return await w.t.db.select().from(jobs).where(eq(jobs.contestId, contestId)).orderBy(jobs.dueAt, jobs.id);
}

export async function jobOf(w: World, contestId: string, kind: string) {
  const job = (await jobsOf(w, contestId)).find((j) => j.kind === kind);
  if (!job) throw new Error(`no ${kind} job`);
  return job;
}

export async function publicationsOf(w: World, contestId: string) {
  return await w.t.db
    .select()
    .from(publications)
    .where(eq(publications.contestId, contestId))
    .orderBy(publications.createdAt, publications.id);
}

/** The keys of the notifications sent to the team, oldest first. */
export async function teamNotifications(w: World): Promise<string[]> {
  return (
    await w.t.db
      .select()
      .from(notifications)
      .where(eq(notifications.teamId, w.teamId))
      .orderBy(notifications.id)
  ).map((n) => (n.content as { key: string }).key);
}

/** Winning moments on the form's twitter source, with their won and lost replies. */
export function withMoments<F extends ReturnType<typeof twitterForm>>(form: F, moments: string[]): F {
  const source = form.sources[0] as { winning_moments: Record<string, unknown> };
  Object.assign(source.winning_moments, {
    enabled: true,
    nb_attempts: 1,
    list: moments.map((date) => ({ date, won: false })),
    won_publication: { content: "You won, {NAME}!", media: { count: 0, files: [] }, dark: false },
    lost_publication: { content: "Not this time, {NAME}.", media: { count: 0, files: [] }, dark: false },
  });
  return form;
}
