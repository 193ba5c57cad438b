/**
 * Quick import of a post as a contest, and merging contests (contest-builder.md §7, app-shell.md §7).
 *
 * POST /teams/current/contests/quickdraw {provider, matched, confirm: true, name}
 * - `matched` is the pasted post URL (api/services/quickdraw.ts); the network read from it must be `provider`.
 * - Order: session, team, not frozen (402), import_contests (403), the body (422), the plan (403
 *   planNotSupported when the imports quota is 0), the quota (403 importsQuotaExceeded). Both 403s carry
 *   `checkout`, the one-shot purchase URL with the import's name, provider and matched, so the browser can send
 *   the person there (app-shell.md §2); the body is checked first so that URL is built from valid values.
 * - Makes a classic contest, started now, with one stored source; logs createContest; pushes load_contest.
 *
 * POST /teams/current/contests/:id/merge {target_contest_id}
 * - Needs update_contests and the multiContests feature (403 planNotSupported); both contests must be the
 *   team's (404 otherwise, whoever they belong to); 409 with a merge* key when they cannot be merged.
 * - The sources of :id move to the target (its entries_count added to the target's); :id is canceled with
 *   meta.cancel_reason "merged" and merged_into the target. load_contest is pushed for both.
 */
import { and, eq, isNull } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { ProviderDefinition } from "../catalog";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { contests } from "../db/tables";
import { lockTeam, transaction } from "../db/transaction";
import { driverFor, hasRealDriver } from "../drivers";
import { PostUnavailable } from "../drivers/errors";
import { AppError, refuse } from "../errors";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { providerProblem, storedAccount, teamAccounts } from "../services/accounts";
import { FINISHED_STATUSES, moveStatus } from "../services/contest-status";
import {
  importsLeft,
  insertQuickImport,
  matchPost,
  type PostMatch,
  quickdrawCheckoutUrl,
  samePost,
} from "../services/quickdraw";
import { teamFeatures } from "../services/teams";
import { formErrors, jsonBody, validationError } from "../validation";
import { ID } from "./params";

type ContestRow = typeof contests.$inferSelect;
type StoredSource = Record<string, unknown>;
type MergeProblem =
  | "mergeIntoItself"
  | "mergeNotClassic"
  | "mergeAlreadyMerged"
  | "mergeContestFinished"
  | "mergeSamePost";

/**
 * The import body, checked whole: the form rules (schemas/forms/quickdraw-import), then a quickdraw network and
 * a post link of that network; every field's first problem in one 422.
 */
export function readImport(c: Context<AppEnv>, body: Record<string, unknown>) {
  const { catalog } = c.get("deps");
  const errors = formErrors(c, "quickdraw-import", body);
  const { name, matched } = body;
  let provider: ProviderDefinition | null = null;
  if (!errors.provider) {
    const found = providerProblem(catalog, body.provider, "link");
    if (found.provider?.quickdraw) provider = found.provider;
    else errors.provider = [{ key: found.problem ?? "validation.in", rule: "in" }];
  }
  let post: PostMatch | null = null;
  if (!errors.matched && typeof matched === "string") {
    post = matchPost(catalog, matched);
    if (!post) {
      errors.matched = [{ key: "validation.quickdraw.unmatched", rule: "quickdraw" }];
    } else if (provider && post.provider !== provider.name) {
      const x = provider.display_name;
      errors.matched = [{ key: "validation.quickdraw.other_network", values: { x }, rule: "quickdraw" }];
    }
  }
  if (Object.keys(errors).length > 0 || !provider || !post) throw validationError(c, errors);
  if (typeof name !== "string" || typeof matched !== "string") throw validationError(c, errors);
  return { name, matched, provider, post };
}

/**
/**
 * The post as the network knows it, read with the team's real account of that network when it has one: a post
 * that does not exist or that the account cannot read is refused now, a 422 on `matched` that counts no import
 * (not at the first load), and a Bluesky post is kept by its URI with the author's DID, so a later handle change
 * does not lose it. Without a real account: the link's id.
 */
async function resolvedPost(
  c: Context<AppEnv>,
  teamId: string,
  provider: ProviderDefinition,
  post: PostMatch,
): Promise<PostMatch> {
  const deps = c.get("deps");
  if (!hasRealDriver(provider, deps.env)) return post;
  const reader = (await teamAccounts(deps.db, teamId, provider.name)).find(
    (a) => !a.account.sandbox && !a.account.disabled,
  );
  if (!reader) return post;
  const account = storedAccount(reader.account);
  const driver = driverFor(provider, deps, account, { person: true });
  if (!driver.resolvePost) return post;
  try {
    const resolved = await driver.resolvePost({
      provider,
      post_id: post.post_id,
      author: post.user ?? null,
      account,
    });
    // A shortcode resolved to the network's id: both kept, the id as post_id (what webhooks and loads name).
    const shortcode = resolved.post_id !== post.post_id ? { shortcode: post.post_id } : {};
    return { ...post, post_id: resolved.post_id, ...shortcode };
  } catch (err) {
    if (!(err instanceof PostUnavailable)) throw err;
    throw validationError(c, {
      matched: [
        { key: "validation.quickdraw.unreadable", values: { x: provider.display_name }, rule: "quickdraw" },
      ],
    });
  }
}

export const quickdrawRoutes = new Hono<AppEnv>()
  .post("/contests/quickdraw", requirePermission("team.contests.import_contests"), async (c) => {
    const { db, clock, catalog, realtime } = c.get("deps");
    const { team } = teamOf(c);
    const user = authOf(c).user;
    const { name, matched, provider, post: linked } = readImport(c, await jsonBody(c));
    const post = await resolvedPost(c, team.id, provider, linked);

    const now = clock();
    const checkout = quickdrawCheckoutUrl({ name, provider: provider.name, matched });
    const contest = await transaction(db, async (tx) => {
      // The imports of the month are counted before creating: one at a time per team.
      await lockTeam(tx, team.id);
      const imports = await importsLeft(tx, catalog, team, now);
      if (imports.quota === 0) {
        throw refuse("planNotSupported", {
          message: "error.planNotSupported.quickdraw",
          extra: { checkout },
        });
      }
      if (imports.left === 0) {
        throw refuse("importsQuotaExceeded", {
          values: { n: imports.quota },
          extra: { quota: imports.quota, checkout },
        });
      }
      return insertQuickImport(tx, now, {
        teamId: team.id,
        userId: user.id,
        name,
        matched,
        provider,
        post,
        env: c.get("deps").env,
      });
    });
    realtime.toTeam(team.id, { type: "load_contest", contest_id: contest.id });
    return c.json({ contest_id: contest.id }, 201);
  })
  .post(`/contests/${ID}/merge`, requirePermission("team.contests.update_contests"), async (c) => {
    const { db, clock, catalog, realtime } = c.get("deps");
    const { team } = teamOf(c);
    if (!teamFeatures(catalog, team).includes("multiContests")) {
      throw refuse("planNotSupported", { message: "error.planNotSupported.merge" });
    }
    const body = await jsonBody(c);
    const targetId = body.target_contest_id;
    if (typeof targetId !== "string" || targetId === "") {
      const key = targetId === undefined || targetId === null || targetId === "" ? "required" : "string";
      throw validationError(c, { target_contest_id: [{ key: `validation.${key}`, rule: key }] });
    }
    const sourceId = c.req.param("id");

    const find = async (tx: Pick<typeof db, "select">, id: string): Promise<ContestRow> => {
      const row = await first(
        tx
          .select()
          .from(contests)
          .where(and(eq(contests.id, id), eq(contests.teamId, team.id), isNull(contests.deletedAt))),
      );
      if (!row) throw new AppError("notFound", { message: "error.notFound.contest" });
      return row;
    };

    await transaction(db, async (tx) => {
      await lockTeam(tx, team.id);
      const from = await find(tx, sourceId);
      const into = await find(tx, targetId);
      const problem = mergeProblem(from, into);
      if (problem) throw refuse(problem);
      const at = clock().toISOString();
      const moved = from.sources ?? [];
      await tx
        .update(contests)
        .set({
          sources: [...(into.sources ?? []), ...moved],
          providers: [...new Set([...(into.providers ?? []), ...(from.providers ?? [])])],
          entriesCount: into.entriesCount + from.entriesCount,
          loadedAt: into.loadedAt ?? from.loadedAt,
          updatedAt: at,
        })
        .where(eq(contests.id, into.id));
      // The one way a status moves (api/services/contest-status.ts): canceled, with canceled_at.
      await moveStatus(tx, from.id, "canceled", at, {
        meta: { ...from.meta, cancel_reason: "merged" },
        mergedInto: into.id,
        sources: [],
        providers: [],
        entriesCount: 0,
      });
    });
    realtime.toTeam(team.id, { type: "load_contest", contest_id: sourceId });
    realtime.toTeam(team.id, { type: "load_contest", contest_id: targetId });
    return c.json({ success: true, contest_id: targetId });
  });

/** Why `from` cannot be merged into `into` (a 409 key); null for two different, live, unmerged imports. */
function mergeProblem(from: ContestRow, into: ContestRow): MergeProblem | null {
  if (from.id === into.id) return "mergeIntoItself";
  if (from.type !== "classic" || into.type !== "classic") return "mergeNotClassic";
  if (from.mergedInto || into.mergedInto) return "mergeAlreadyMerged";
  if (FINISHED_STATUSES.includes(from.status) || FINISHED_STATUSES.includes(into.status)) {
    return "mergeContestFinished";
  }
  const intoSources: StoredSource[] = into.sources ?? [];
  if ((from.sources ?? []).some((s) => intoSources.some((t) => samePost(s, t)))) return "mergeSamePost";
  return null;
}
