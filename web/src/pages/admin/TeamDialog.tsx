/**
 * Support's two changes to a team (decisions.md "Payments": no payment provider, admins set a team's plan), in
 * one dialog opened from a team in the admin lists: set its plan (any plan of schemas/plans.json, legacy ones
 * included) and freeze it until a limit date, or lift the freeze. The team's members are told by the server.
 * Field errors (422) show under their field; a 401/403 goes to the shell's handler; any other failure is
 * written in the dialog (an alert would close it: one dialog at a time).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../api/errors";
import { useDialogs } from "../../dialogs/DialogHost";
import { Modal } from "../../dialogs/Modal";
import { notify } from "../../feedback/Toasts";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { formatDate } from "../../team/format";
import { PLANS, planById } from "../../team/plans";
import { type AdminTeam, type ChangedTeam, setTeamFreeze, setTeamPlan } from "./api";
import "./admin.css";

/** What the dialog needs of a team: the lists' team, or the stored team a change answered. */
export type TeamOfDialog = Pick<AdminTeam, "_id" | "name" | "plan" | "frozen"> & { members_count?: number };

export function planName(id: string): string {
  return planById(id)?.name ?? id;
}

/** A datetime-local value (the person's own time) as an ISO date; the text as it is when it is no date. */
export function limitDateToIso(value: string): string {
  const time = new Date(value).getTime();
  return value === "" || Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** The datetime-local value of a date `days` from `now`, in the person's own time (minutes precision). */
export function localInputValue(now: Date, days = 0): string {
  const d = new Date(now.getTime() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type CallState = { busy: boolean; field?: string; failure?: ApiError };

/** Runs a change: a field error, a failure or a success toast, and 401/403 to the shell. */
function useChange(field: string) {
  const onError = useErrorHandler();
  const [state, setState] = useState<CallState>({ busy: false });
  const run = async (call: () => Promise<ChangedTeam>, success: (team: ChangedTeam) => string) => {
    setState({ busy: true });
    try {
      const team = await call();
      setState({ busy: false });
      notify.success(success(team));
      return team;
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.field(field)) {
        setState({ busy: false, field: e.field(field) });
      } else if (e instanceof ApiError && e.status !== 401 && e.status !== 403) {
        setState({ busy: false, failure: e });
      } else {
        setState({ busy: false });
        onError(e);
      }
      return null;
    }
  };
  return { state, run };
}

function Failure({ error }: { error: ApiError | undefined }) {
  if (!error) return null;
  return (
    <p className="admin-failure" role="alert">
      {error.message}
      {error.uid && (
        <>
          {" "}
          <span className="muted">
            <Trans>Error id: {error.uid}</Trans>
          </span>
        </>
      )}
    </p>
  );
}

function PlanForm({ team, onSaved }: { team: TeamOfDialog; onSaved(team: ChangedTeam): void }) {
  const { t } = useLingui();
  const id = useId();
  const [plan, setPlan] = useState(team.plan);
  const { state, run } = useChange("plan");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await run(
      () => setTeamPlan(team._id, plan),
      (answer) => t`The team is now on the ${planName(answer.plan)} plan.`,
    );
    if (saved) onSaved(saved);
  };
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <Trans>Plan</Trans>
      </h3>
      <div className="admin-field">
        <label htmlFor={`${id}-plan`}>
          <Trans>Plan of the team</Trans>
        </label>
        <select
          id={`${id}-plan`}
          value={plan}
          onChange={(e) => setPlan(e.target.value)}
          aria-invalid={state.field ? true : undefined}
          aria-describedby={state.field ? `${id}-plan-error` : undefined}
          disabled={state.busy}
        >
          {PLANS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.available ? p.name : t`${p.name} (no longer sold)`}
            </option>
          ))}
        </select>
        {state.field && (
          <p id={`${id}-plan-error`} className="field-error">
            {state.field}
          </p>
        )}
      </div>
      <button type="submit" className="button primary" disabled={state.busy || plan === team.plan}>
        {state.busy ? <Trans>Saving…</Trans> : <Trans>Set the plan</Trans>}
      </button>
      <Failure error={state.failure} />
    </form>
  );
}

function FreezeForm({ team, onSaved }: { team: TeamOfDialog; onSaved(team: ChangedTeam): void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [limit, setLimit] = useState(() => localInputValue(new Date(), 14));
  const { state, run } = useChange("limit_date");
  const save = async (limitDate: string | null) => {
    const saved = await run(
      () => setTeamFreeze(team._id, limitDate),
      (answer) =>
        answer.frozen
          ? t`The team is frozen; the limit date is ${formatDate(i18n, answer.frozen.limit_date, true)}.`
          : t`The freeze is lifted.`,
    );
    if (saved) onSaved(saved);
  };
  return (
    <form
      className="admin-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void save(limitDateToIso(limit));
      }}
    >
      <h3 id={`${id}-title`}>
        <Trans>Freeze</Trans>
      </h3>
      <p className="muted">
        {team.frozen ? (
          <Trans>
            Frozen: its members get the payment page on every contest and team page. Limit date:{" "}
            {formatDate(i18n, team.frozen.limit_date, true)}.
          </Trans>
        ) : (
          <Trans>
            Not frozen. A frozen team's members get the payment page, with the time left until the limit date,
            on every contest and team page.
          </Trans>
        )}
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-limit`}>
          <Trans>Limit date</Trans>
        </label>
        <input
          id={`${id}-limit`}
          type="datetime-local"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          aria-invalid={state.field ? true : undefined}
          aria-describedby={state.field ? `${id}-limit-error` : undefined}
          disabled={state.busy}
        />
        {state.field && (
          <p id={`${id}-limit-error`} className="field-error">
            {state.field}
          </p>
        )}
      </div>
      <div className="admin-actions">
        <button type="submit" className="button danger" disabled={state.busy}>
          {team.frozen ? <Trans>Change the limit date</Trans> : <Trans>Freeze the team</Trans>}
        </button>
        {team.frozen && (
          <button type="button" className="button" disabled={state.busy} onClick={() => void save(null)}>
            <Trans>Lift the freeze</Trans>
          </button>
        )}
      </div>
      <Failure error={state.failure} />
    </form>
  );
}

export function TeamDialog({
  team,
  onChanged,
  onClose,
}: {
  team: TeamOfDialog;
  /** The team as the server answered a change, for the list that opened the dialog. */
  onChanged(team: ChangedTeam): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const [current, setCurrent] = useState(team);
  const saved = (answer: ChangedTeam) => {
    setCurrent((c) => ({ ...c, plan: answer.plan, frozen: answer.frozen }));
    onChanged(answer);
  };
  return (
    <Modal title={t`Team ${team.name}`} onClose={onClose} size="medium">
      <dl className="admin-facts">
        <dt>
          <Trans>Plan</Trans>
        </dt>
        <dd>{planName(current.plan)}</dd>
        {current.members_count !== undefined && (
          <>
            <dt>
              <Trans>Members</Trans>
            </dt>
            <dd>{current.members_count}</dd>
          </>
        )}
      </dl>
      <PlanForm team={current} onSaved={saved} />
      <FreezeForm team={current} onSaved={saved} />
    </Modal>
  );
}

/** Opens a team's dialog from an admin list, whose data `update` changes with `withTeam` when the team changes. */
export function useTeamDialog<A>(
  update: (change: (answer: A) => A) => void,
  withTeam: (answer: A, team: ChangedTeam) => A,
): (team: TeamOfDialog) => void {
  const dialogs = useDialogs();
  return (team) =>
    dialogs.open((close) => (
      <TeamDialog team={team} onClose={close} onChanged={(changed) => update((a) => withTeam(a, changed))} />
    ));
}

/** A team in an admin list: its name, plan and freeze, and the button that opens its dialog. */
export function TeamSummary({ team, onManage }: { team: TeamOfDialog; onManage(): void }) {
  const { t } = useLingui();
  return (
    <span className="admin-team">
      <span className="admin-team-name">{team.name}</span>{" "}
      <span className="admin-badge" data-plan={team.plan}>
        {planName(team.plan)}
      </span>
      {team.frozen && (
        <span className="admin-badge frozen">
          <Trans>Frozen</Trans>
        </span>
      )}{" "}
      <button
        type="button"
        className="button small"
        onClick={onManage}
        aria-label={t`Manage the team ${team.name}`}
      >
        <Trans>Manage</Trans>
      </button>
    </span>
  );
}
