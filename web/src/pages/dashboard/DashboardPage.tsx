/**
 * / (app-shell.md §2 Dashboard): a greeting, the team's contests counted by status (each a link to that list),
 * the next contests to start and to close with their countdowns, quick actions (create a contest — or, when the
 * team's contests quota is used up, the upgrade dialog —, quick draw, check) and the team's recent activity.
 * The counts are the totals of the list calls (one per status); the lists reload when the server pushes a change.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ActivityItem } from "../../../../codegen/types";
import { useBuilder } from "../../builder/BuilderHost";
import { fetchContestList, type ListStatus } from "../../contest/api";
import { ContestStatusBadge } from "../../contest/badges";
import { NewContestActions } from "../../contest/NewContestActions";
import "../../contest/contests.css";
import { ProviderMarks } from "../../components/ProviderMark";
import { Skeleton } from "../../components/Skeleton";
import { type ContestListEntry, contestPath } from "../../contest/types";
import { useDialogs } from "../../dialogs/DialogHost";
import { UpgradeContestQuotaDialog } from "../../dialogs/UpgradeContestQuotaDialog";
import { useContestUpdates } from "../../realtime/RealtimeProvider";
import { useSession, useUser } from "../../session/session";
import { ActivitySentence } from "../../team/ActivitySentence";
import { listActivity } from "../../team/api";
import { formatDate } from "../../team/format";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Countdown } from "../../widgets/Countdown";

/** How many upcoming contests and activity lines the dashboard lists. */
export const UPCOMING_SHOWN = 3;
export const ACTIVITY_SHOWN = 5;

/** The statuses counted, each shown with its badge. */
const COUNTED: ListStatus[] = ["draft", "planned", "started", "closed", "ended", "canceled"];

export type DashboardData = {
  counts: Record<ListStatus, number>;
  nextToStart: ContestListEntry[];
  nextToClose: ContestListEntry[];
};

function soonest(entries: readonly ContestListEntry[], key: "start_at" | "close_at", now: number) {
  return entries
    .filter(
      (c): c is ContestListEntry & Record<typeof key, string> =>
        c[key] !== null && Date.parse(c[key] as string) > now,
    )
    .sort((a, b) => Date.parse(a[key]) - Date.parse(b[key]))
    .slice(0, UPCOMING_SHOWN);
}

/** The counts and the upcoming contests: a page of the planned and running lists, a total for the others. */
export async function loadDashboard(now = Date.now()): Promise<DashboardData> {
  const [planned, started, ...rest] = await Promise.all([
    fetchContestList(["planned"], 1, 100),
    fetchContestList(["started"], 1, 100),
    ...(["draft", "closed", "ended", "canceled"] as const).map((s) => fetchContestList([s], 1, 1)),
  ]);
  const [draft, closed, ended, canceled] = rest.map((r) => r.total);
  return {
    counts: {
      draft: draft ?? 0,
      planned: planned.total,
      started: started.total,
      closed: closed ?? 0,
      ended: ended ?? 0,
      canceled: canceled ?? 0,
    },
    nextToStart: soonest(planned.entries, "start_at", now),
    nextToClose: soonest(started.entries, "close_at", now),
  };
}

function Upcoming({
  entries,
  at,
  empty,
}: {
  entries: readonly ContestListEntry[];
  at: "start_at" | "close_at";
  empty: MessageDescriptor;
}) {
  const { i18n } = useLingui();
  if (entries.length === 0) return <p className="muted">{i18n._(empty)}</p>;
  return (
    <ul className="plain-list">
      {entries.map((c) => {
        const when = c[at];
        return (
          <li key={c._id}>
            <span>
              <Link to={contestPath(c._id)}>{c.name}</Link> <ProviderMarks providers={c.providers} />
            </span>
            {when && <Countdown to={when} />}
          </li>
        );
      })}
    </ul>
  );
}

export function DashboardContests({ data }: { data: DashboardData }) {
  const { i18n } = useLingui();
  return (
    <>
      <section className="page-stack" aria-labelledby="dash-counts">
        <h2 id="dash-counts">
          <Trans>Your contests</Trans>
        </h2>
        <ul className="status-counts">
          {COUNTED.map((status) => (
            <li key={status}>
              <Link to={`/contests/?status=${status}`}>
                <span className="status-count">{data.counts[status].toLocaleString(i18n.locale)}</span>{" "}
                <ContestStatusBadge status={status} />
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="contest-grid dash-upcoming">
        <section className="card" aria-labelledby="dash-start">
          <h2 id="dash-start">
            <Trans>Next to start</Trans>
          </h2>
          <Upcoming entries={data.nextToStart} at="start_at" empty={msg`No contest is planned.`} />
        </section>
        <section className="card" aria-labelledby="dash-close">
          <h2 id="dash-close">
            <Trans>Next to close</Trans>
          </h2>
          <Upcoming entries={data.nextToClose} at="close_at" empty={msg`No running contest closes soon.`} />
        </section>
      </div>
    </>
  );
}

function RecentActivity() {
  const { i18n } = useLingui();
  const [state] = useLoad<ActivityItem[]>("dashboard-activity", () => listActivity());
  if (state.status === "loading") {
    return (
      <p role="status">
        <Trans>Loading the activity…</Trans>
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <p className="muted" role="alert">
        <Trans>The activity could not be loaded.</Trans>
      </p>
    );
  }
  const items = state.data.slice(0, ACTIVITY_SHOWN);
  if (items.length === 0) {
    return (
      <p className="muted">
        <Trans>Nothing happened yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="plain-list">
      {items.map((item) => (
        <li key={item._id}>
          <span>
            <ActivitySentence item={item} />
          </span>
          <time className="muted" dateTime={item.created_at}>
            {formatDate(i18n, item.created_at, true)}
          </time>
        </li>
      ))}
    </ul>
  );
}

type DashboardState =
  | { status: "loading" }
  | { status: "error"; error: Error }
  | { status: "ready"; data: DashboardData | null };

/**
 * The dashboard's contests, loaded once and then again on every load_contest push, keeping what is shown while
 * the new numbers come (no flash of "loading" each time a contest moves).
 */
function useDashboard(enabled: boolean): { state: DashboardState; reload(): void } {
  const [state, setState] = useState<DashboardState>({ status: "loading" });
  const run = useRef(0);
  const reload = useCallback(() => {
    const mine = ++run.current;
    if (!enabled) {
      setState({ status: "ready", data: null });
      return;
    }
    loadDashboard().then(
      (data) => mine === run.current && setState({ status: "ready", data }),
      (e: unknown) =>
        mine === run.current &&
        setState((s) =>
          s.status === "ready"
            ? s
            : { status: "error", error: e instanceof Error ? e : new Error(String(e)) },
        ),
    );
  }, [enabled]);
  useEffect(() => {
    reload();
  }, [reload]);
  useContestUpdates(null, reload);
  return { state, reload };
}

/**
 * The greeting for a local hour: morning from 5, afternoon from 12, evening from 18; a plain hello at night.
 * The name is in the message, so each language puts its own comma (Arabic "،") and order.
 */
export function greeting(hour: number, name: string): MessageDescriptor {
  if (hour < 5 || hour >= 22) return msg`Hello, ${name}`;
  if (hour < 12) return msg`Good morning, ${name}`;
  if (hour < 18) return msg`Good afternoon, ${name}`;
  return msg`Good evening, ${name}`;
}

export default function DashboardPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Dashboard`);
  const user = useUser();
  const session = useSession();
  const builder = useBuilder();
  const dialogs = useDialogs();
  // A frozen team's contest calls answer 402: the dashboard says so instead of asking.
  const frozen = Boolean(user.currentTeam.frozen);
  const viewContests = session.can("team.contests.view_contests") && !frozen;
  const { state: contests, reload } = useDashboard(viewContests);

  const quota = (user.currentTeam.quotas as { contests?: number }).contests;
  const create = () => {
    const data = contests.status === "ready" ? contests.data : null;
    const active = data ? data.counts.planned + data.counts.started + data.counts.closed : 0;
    // A team without the builder makes paid one-shot contests, which count in no quota: the builder leads it there.
    if (session.hasFeature("contestBuilder") && quota !== undefined && active >= quota) {
      dialogs.open((close) => (
        <UpgradeContestQuotaDialog
          quota={quota}
          onClose={close}
          canUpgrade={session.can("team.subscription.upgrade_subscription")}
        />
      ));
      return;
    }
    builder.open();
  };

  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const hello = i18n._(greeting(new Date().getHours(), firstName));
  return (
    <div className="page-stack dashboard">
      <div className="page-head">
        <h1>{hello}</h1>
      </div>
      <p className="muted">
        <Trans>Team {user.currentTeam.name}</Trans>
      </p>
      <section className="card dash-actions" aria-labelledby="dash-actions">
        <h2 id="dash-actions">
          <Trans>Quick actions</Trans>
        </h2>
        <div className="quick-actions">
          <NewContestActions onCreate={create} />
        </div>
      </section>
      {viewContests &&
        (contests.status === "loading" ? (
          <Skeleton lines={4} label={<Trans>Loading the contests…</Trans>} />
        ) : contests.status === "error" ? (
          <div className="page-state" role="alert">
            <p>
              <Trans>The contests could not be loaded: {contests.error.message}</Trans>
            </p>
            <button type="button" className="button" onClick={reload}>
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : contests.data ? (
          <DashboardContests data={contests.data} />
        ) : null)}
      {frozen && (
        <p className="notice" role="note">
          <Trans>
            Your team's payment must be settled to use its contests again.{" "}
            <Link to="/team/billing">Go to billing</Link>
          </Trans>
        </p>
      )}
      {session.can("team.activity.view_activity") && !frozen && (
        <section className="card" aria-labelledby="dash-activity">
          <h2 id="dash-activity">
            <Trans>Recent activity</Trans>
          </h2>
          <RecentActivity />
          <p>
            <Link to="/team/activity">
              <Trans>All the activity</Trans>
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}
