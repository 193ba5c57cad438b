/**
 * Set up a classic (imported) contest (app-shell.md §4: "a classic not set up goes to settings for entry
 * verification"): how many winners, which entrants the filters remove (previous winners, excluded accounts, bad
 * words), and whether entries are checked by hand, with the reasons a reviewer may give.
 * POST /teams/current/contests/{id}/setup; the filters then run again over the entries already loaded.
 *
 * - The settings are the builder's base fields of those names; the server checks them with the builder's rules
 *   (schemas/contest/base.rules.json): what it refuses (422) is said beside its field, other failures go to the
 *   app's error alert. The button goes back to its idle state after a refusal.
 * - Each filter needs the plan feature its rule names (base.rules.json `feature`): without it the switch is
 *   disabled and a star links to the plans. A paid one-shot contest is gated only on a contest-builder plan, as
 *   the builder does.
 * - The winners are capped by the team's winners quota, and by the manual check's limit (its nb_winners rule).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import baseRules from "../../../schemas/contest/base.rules.json";
import { ApiError } from "../api/errors";
import { type ClassicSetupBody, setupContest } from "../contest/api";
import "../contest/contests.css";
import { Checkbox } from "../components/Checkbox";
import type { ContestData } from "../contest/types";
import { MANUAL_CHECK_REASON_KEYS, MANUAL_CHECK_REASON_LABELS } from "../lifecycle/reasons";
import { useSession } from "../session/session";
import { useErrorHandler } from "../shell/useErrorHandler";
import { FeatureStar } from "../widgets/FeatureStar";
import { Modal } from "./Modal";
import "./setup-contest.css";

type Filter = "exclude_previous_winners" | "exclude_accounts" | "exclude_contains_badword" | "manual_check";
const FILTERS: readonly Filter[] = [
  "exclude_previous_winners",
  "exclude_accounts",
  "exclude_contains_badword",
  "manual_check",
];

/** The plan feature each filter's switch needs (its rule's `feature` in base.rules.json). */
export const FILTER_FEATURES: Record<Filter, string> = {
  exclude_previous_winners: baseRules.fields["exclude_previous_winners.enabled"].feature,
  exclude_accounts: baseRules.fields["exclude_accounts.enabled"].feature,
  exclude_contains_badword: baseRules.fields["exclude_contains_badword.enabled"].feature,
  manual_check: baseRules.fields["manual_check.enabled"].feature,
};

/** The most winners a manual check allows (nb_winners: incompatible_with_field_value:base.manual_check.enabled,>,N). */
export const MANUAL_CHECK_MAX_WINNERS: number | null = (() => {
  const m = /incompatible_with_field_value:base\.manual_check\.enabled,>,(\d+)/.exec(
    baseRules.fields.nb_winners.rule,
  );
  return m ? Number(m[1]) : null;
})();

/** The months of the previous-winners filter (its nb_months rule, range:1,12). */
const MONTHS = (() => {
  const m = /range:(\d+),(\d+)/.exec(baseRules.fields["exclude_previous_winners.nb_months"].rule);
  return m ? { min: Number(m[1]), max: Number(m[2]) } : { min: 1, max: 12 };
})();

const LEGENDS: Record<Filter, MessageDescriptor> = {
  exclude_previous_winners: msg`Previous winners`,
  exclude_accounts: msg`Excluded accounts`,
  exclude_contains_badword: msg`Bad words`,
  manual_check: msg`Manual check`,
};

const SWITCHES: Record<Filter, MessageDescriptor> = {
  exclude_previous_winners: msg`Remove the winners of the team's recent contests`,
  exclude_accounts: msg`Remove some accounts (the team's own, friends, rivals)`,
  exclude_contains_badword: msg`Remove the entrants whose comment holds one of these words`,
  manual_check: msg`Check the entrants by hand before the draw`,
};

/** A contest's current setup (its cb_data.base), the defaults where it has none. */
function initialOf(contest: SetupContestDialogProps["contest"]) {
  const base = (contest.cb_data as { base?: Record<string, unknown> } | null | undefined)?.base ?? {};
  const part = (name: Filter) => {
    const value = base[name];
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  };
  const list = (name: Filter) => {
    const value = part(name).list;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  };
  const months = part("exclude_previous_winners").nb_months;
  const reasons = list("manual_check");
  return {
    winners: String(contest.config.nb_winners),
    enabled: Object.fromEntries(FILTERS.map((f) => [f, part(f).enabled === true])) as Record<Filter, boolean>,
    months: String(typeof months === "number" ? months : 3),
    accounts: list("exclude_accounts").join("\n"),
    badWords: list("exclude_contains_badword").join("\n"),
    reasonKeys: reasons.filter((r) => MANUAL_CHECK_REASON_KEYS.includes(r)),
    ownReasons: reasons.filter((r) => !MANUAL_CHECK_REASON_KEYS.includes(r)).join("\n"),
  };
}

/** One entry a line (or comma-separated), trimmed, blanks and repeats (whatever the case) left out. */
export function listOf(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(/[\n,]/)) {
    const entry = piece.replace(/\s+/g, " ").trim();
    if (entry !== "" && !out.some((e) => e.toLowerCase() === entry.toLowerCase())) out.push(entry);
  }
  return out;
}

export type SetupContestDialogProps = {
  contest: Pick<ContestData, "_id" | "name" | "config" | "cb_data" | "paid_contest" | "entries_count">;
  onClose(): void;
  onSaved(contest: ContestData): void;
  /** The call, replaceable in stories. */
  save?(id: string, body: ClassicSetupBody): Promise<ContestData>;
};

export function SetupContestDialog({
  contest,
  onClose,
  onSaved,
  save = setupContest,
}: SetupContestDialogProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const onError = useErrorHandler();
  const formId = useId();
  const ids = { winners: useId(), months: useId(), accounts: useId(), badWords: useId(), own: useId() };
  const initial = useState(() => initialOf(contest))[0];
  const [winners, setWinners] = useState(initial.winners);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [months, setMonths] = useState(initial.months);
  const [accounts, setAccounts] = useState(initial.accounts);
  const [badWords, setBadWords] = useState(initial.badWords);
  const [reasonKeys, setReasonKeys] = useState<string[]>(initial.reasonKeys);
  const [ownReasons, setOwnReasons] = useState(initial.ownReasons);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [running, setRunning] = useState(false);

  const maxWinners = session.user?.currentTeam.quotas.winners ?? 1;
  // As the builder: a paid one-shot is gated option by option only on a contest-builder plan.
  const ungated = contest.paid_contest && !session.hasFeature("contestBuilder");
  const allowed = (f: Filter) => ungated || session.hasFeature(FILTER_FEATURES[f]);

  /** The first message of a path or of anything under it. */
  const errorAt = (prefix: string): string | undefined => {
    const key = Object.keys(errors).find((k) => k === prefix || k.startsWith(`${prefix}.`));
    return key ? errors[key]?.[0] : undefined;
  };
  const shown = ["nb_winners", ...FILTERS];
  const otherErrors = Object.entries(errors).filter(
    ([path]) => !shown.some((p) => path === p || path.startsWith(`${p}.`)),
  );

  const body = (): ClassicSetupBody => {
    const out: ClassicSetupBody = { nb_winners: Number(winners) };
    // A filter the person did not switch on is sent off; one the plan lacks is never sent on.
    const on = (f: Filter) => enabled[f] && allowed(f);
    if (on("exclude_previous_winners")) {
      out.exclude_previous_winners = { enabled: true, nb_months: Number(months) };
    }
    if (on("exclude_accounts")) out.exclude_accounts = { enabled: true, list: listOf(accounts) };
    if (on("exclude_contains_badword")) {
      out.exclude_contains_badword = { enabled: true, list: listOf(badWords) };
    }
    if (on("manual_check")) {
      out.manual_check = { enabled: true, list: [...reasonKeys, ...listOf(ownReasons)] };
    }
    return out;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    setRunning(true);
    setErrors({});
    try {
      onSaved(await save(contest._id, body()));
    } catch (err) {
      setRunning(false);
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.fields).length > 0) {
        setErrors(err.fields);
      } else onError(err);
    }
  };

  const toggle = (f: Filter, value: boolean) => setEnabled((e) => ({ ...e, [f]: value }));

  /** A filter's fieldset: its switch (disabled with a star when the plan lacks it) and, when on, its settings. */
  const filter = (f: Filter, settings: ReactNode) => {
    const switchId = `${formId}-${f}`;
    const problem = errorAt(f);
    const problemId = `${switchId}-problem`;
    return (
      <fieldset className="setup-filter" key={f} data-filter={f}>
        <legend>{i18n._(LEGENDS[f])}</legend>
        <div className="check">
          <input
            id={switchId}
            type="checkbox"
            checked={enabled[f] && allowed(f)}
            disabled={running || !allowed(f)}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => toggle(f, e.target.checked)}
          />
          <label htmlFor={switchId}>{i18n._(SWITCHES[f])}</label>
          {!allowed(f) && <FeatureStar />}
        </div>
        {enabled[f] && allowed(f) && settings}
        {problem && (
          <p id={problemId} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </fieldset>
    );
  };

  const winnersError = errorAt("nb_winners");
  return (
    <Modal
      title={t`Set up ${contest.name}`}
      onClose={onClose}
      closable={!running}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={running}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="submit"
            form={formId}
            className="button primary"
            disabled={running}
            aria-busy={running}
          >
            {running ? <Trans>Saving…</Trans> : <Trans>Save the setup</Trans>}
          </button>
        </>
      }
    >
      <form id={formId} className="setup-form" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          {contest.entries_count > 0 ? (
            <Trans>
              The filters run again over the entries already loaded: the entrants they remove are no longer
              drawn. Manual checks already made are kept.
            </Trans>
          ) : (
            <Trans>The filters apply to the entries when they are loaded.</Trans>
          )}
        </p>
        <div className="field">
          <label htmlFor={ids.winners}>
            <Trans>Number of winners</Trans>
          </label>
          <input
            id={ids.winners}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxWinners}
            step={1}
            value={winners}
            disabled={running}
            aria-invalid={winnersError ? true : undefined}
            aria-describedby={`${ids.winners}-hint${winnersError ? ` ${ids.winners}-problem` : ""}`}
            onChange={(e) => setWinners(e.target.value)}
          />
          <p id={`${ids.winners}-hint`} className="field-hint">
            {MANUAL_CHECK_MAX_WINNERS !== null && MANUAL_CHECK_MAX_WINNERS < maxWinners ? (
              <Trans>
                From 1 to {maxWinners} (your plan's winners quota), at most {MANUAL_CHECK_MAX_WINNERS} with
                the manual check. One substitute is drawn for each winner.
              </Trans>
            ) : (
              <Trans>
                From 1 to {maxWinners} (your plan's winners quota). One substitute is drawn for each winner.
              </Trans>
            )}
          </p>
          {winnersError && (
            <p id={`${ids.winners}-problem`} className="field-error" role="alert">
              {winnersError}
            </p>
          )}
        </div>

        {filter(
          "exclude_previous_winners",
          <div className="field">
            <label htmlFor={ids.months}>
              <Trans>Won in the last … months</Trans>
            </label>
            <input
              id={ids.months}
              type="number"
              inputMode="numeric"
              min={MONTHS.min}
              max={MONTHS.max}
              step={1}
              value={months}
              disabled={running}
              onChange={(e) => setMonths(e.target.value)}
            />
          </div>,
        )}
        {filter(
          "exclude_accounts",
          <div className="field">
            <label htmlFor={ids.accounts}>
              <Trans>Accounts to remove, one a line</Trans>
            </label>
            <textarea
              id={ids.accounts}
              rows={3}
              value={accounts}
              disabled={running}
              placeholder="@fairdraw"
              onChange={(e) => setAccounts(e.target.value)}
            />
          </div>,
        )}
        {filter(
          "exclude_contains_badword",
          <div className="field">
            <label htmlFor={ids.badWords}>
              <Trans>Words, one a line (3 to 50 characters each)</Trans>
            </label>
            <textarea
              id={ids.badWords}
              rows={3}
              value={badWords}
              disabled={running}
              onChange={(e) => setBadWords(e.target.value)}
            />
          </div>,
        )}
        {filter(
          "manual_check",
          <>
            <fieldset className="setup-reasons">
              <legend>
                <Trans>Reasons a reviewer may give to reject an entrant</Trans>
              </legend>
              {MANUAL_CHECK_REASON_KEYS.map((key) => {
                const label = MANUAL_CHECK_REASON_LABELS[key];
                return (
                  <Checkbox
                    key={key}
                    checked={reasonKeys.includes(key)}
                    disabled={running}
                    onChange={(checked) =>
                      setReasonKeys((keys) => (checked ? [...keys, key] : keys.filter((k) => k !== key)))
                    }
                  >
                    {label ? i18n._(label) : key}
                  </Checkbox>
                );
              })}
            </fieldset>
            <div className="field">
              <label htmlFor={ids.own}>
                <Trans>Your own reasons, one a line (3 to 50 characters each)</Trans>
              </label>
              <textarea
                id={ids.own}
                rows={2}
                value={ownReasons}
                disabled={running}
                onChange={(e) => setOwnReasons(e.target.value)}
              />
            </div>
          </>,
        )}

        {otherErrors.length > 0 && (
          <div className="form-problem" role="alert">
            <ul>
              {otherErrors.map(([path, messages]) => (
                <li key={path}>
                  {path}: {messages[0]}
                </li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </Modal>
  );
}
