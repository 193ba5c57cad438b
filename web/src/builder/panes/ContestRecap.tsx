/**
 * The summary's recap (issue 27): the contest in a few lines before it is created — its dates, its winners and
 * draw options, and per source the actions, filters and publications switched on — each with a way back to where
 * it is set. Which switches count is read from the sidecars (a switch field, `…enabled`, in a tab), so a network
 * added under schemas/ is recapped with no change here.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ScopeRules } from "../../../../engine/config/types";
import { getPath } from "../../../../engine/values";
import { providerOf } from "../../providers";
import { sameJson, useBuilderEnv, useBuilderSelector } from "../context";
import { fieldLabel, tabLabel } from "../labels";

/** The tabs a source's recap lists, in this order. */
const RECAP_TABS = ["actions", "filters", "reminders", "others"] as const;

/** The switches of a tab that are on in a source: their patterns, in the sidecar's order. */
function switchedOn(rules: ScopeRules, source: unknown, tab: string): string[] {
  return Object.entries(rules.fields)
    .filter(
      ([pattern, field]) =>
        field.ui?.tab === tab &&
        field.ui.widget === "toggle" &&
        pattern.endsWith(".enabled") &&
        !pattern.includes("*") &&
        pattern.split(".").length <= 3 &&
        getPath(source, pattern) === true,
    )
    .sort((a, b) => (a[1].ui?.order ?? 0) - (b[1].ui?.order ?? 0))
    .map(([pattern]) => pattern);
}

/** Where a tab's Edit goes: the tab's first field (its pane opens on that tab). */
function firstFieldOf(rules: ScopeRules, tab: string): string | undefined {
  return Object.entries(rules.fields)
    .filter(
      ([pattern, field]) => field.ui?.tab === tab && field.ui.widget !== "hidden" && !pattern.includes("*"),
    )
    .sort((a, b) => (a[1].ui?.order ?? 0) - (b[1].ui?.order ?? 0))[0]?.[0];
}

function EditLink({ path, label }: { path: string; label: string }) {
  const { focusField } = useBuilderEnv();
  return (
    <button
      type="button"
      className="link-button recap-edit"
      aria-label={label}
      onClick={() => focusField(path)}
    >
      <Trans>Edit</Trans>
    </button>
  );
}

export function ContestRecap() {
  const { t, i18n } = useLingui();
  const { served } = useBuilderEnv();
  const base = useBuilderSelector((s) => s.context.form.base, sameJson);
  const sources = useBuilderSelector((s) => s.context.form.sources, sameJson);
  const hasDate = (value: unknown): value is string => typeof value === "string" && value !== "";
  const when = (value: unknown) =>
    hasDate(value) ? i18n.date(new Date(value), { dateStyle: "medium", timeStyle: "short" }) : t`not set`;
  const on = (path: string) => getPath(base, path) === true;
  const drawOptions = [
    on("manual_check.enabled") && t`manual check`,
    on("autodraw.enabled") && t`automatic draw on ${when(getPath(base, "autodraw.date"))}`,
    on("exclude_previous_winners.enabled") && t`previous winners excluded`,
    on("exclude_accounts.enabled") && t`accounts excluded`,
    on("exclude_contains_badword.enabled") && t`entries with bad words excluded`,
  ].filter((x): x is string => typeof x === "string");
  const list = (items: string[]) => new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(items);

  return (
    <section className="builder-recap" aria-labelledby="builder-recap-title">
      <h4 id="builder-recap-title">
        <Trans>Your contest</Trans>
      </h4>
      <dl>
        <div>
          <dt>
            <Trans>Dates</Trans>
          </dt>
          <dd>
            {/* "From not set to not set" reads as a fault: no date at all says so once. */}
            {hasDate(base.start_date) || hasDate(base.close_date) ? (
              <Trans>
                From {when(base.start_date)} to {when(base.close_date)}
              </Trans>
            ) : (
              <Trans>No dates yet</Trans>
            )}{" "}
            <EditLink path="base.start_date" label={t`Edit the dates`} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Winners</Trans>
          </dt>
          <dd>
            {typeof base.nb_winners === "number" ? String(base.nb_winners) : t`not set`}
            {drawOptions.length > 0 && ` · ${list(drawOptions)}`}{" "}
            <EditLink path="base.nb_winners" label={t`Edit the winners`} />
          </dd>
        </div>
        {sources.map((source, i) => {
          const rules = served.sources[source.type];
          const name = providerOf(source.type)?.display_name ?? source.type;
          return (
            <div key={source.id} data-recap-source={source.id}>
              <dt>{name}</dt>
              <dd>
                <ul>
                  {rules &&
                    RECAP_TABS.map((tab) => {
                      const first = firstFieldOf(rules, tab);
                      if (!first) return null;
                      const patterns = switchedOn(rules, source, tab);
                      return (
                        <li key={tab}>
                          <span className="recap-tab">{tabLabel(i18n, tab)}</span>{" "}
                          {patterns.length > 0
                            ? list(patterns.map((p) => fieldLabel(i18n, "sources", p, source.type)))
                            : t`none`}{" "}
                          <EditLink
                            path={`sources.${i}.${first}`}
                            label={t`Edit ${tabLabel(i18n, tab)} of ${name}`}
                          />
                        </li>
                      );
                    })}
                </ul>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
