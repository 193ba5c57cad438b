/**
 * /me/contests: the contests the person created. The contest list of the API carries no author, so they are read
 * from the person's own activity (the createContest lines of GET /users/me/activity/list, in every team), a few
 * pages at a time. Those of the current team are matched with its contest list for their status and a link; the
 * others name their team (switch to it to open them).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import dayjs from "dayjs";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type ApiError, asApiError } from "../../api/errors";
import { DataTable } from "../../components/DataTable";
import { fetchContestList } from "../../contest/api";
import { type ContestListEntry, contestPath, STATUS_LABELS } from "../../contest/types";
import { useSession } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { ACTIVITY_PAGE_SIZE } from "../../team/api";
import { Empty, LoadError, Loading } from "../../team/states";
import { usePageTitle } from "../../usePageTitle";
import { type ActivityItem, fetchMyActivity } from "./activity";
import "./me.css";

/** Pages of activity read in one go while looking for contests (each page is 20 lines). */
export const MAX_PAGES_PER_STEP = 5;

export type CreatedContest = { _id: string; name: string; team: string; created_at: string };

/** The contests created in a run of activity lines (a contest created twice, e.g. a draft submitted, counts once). */
export function createdContests(items: readonly ActivityItem[]): CreatedContest[] {
  const seen = new Set<string>();
  const out: CreatedContest[] = [];
  for (const item of items) {
    const contest = item.meta.contest;
    if (item.type !== "createContest" || !contest || seen.has(contest._id)) continue;
    seen.add(contest._id);
    out.push({ _id: contest._id, name: contest.name, team: item.team.name, created_at: item.created_at });
  }
  return out;
}

type Found = { lines: ActivityItem[]; cursor: string | undefined; done: boolean };

/** Reads activity pages from `before` until some contests turn up or the activity ends. */
export async function findContests(
  load: (before?: string) => Promise<ActivityItem[]>,
  before?: string,
): Promise<Found> {
  const lines: ActivityItem[] = [];
  let cursor = before;
  for (let i = 0; i < MAX_PAGES_PER_STEP; i++) {
    const page = await load(cursor);
    lines.push(...page);
    cursor = page.at(-1)?._id ?? cursor;
    if (page.length < ACTIVITY_PAGE_SIZE) return { lines, cursor, done: true };
    if (createdContests(lines).length > 0) break;
  }
  return { lines, cursor, done: false };
}

type State = {
  lines: ActivityItem[];
  cursor: string | undefined;
  done: boolean;
  status: "loading" | "more" | "ready" | "error";
  error: ApiError | null;
};

export default function MyContestsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`My contests`);
  const session = useSession();
  const onError = useErrorHandler();
  const canView = session.can("team.contests.view_contests");
  const [state, setState] = useState<State>({
    lines: [],
    cursor: undefined,
    done: false,
    status: "loading",
    error: null,
  });
  const [teamContests, setTeamContests] = useState<Map<string, ContestListEntry>>(new Map());
  const latest = useRef({ state, onError });
  latest.current = { state, onError };

  const step = useCallback(async (more: boolean) => {
    setState((s) => ({ ...s, status: more ? "more" : "loading", error: null }));
    try {
      const found = await findContests(fetchMyActivity, more ? latest.current.state.cursor : undefined);
      setState((s) => ({
        lines: more ? [...s.lines, ...found.lines] : found.lines,
        cursor: found.cursor,
        done: found.done,
        status: "ready",
        error: null,
      }));
    } catch (e) {
      const error = asApiError(e);
      if (error.status === 401 || error.status === 403) latest.current.onError(error);
      setState((s) => ({ ...s, status: "error", error }));
    }
  }, []);

  useEffect(() => {
    void step(false);
  }, [step]);

  // The current team's contests give status and link; without the permission (or frozen) there is no link.
  const teamId = session.user?.current_team_id;
  useEffect(() => {
    if (!canView || !teamId) return;
    let current = true;
    fetchContestList([], 1, 100).then(
      (page) => current && setTeamContests(new Map(page.entries.map((c) => [c._id, c]))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [canView, teamId]);

  const contests = createdContests(state.lines);

  return (
    <section className="me-page" aria-labelledby="my-contests-title">
      <h1 id="my-contests-title">
        <Trans>My contests</Trans>
      </h1>
      <p className="muted">
        <Trans>The contests you created, in all your teams, newest first.</Trans>
      </p>
      {state.status === "loading" && <Loading />}
      {contests.length > 0 && (
        <DataTable className="data me-table" columns={[t`Contest`, t`Team`, t`Status`, t`Created`]}>
          {contests.map((c) => {
            const inTeam = teamContests.get(c._id);
            return (
              <tr key={c._id} data-contest={c._id}>
                <th scope="row">
                  {inTeam ? <Link to={contestPath(c._id)}>{inTeam.name || c.name}</Link> : c.name}
                </th>
                <td>{c.team}</td>
                <td>
                  {inTeam ? (
                    <span className={`status status-${inTeam.status}`}>
                      {i18n._(STATUS_LABELS[inTeam.status])}
                    </span>
                  ) : (
                    <span className="muted">
                      <Trans>In another team</Trans>
                    </span>
                  )}
                </td>
                <td>
                  <time dateTime={c.created_at}>{dayjs(c.created_at).format("LL")}</time>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {state.status === "ready" && contests.length === 0 && state.done && (
        <Empty>
          <Trans>You have not created a contest yet.</Trans>{" "}
          {session.can("team.contests.create_contests") && (
            <Link to="/contests/create">
              <Trans>Create one</Trans>
            </Link>
          )}
        </Empty>
      )}
      {state.status === "error" && state.error && (
        <LoadError error={state.error} onRetry={() => void step(state.lines.length > 0)} />
      )}
      {!state.done && (state.status === "ready" || state.status === "more") && (
        <button
          type="button"
          className="button"
          onClick={() => void step(true)}
          disabled={state.status === "more"}
        >
          {state.status === "more" ? <Trans>Loading…</Trans> : <Trans>Look further back</Trans>}
        </button>
      )}
    </section>
  );
}
