/**
 * Quick import (quickdraw, contest-builder.md §1 and §7): a pasted post URL becomes a classic contest with one
 * stored source; and merging two classic contests into one.
 *
 * - `matched` in the import body is the pasted post URL, not an id: the server reads the network and the post
 *   from it with the same patterns as the browser (schemas/providers/*.json url_patterns), so the network the
 *   browser says and the one the link is from can be checked against each other.
 * - The imports quota counts the team's quick imports of the current calendar month (UTC), deleted, merged and
 *   canceled ones included: deleting an import does not give it back. A classic contest is only ever made here.
 * - A team whose imports quota is 0 (the basic plan) cannot import at all: 403 planNotSupported with the one-shot
 *   checkout URL (app-shell.md §2); a team past its quota gets 403 importsQuotaExceeded with the same URL.
 */
import { and, count, eq, gte } from "drizzle-orm";
import { matchPost as matchPostIn, type PostMatch } from "../../engine/quickdraw";
import offers from "../../schemas/offers.json";
import type { Catalog, ProviderDefinition } from "../catalog";
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { contests } from "../db/tables";
import { hasRealDriver } from "../drivers";
import type { Env } from "../env";
import { newId } from "../ids";
import { teamAccounts } from "./accounts";
import { logActivity } from "./activity";
import { teamQuotas } from "./teams";

export { MAX_POST_URL_LENGTH, type PostMatch } from "../../engine/quickdraw";

/**
 * The network and post of a pasted URL, read with the catalogue's provider definitions (engine/quickdraw.ts,
 * which the browser's quickdraw page uses too).
 */
export function matchPost(catalog: Pick<Catalog, "providers">, url: string): PostMatch | null {
  return matchPostIn(catalog.providers, url);
}

/** Where a team without imports buys a one-shot quick import (schemas/offers.json, app-shell.md §2). */
export function quickdrawCheckoutUrl(query: { name: string; provider: string; matched: string }): string {
  const path =
    offers.offers.find((o) => o.id === "quickDraw")?.checkout_path ?? "/checkout-session/one-shot/quickdraw";
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/** The first instant of the month `now` is in (UTC): the imports quota counts from there. */
export function quotaPeriodStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/**
 * How many quick imports the team made this month (see the file's comment), with the reloads that used one: a
 * team without the freeLoad feature pays a reload of a classic contest's entries with an import (its dates kept
 * in the contest's meta.paid_reloads).
 */
export async function importsUsed(db: Pick<Db, "select">, teamId: string, now: Date): Promise<number> {
  const since = quotaPeriodStart(now);
  const made =
    (
      await first(
        db
          .select({ n: count() })
          .from(contests)
          .where(
            and(eq(contests.teamId, teamId), eq(contests.type, "classic"), gte(contests.createdAt, since)),
          ),
      )
    )?.n ?? 0;
  // A reload writes the contest (updated_at), so only the contests written this month can hold one of its reloads.
  const reloads = (
    await db
      .select({ meta: contests.meta })
      .from(contests)
      .where(and(eq(contests.teamId, teamId), eq(contests.type, "classic"), gte(contests.updatedAt, since)))
  ).reduce((n, r) => n + paidReloads(r.meta).filter((at) => at >= since).length, 0);
  return made + reloads;
}

/** The dates of a classic contest's reloads that used an import. */
export function paidReloads(meta: Record<string, unknown> | null): string[] {
  const list = meta?.paid_reloads;
  return Array.isArray(list) ? list.filter((at): at is string => typeof at === "string") : [];
}

/** The imports quota and what is left of it this month. */
export async function importsLeft(
  db: Pick<Db, "select">,
  catalog: Catalog,
  team: TeamRow,
  now: Date,
): Promise<{ quota: number; used: number; left: number }> {
  const quota = teamQuotas(catalog, team).imports;
  const used = await importsUsed(db, team.id, now);
  return { quota, used, left: Math.max(0, quota - used) };
}

/**
 * The stored source of an imported post (schemas/stored/source.schema.json). A network whose URLs carry a
 * shortcode (instagram, threads: url_post_id "shortcode") keeps it as `shortcode`, with the post id the driver
 * resolved it to when a real account read it at the import (else post_id null until the driver resolves it).
 * The author's handle comes from the URL when it shows one (else ""); when it is one of the team's accounts the
 * source names it and its network id.
 */
export async function importedSource(
  db: Pick<Db, "select">,
  teamId: string,
  provider: ProviderDefinition,
  match: PostMatch,
) {
  const byShortcode = provider.url_post_id === "shortcode";
  // A Bluesky link may name its author by DID (did:plc:...), which is no handle.
  const screenName = match.user && !match.user.startsWith("did:") ? match.user : "";
  const own = screenName
    ? (await teamAccounts(db, teamId, provider.name)).find(
        (a) => a.account.screenName.toLowerCase() === screenName.toLowerCase(),
      )
    : undefined;
  return {
    _id: newId(),
    provider: provider.name,
    post_id: byShortcode && !match.shortcode ? null : match.post_id,
    shortcode: byShortcode ? (match.shortcode ?? match.post_id) : null,
    // Without an account of the team, a DID in the link is who posted it (a Bluesky post is read by it).
    poster_id: own ? own.account.externalId : match.user?.startsWith("did:") ? match.user : null,
    account: own ? { _id: own.account.id, screen_name: own.account.screenName } : { screen_name: screenName },
    actions: {},
    entries_count: 0,
    reminders: [],
  };
}

/** Two stored sources point at the same post: same network, and the same post id or the same shortcode. */
export function samePost(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (a.provider !== b.provider) return false;
  const same = (key: "post_id" | "shortcode") => typeof a[key] === "string" && a[key] === b[key];
  return same("post_id") || same("shortcode");
}

/**
 * Makes the quick import's classic contest, started now, with its one stored source, and logs createContest: the
 * import call (quota counted) and a paid one-shot quick draw (api/billing/one-shot.ts: `paid`, no quota) both.
 */
export async function insertQuickImport(
  tx: Db,
  now: Date,
  input: {
    teamId: string;
    userId: string | null;
    name: string;
    matched: string;
    provider: ProviderDefinition;
    post: PostMatch;
    paid?: { checkoutSession: string };
    /** Which networks are real here (an OAuth network is, once its client is configured). */
    env: Pick<Env, "oauth">;
  },
): Promise<typeof contests.$inferInsert> {
  const { teamId, name, provider } = input;
  const at = now.toISOString();
  const row: typeof contests.$inferInsert = {
    id: newId(),
    teamId,
    name,
    type: "classic",
    status: "started",
    startAt: at,
    closeAt: null,
    config: { is_setup: false, nb_winners: 1, autodraw: { enabled: false, autodraw_at: null } },
    meta: {
      cancel_reason: null,
      imported_from: input.matched.trim(),
      ...(input.paid ? { checkout_session: input.paid.checkoutSession } : {}),
    },
    sources: [await importedSource(tx, teamId, provider, input.post)],
    providers: [provider.name],
    entriesCount: 0,
    paidContest: input.paid !== undefined,
    // Real when the team has a real account of the network to read the post with.
    sandbox:
      !hasRealDriver(provider, input.env) ||
      !(await teamAccounts(tx, teamId, provider.name)).some((a) => !a.account.sandbox && !a.account.disabled),
    createdBy: input.userId,
    createdAt: at,
    updatedAt: at,
  };
  await tx.insert(contests).values(row);
  await logActivity(tx, () => now, {
    teamId,
    type: "createContest",
    userId: input.userId,
    meta: { contest: { _id: row.id, name } },
  });
  return row;
}
