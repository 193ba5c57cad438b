/**
 * GET /users/me/contests/list (/me/contests): the contests the signed-in person created, in every team they
 * belong to where they may see the contests (api/services/my-contests.ts), newest first, a page at a time.
 *
 * The query and the answer are the team's list's (GET /teams/current/contests/list): ?page=, ?per_page= (up to
 * 100, default 20), ?status= (comma-separated or repeated; every status but draft when absent), 422 with the
 * field's path otherwise; { data, meta: { page, per_page, total } }. Each item is the team's list item without
 * prev_id and next_id (the neighbours of a list that spans teams lead nowhere), with its team and whether that is
 * the person's current team. No current team is needed (no 402 either: a frozen team's contests are listed, the
 * contest pages say it is frozen).
 */
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { authOf } from "../middleware/guards";
import { contestListItem } from "../services/contests/shapes";
import { listMyContests, teamsWithContestsInView } from "../services/my-contests";
import { pagination, statusFilter } from "./builder/list-query";

export const myContestsRoutes = new Hono<AppEnv>().get("/contests/list", async (c) => {
  const { db, catalog } = c.get("deps");
  const { user } = authOf(c);
  const statuses = statusFilter(c);
  const { page, perPage } = pagination(c);
  const visible = await teamsWithContestsInView(db, catalog, user.id);
  const nameOf = new Map(visible.map((team) => [team.id, team.name]));
  const { items, total } = await listMyContests(
    db,
    user.id,
    visible.map((team) => team.id),
    statuses,
    page,
    perPage,
  );
  const data = items.map((row) => {
    const {
      prev_id: _prev,
      next_id: _next,
      ...summary
    } = contestListItem({
      ...row,
      prev_id: null,
      next_id: null,
    });
    return {
      ...summary,
      team: { _id: row.teamId, name: nameOf.get(row.teamId) ?? "" },
      in_current_team: row.teamId === user.currentTeamId,
    };
  });
  return c.json({ data, meta: { page, per_page: perPage, total } });
});
