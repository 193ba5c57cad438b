/**
 * A contest made as the builder makes it, for the tests of a network's drivers: the account id the builder's
 * config lists, the create call with one source of the network built from the builder's defaults, the winners'
 * answers switched on as stored, and the scheduler run at a moved clock.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { first } from "../../api/db/query";
import { contests } from "../../api/db/tables";
import { runDueJobs } from "../../api/scheduler";
import type { Session } from "./api-client";
import type { TestApp } from "./test-app";

type Json = Record<string, unknown>;
/** A source as the builder sends it: what a test changes before the create call. */
export type BuilderSource = Json & { publication: Json; actions: { comment: Json } };
export type ContestWindow = { startAt: number; closeAt: number; drawAt: number };

const A = "/api/v1/teams/current";

/** A contest that starts an hour after `now`, runs four hours, and is drawn an hour after its close. */
export function contestWindow(now: number): ContestWindow {
  const startAt = now + 3_600_000;
  const closeAt = startAt + 4 * 3_600_000;
  return { startAt, closeAt, drawAt: closeAt + 3_600_000 };
}

/** The team's accounts of `network` as the builder's config lists them (their account_id: what the form sends). */
export async function builderAccounts<T = { _id: string; account_id: unknown }>(
  owner: Session,
  network: string,
): Promise<T[]> {
  const config = (await (await owner.call("GET", `${A}/contest-builder/config`)).json()) as {
    team: { accounts: Record<string, T[]> };
  };
  return config.team.accounts[network] ?? [];
}

/**
 * The builder's create call: one source of `network` (the builder's defaults, publishing `content` with
 * `accountId`, `action` to enter, a comment unless told; `edit` changes the rest), `winners` drawn automatically
 * at `at.drawAt` (without one, the builder's default: no automatic draw).
 */
export async function createBuilderContest(
  t: Pick<TestApp, "deps">,
  owner: Session,
  o: {
    network: string;
    accountId: unknown;
    name: string;
    content: string;
    winners: number;
    at: Omit<ContestWindow, "drawAt"> & { drawAt?: number };
    action?: string;
    edit?: (source: BuilderSource) => void;
  },
) {
  const catalog = t.deps.catalog;
  const defaults =
    catalog.builder.defaults.sources[o.network as keyof typeof catalog.builder.defaults.sources];
  const source = structuredClone(defaults) as unknown as BuilderSource;
  Object.assign(source, { id: 100, type: o.network });
  source.publication.account_id = o.accountId;
  source.publication.content = o.content;
  const action = (source.actions as Record<string, Json | undefined>)[o.action ?? "comment"];
  if (!action) throw new Error(`${o.network} has no ${o.action ?? "comment"} action`);
  action.enabled = true;
  o.edit?.(source);
  const base = {
    ...(structuredClone(catalog.builder.defaults.base) as unknown as Json),
    name: o.name,
    start_date: new Date(o.at.startAt).toISOString(),
    original_start_date: new Date(o.at.startAt).toISOString(),
    close_date: new Date(o.at.closeAt).toISOString(),
    nb_winners: o.winners,
    ...(o.at.drawAt === undefined
      ? {}
      : { autodraw: { enabled: true, date: new Date(o.at.drawAt).toISOString() } }),
  };
  return await owner.call("POST", `${A}/contests/create`, {
    idempotency_key: randomUUID(),
    status: "planned",
    forPayment: false,
    base,
    sources: [source],
    summary: { parameters_verified: true },
  });
}

/**
 * The winners answered under the post and by private message, set as stored: the builder's config does not let
 * a team switch them on (can_edit false). A network without private messages (capabilities: none) must not try.
 */
export async function answerWinners(t: TestApp, contestId: string) {
  const row = await first(t.db.select().from(contests).where(eq(contests.id, contestId)));
  const cbData = structuredClone(row?.cbData ?? {}) as { sources: Json[] };
  for (const stored of cbData.sources) {
    stored.winners_publication = {
      ...(stored.winners_publication as Json),
      enabled: true,
      content: "Congratulations {WINNERS}!",
    };
    stored.winners_private_message = {
      ...(stored.winners_private_message as Json),
      enabled: true,
      content: "You won, {NAME}!",
    };
  }
  await t.db.update(contests).set({ cbData }).where(eq(contests.id, contestId));
}

/** Runs the scheduler until nothing more is due (bounded): what a tick after moving the clock does. */
export async function runUntilIdle(t: TestApp) {
  for (let i = 0; i < 5; i++) {
    if ((await runDueJobs(t.deps)).runs.length === 0) return;
  }
}
