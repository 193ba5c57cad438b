/**
 * /me/contests: the contests the person created, in all their teams where they may see contests, newest first
 * (GET /users/me/contests/list), 20 a page, filtered by status like the team's list (drafts apart). The filter
 * and the page live in the address (?status=&page=). A contest of the current team opens from its name (a draft
 * in the builder); one of another team names its team, and its button switches to that team
 * (POST /users/switch_team) and then opens it.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useBuilder } from "../../builder/BuilderHost";
import { DataTable } from "../../components/DataTable";
import { Pagination } from "../../components/Pagination";
import { ContestStatusBadge } from "../../contest/badges";
import "../../contest/contests.css";
import { contestPath } from "../../contest/types";
import { useSwitchTeam } from "../../dialogs/SwitchTeamDialog";
import { useSession } from "../../session/session";
import { WhenLoaded } from "../../team/states";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import {
  fetchMyContests,
  MY_CONTESTS_FILTERS,
  type MyContest,
  type MyContestsFilter,
  type MyContestsPage as Page,
} from "./my-contests";
import "./me.css";

const BASE_PATH = "/me/contests";

/** Empty-list texts by filter ("all" has its own, with a way to create one). */
const EMPTY: Record<Exclude<MyContestsFilter, "all">, MessageDescriptor> = {
  draft: msg`You have no draft.`,
  planned: msg`None of your contests is planned.`,
  started: msg`None of your contests is running.`,
  closed: msg`None of your contests is closed.`,
  ended: msg`None of your contests has ended.`,
  canceled: msg`None of your contests was canceled.`,
};

function filterOf(value: string | null): MyContestsFilter {
  return MY_CONTESTS_FILTERS.find((f) => f.id === value)?.id ?? "all";
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function hrefOf(filter: MyContestsFilter, page = 1): string {
  const q = new URLSearchParams();
  if (filter !== "all") q.set("status", filter);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${BASE_PATH}?${s}` : BASE_PATH;
}

export default function MyContestsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`My contests`);
  const session = useSession();
  const builder = useBuilder();
  const navigate = useNavigate();
  const { switching, switchTo } = useSwitchTeam();
  /** The contest whose button switched team (its row says so while the switch runs). */
  const [opening, setOpening] = useState<string | null>(null);
  const [params] = useSearchParams();
  const filter = filterOf(params.get("status"));
  const page = pageOf(params.get("page"));
  const [state, { reload }] = useLoad<Page>(`${filter}:${page}`, () => fetchMyContests(filter, page));

  /** Opens a contest of the current team: a draft in the builder, any other on its page. */
  const open = (contest: MyContest) => {
    if (contest.status === "draft") {
      builder.open({ kind: "draft", id: contest._id, paid_contest: contest.paid_contest === true });
    } else void navigate(contestPath(contest._id));
  };

  const emptyText =
    filter === "all" ? (
      <>
        <Trans>You have not created a contest yet.</Trans>{" "}
        {session.can("team.contests.create_contests") && (
          <Link to="/contests/create">
            <Trans>Create one</Trans>
          </Link>
        )}
      </>
    ) : (
      i18n._(EMPTY[filter])
    );

  return (
    <section className="me-page" aria-labelledby="my-contests-title">
      <h1 id="my-contests-title">
        <Trans>My contests</Trans>
      </h1>
      <p className="muted">
        <Trans>The contests you created, in all your teams, newest first.</Trans>
      </p>
      <nav className="status-tabs" aria-label={t`Filter by status`}>
        {MY_CONTESTS_FILTERS.map((f) => (
          <Link key={f.id} to={hrefOf(f.id)} aria-current={f.id === filter ? "page" : undefined}>
            {i18n._(f.label)}
          </Link>
        ))}
      </nav>
      <WhenLoaded
        state={state}
        onRetry={reload}
        empty={emptyText}
        isEmpty={(list) => list.entries.length === 0}
      >
        {(list) => (
          <>
            <p className="visually-hidden" role="status">
              <Plural value={list.total} one="# contest" other="# contests" />
            </p>
            <div className="table-scroll">
              <DataTable
                className="data me-table"
                caption={t`Contests you created`}
                columns={[t`Contest`, t`Team`, t`Status`, t`Created`, { hidden: t`Actions` }]}
              >
                {list.entries.map((contest) => {
                  const name = contest.name || t`Untitled contest`;
                  const teamName = contest.team.name;
                  const current = contest.in_current_team;
                  return (
                    <tr key={contest._id} data-contest={contest._id}>
                      <th scope="row">
                        {!current ? (
                          name
                        ) : contest.status === "draft" ? (
                          <button type="button" className="link-button" onClick={() => open(contest)}>
                            {name}
                          </button>
                        ) : (
                          <Link to={contestPath(contest._id)}>{name}</Link>
                        )}
                      </th>
                      <td>
                        {teamName}
                        {current && (
                          <span className="me-badge">
                            <Trans>Current team</Trans>
                          </span>
                        )}
                      </td>
                      <td>
                        <ContestStatusBadge status={contest.status} />
                      </td>
                      <td>
                        <time dateTime={contest.created_at}>
                          {i18n.date(new Date(contest.created_at), { dateStyle: "medium" })}
                        </time>
                      </td>
                      <td className="me-actions">
                        {!current && (
                          <button
                            type="button"
                            className="button small"
                            disabled={switching !== null}
                            onClick={async () => {
                              setOpening(contest._id);
                              if (await switchTo(contest.team._id)) open(contest);
                              else setOpening(null);
                            }}
                          >
                            {switching !== null && opening === contest._id ? (
                              <Trans>Switching…</Trans>
                            ) : (
                              <Trans>
                                Switch <span className="visually-hidden">to {teamName}</span> and open{" "}
                                <span className="visually-hidden">{name}</span>
                              </Trans>
                            )}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            </div>
            <Pagination
              page={list.page}
              total={list.total}
              perPage={list.perPage}
              hrefOf={(p) => hrefOf(filter, p)}
            />
          </>
        )}
      </WhenLoaded>
    </section>
  );
}
