/**
 * Activity logs (app-shell.md §3 and §9): the current team's (/team/activity, needs team.activity.view_activity)
 * and the signed-in user's own actions in every team (/me/activity). Newest first, a page at a time
 * (`?before=<_id of the last one shown>`), in the shape of schemas/stored/activity.schema.json.
 */
import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Hono } from "hono";
import { holds } from "../auth/permissions";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { activities, teams, users } from "../db/tables";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { ACTIVITY_TYPES } from "../services/activity";
import { beforeCursor } from "./notifications";

export const ACTIVITY_PAGE_SIZE = 20;

/** Shown as the actor of what the system did on its own (no user_id). */
const SYSTEM_ACTOR = { name: "Fairdraw", profile_picture: null };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Only what the shape lists (account, invite, contest, team), each with its own fields; the rest stays in the log. */
function metaShape(meta: Record<string, unknown> | null) {
  const out: {
    account?: { name: string; profile_picture: string | null; provider?: string };
    invite?: { key: string };
    contest?: { _id: string; name: string };
    team?: { name: string };
  } = {};
  const { account, invite, contest, team } = meta ?? {};
  if (isObject(account) && typeof account.name === "string") {
    out.account = {
      name: account.name,
      profile_picture: typeof account.profile_picture === "string" ? account.profile_picture : null,
      ...(typeof account.provider === "string" ? { provider: account.provider } : {}),
    };
  }
  if (isObject(invite) && typeof invite.key === "string") out.invite = { key: invite.key };
  if (isObject(contest) && typeof contest._id === "string" && contest._id !== "") {
    out.contest = { _id: contest._id, name: typeof contest.name === "string" ? contest.name : "" };
  }
  if (isObject(team) && typeof team.name === "string") out.team = { name: team.name };
  return out;
}

async function activityPage(db: Db, where: SQL | undefined, before: string | undefined) {
  // Aliased here, not at load: the tables are bound to the database's dialect when it opens (api/db/tables.ts).
  // drizzle's alias is the same proxy in both dialects.
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  const rows = await db
    .select({
      activity: activities,
      teamName: teams.name,
      actorName: actor.name,
      actorPicture: actor.profilePicture,
      targetName: target.name,
    })
    .from(activities)
    .innerJoin(teams, eq(teams.id, activities.teamId))
    .leftJoin(actor, eq(actor.id, activities.userId))
    .leftJoin(target, eq(target.id, activities.targetUserId))
    .where(
      and(
        where,
        inArray(activities.type, [...ACTIVITY_TYPES]),
        before ? lt(activities.id, before) : undefined,
      ),
    )
    .orderBy(desc(activities.id))
    .limit(ACTIVITY_PAGE_SIZE);
  return rows.map((r) => ({
    _id: r.activity.id,
    type: r.activity.type,
    created_at: r.activity.createdAt,
    user:
      r.actorName === null ? SYSTEM_ACTOR : { name: r.actorName, profile_picture: r.actorPicture ?? null },
    targetUser: r.targetName === null ? null : { name: r.targetName },
    team: { name: r.teamName },
    meta: metaShape(r.activity.meta),
  }));
}

export const teamActivityRoutes = new Hono<AppEnv>().get(
  "/activity/list",
  requirePermission("team.activity.view_activity"),
  async (c) => {
    const before = beforeCursor(c);
    const { team, permissions } = teamOf(c);
    const data = await activityPage(c.get("deps").db, eq(activities.teamId, team.id), before);
    // An invite's key is its link: only those who may see the invites see it in the log.
    if (!holds(permissions, "team.invites.view_invite")) for (const a of data) delete a.meta.invite;
    return c.json({ data });
  },
);

/** The caller's own activity (mounted on /users/me). */
export const myActivityRoutes = new Hono<AppEnv>().get("/activity/list", async (c) => {
  const auth = authOf(c);
  const before = beforeCursor(c);
  return c.json({ data: await activityPage(c.get("deps").db, eq(activities.userId, auth.user.id), before) });
});
