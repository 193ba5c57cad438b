/**
 * /team/subscription (app-shell.md §2, §3, §9; decisions.md "Plans", "Payments"): every plan on sale from
 * schemas/plans.json — price in euros, dollars, yen or riyals, monthly or yearly (Price/formatPrice), quotas
 * (doubled when billed yearly), retention, features (named after schemas/features.json), the best offer mark,
 * the team's current plan, "on request" for enterprise — and the way to checkout
 * (/checkout-session/plan/{plan}/{period}) for those who may change the plan.
 */

import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { ContactDialog } from "../../dialogs/ContactDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { useSession, useUser } from "../../session/session";
import {
  featureGroupLabel,
  featureLabel,
  featuresByGroup,
  QUOTA_LABELS,
  QUOTA_NAMES,
} from "../../team/labels";
import {
  CURRENCIES,
  checkoutPath,
  defaultCurrency,
  type Period,
  type Plan,
  type PlanCost,
  periodQuotas,
  planById,
  planCost,
  plansOnOffer,
  type Retention,
} from "../../team/plans";
import "../../team/team.css";
import { usePageTitle } from "../../usePageTitle";
import { FeatureStar } from "../../widgets/FeatureStar";
import { type Currency, formatPrice } from "../../widgets/Price";

const CURRENCY_NAMES: Record<Currency, string> = { eur: "EUR €", usd: "USD $", jpy: "JPY ¥", sar: "SAR" };

/** A plan's price as the page writes it, e.g. "49 € per month", "800 € per month, billed yearly", "On request". */
export function PlanPrice({ cost, currency }: { cost: PlanCost; currency: Currency }) {
  switch (cost.kind) {
    case "on_request":
      return (
        <span className="team-plan-price">
          <Trans>On request</Trans>
        </span>
      );
    case "unavailable":
      return (
        <span className="team-plan-price muted">
          <Trans>Not sold in this currency</Trans>
        </span>
      );
    case "free":
      return (
        <span className="team-plan-price">
          <Trans>Free</Trans>
        </span>
      );
    case "price": {
      const amount = formatPrice(cost.amount, currency);
      return (
        <span className="team-plan-price">
          <strong className="price" dir="ltr">
            {amount}
          </strong>{" "}
          <span className="muted">
            {cost.per === "year" ? (
              <Trans>per year</Trans>
            ) : cost.billedYearly ? (
              <Trans>per month, billed yearly</Trans>
            ) : (
              <Trans>per month</Trans>
            )}
          </span>
        </span>
      );
    }
  }
}

export function RetentionText({ retention }: { retention: Retention | null }) {
  if (!retention) return <Trans>Agreed with you</Trans>;
  const n = retention.number;
  if (retention.unit === "year") return <Plural value={n} one="# year" other="# years" />;
  if (retention.unit === "month") return <Plural value={n} one="# month" other="# months" />;
  return <Plural value={n} one="# day" other="# days" />;
}

export default function TeamSubscriptionPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Subscription`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const team = user.currentTeam;
  const currencyId = useId();
  const [currency, setCurrency] = useState<Currency>(() => defaultCurrency(i18n.locale));
  const [period, setPeriod] = useState<Period>(team.subscription?.yearly ? "yearly" : "monthly");
  const canUpgrade = session.can("team.subscription.upgrade_subscription");
  const canSeeSubscription = session.can("team.subscription.view_subscription");
  const plans = plansOnOffer(team.plan);
  const current = planById(team.plan);
  const currentName = current?.name ?? team.plan;
  const contact = () => dialogs.open((close) => <ContactDialog onClose={close} />);

  return (
    <div className="team-page subscription-page">
      <h1>
        <Trans>Subscription</Trans>
      </h1>
      {canSeeSubscription && (
        <section className="card current-plan" aria-labelledby="current-plan">
          <h2 id="current-plan">
            <Trans>Your plan: {currentName}</Trans>
          </h2>
          <p>
            {team.subscription ? (
              team.subscription.yearly ? (
                <Trans>Billed yearly: your quotas are doubled.</Trans>
              ) : (
                <Trans>Billed monthly.</Trans>
              )
            ) : (
              <Trans>No paid subscription.</Trans>
            )}{" "}
            {current && !current.available && (
              <Trans>This plan is no longer sold; you keep it as long as you like.</Trans>
            )}
          </p>
          <p>
            <Link to="/team/billing">
              <Trans>Invoices and billing</Trans>
            </Link>
          </p>
        </section>
      )}
      {!canUpgrade && (
        <p className="team-notice" role="note">
          <Trans>Only members allowed to change the plan can choose one; ask the team's owner.</Trans>
        </p>
      )}

      <div className="team-plan-controls">
        <div className="field team-inline">
          <label htmlFor={currencyId}>
            <Trans>Currency</Trans>
          </label>
          <select id={currencyId} value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {CURRENCY_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="team-segmented">
          <legend className="visually-hidden">
            <Trans>Billing period</Trans>
          </legend>
          {(["monthly", "yearly"] as const).map((p) => (
            <label key={p} data-checked={period === p}>
              <input
                type="radio"
                name="period"
                value={p}
                checked={period === p}
                onChange={() => setPeriod(p)}
              />
              {p === "monthly" ? <Trans>Monthly</Trans> : <Trans>Yearly</Trans>}
            </label>
          ))}
        </fieldset>
        {period === "yearly" && (
          <p className="muted">
            <Trans>Billed yearly, every quota is doubled.</Trans>
          </p>
        )}
      </div>

      <ul className="team-plan-grid">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            currency={currency}
            period={period}
            current={plan.id === team.plan}
            canUpgrade={canUpgrade}
            onContact={contact}
          />
        ))}
      </ul>

      <section aria-labelledby="plan-features">
        <h2 id="plan-features">
          <Trans>What each plan includes</Trans>
        </h2>
        <div
          className="team-table-scroll"
          {...{ role: "region", "aria-label": t`Features of each plan`, tabIndex: 0 }}
        >
          <table className="data team-feature-matrix">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Feature</Trans>
                </th>
                {plans.map((p) => (
                  <th key={p.id} scope="col">
                    {p.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {featuresByGroup().flatMap(({ group, features }) => [
                <tr key={`group-${group}`} className="team-group-row">
                  <th scope="colgroup" colSpan={plans.length + 1}>
                    {featureGroupLabel(i18n, group)}
                  </th>
                </tr>,
                ...features.map((f) => (
                  <tr key={f}>
                    <th scope="row">
                      {featureLabel(i18n, f)}
                      {!team.features.includes(f) && <FeatureStar />}
                    </th>
                    {plans.map((p) => (
                      <td key={p.id}>
                        {p.features.includes(f) ? (
                          <span className="team-feature-yes" role="img" aria-label={t`Included`}>
                            <Check size={16} aria-hidden="true" />
                          </span>
                        ) : (
                          <span className="muted" role="img" aria-label={t`Not included`}>
                            —
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                )),
              ])}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function PlanCard({
  plan,
  currency,
  period,
  current,
  canUpgrade,
  onContact,
}: {
  plan: Plan;
  currency: Currency;
  period: Period;
  current: boolean;
  canUpgrade: boolean;
  onContact(): void;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const quotas = periodQuotas(plan.quotas, period);
  const cost = planCost(plan, currency, period);
  const name = plan.name;
  const featureCount = plan.features.length;
  return (
    <li
      className={`team-plan-card${plan.bestOffer ? " team-best-offer" : ""}${current ? " team-current" : ""}`}
      data-plan={plan.id}
    >
      <article aria-labelledby={headingId}>
        <div className="team-plan-marks">
          {plan.bestOffer && (
            <span className="team-label team-label-best">
              <Trans>Best offer</Trans>
            </span>
          )}
          {current && (
            <span className="team-label team-label-current">
              <Trans>Current plan</Trans>
            </span>
          )}
        </div>
        <h3 id={headingId}>{name}</h3>
        <p>
          <PlanPrice cost={cost} currency={currency} />
        </p>
        <dl className="team-plan-quotas">
          {QUOTA_NAMES.map((q) => (
            <div key={q}>
              <dt>{i18n._(QUOTA_LABELS[q])}</dt>
              <dd>{i18n.number(quotas[q])}</dd>
            </div>
          ))}
          <div>
            <dt>
              <Trans>Data kept</Trans>
            </dt>
            <dd>
              <RetentionText retention={plan.retention} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Features</Trans>
            </dt>
            <dd>{i18n.number(featureCount)}</dd>
          </div>
        </dl>
        <div className="plan-action">
          {current ? null : plan.on_request ? (
            <button type="button" className="button" onClick={onContact}>
              <Trans>Contact us</Trans>
            </button>
          ) : cost.kind === "free" ? null : canUpgrade ? (
            <Link
              to={checkoutPath(plan.id, period, currency)}
              className={`button${plan.bestOffer ? " primary" : ""}`}
            >
              <Trans>Choose {name}</Trans>
            </Link>
          ) : null}
        </div>
      </article>
    </li>
  );
}
