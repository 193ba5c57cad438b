/**
 * /team/subscription (app-shell.md §2, §3, §9; decisions.md "Plans", "Payments"): every plan on sale from
 * schemas/plans.json — price in euros, dollars, yen or riyals, monthly or yearly (Price/formatPrice), quotas
 * (doubled when billed yearly), retention, features (named after schemas/features.json), the best offer mark,
 * the team's current plan, "on request" for enterprise — and the way to checkout
 * (/checkout-session/plan/{plan}/{period}) for those who may change the plan.
 * The team's own plan comes first (its card, then its place in the grid); every other plan says what it adds
 * or removes against it (team/plan-diff.ts); the main action is never a plan below the current one; a team
 * on the free plan is shown its two ways to run a first contest (a one-shot quick draw or a plan).
 */

import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowUp, Check } from "lucide-react";
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
import { isBelow, mainPlanId, type PlanDiff, planDiff, type QuotaChange } from "../../team/plan-diff";
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
import "./billing.css";
import { usePageTitle } from "../../usePageTitle";
import { FeatureStar } from "../../widgets/FeatureStar";
import { type Currency, formatPrice } from "../../widgets/Price";
import { OFFERS } from "../checkout/checkout";

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
  const current = planById(team.plan);
  const plans = plansOnOffer(team.plan);
  const main = mainPlanId(current, plans);
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
      {team.plan === "basic" && <FirstContest currency={currency} />}
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
            currentPlan={current}
            main={plan.id === main}
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

/** A free team's two ways to run a first contest: a one-shot quick draw, or a plan. */
function FirstContest({ currency }: { currency: Currency }) {
  const quickDraw = OFFERS.find((o) => o.id === "quickDraw");
  const amount = quickDraw?.price[currency] ?? null;
  return (
    <section className="card first-contest" aria-labelledby="first-contest">
      <h2 id="first-contest">
        <Trans>Run your first contest</Trans>
      </h2>
      <p>
        <Trans>
          The free plan lets you try Fairdraw. To draw winners on a real post, pick one of two ways:
        </Trans>
      </p>
      <div className="first-contest-ways">
        <div>
          <h3>
            <Trans>Once: a one-shot quick draw</Trans>
          </h3>
          <p>
            {amount !== null ? (
              <Trans>
                Paste the link of your post and pay <strong dir="ltr">{formatPrice(amount, currency)}</strong>{" "}
                once; the draw is ready right after the payment.
              </Trans>
            ) : (
              <Trans>
                Paste the link of your post and pay once; the draw is ready right after the payment.
              </Trans>
            )}
          </p>
          <Link to="/contests/quickdraw" className="button primary">
            <Trans>Start a quick draw</Trans>
          </Link>
        </div>
        <div>
          <h3>
            <Trans>Every month: a plan</Trans>
          </h3>
          <p>
            <Trans>
              Hobbyist imports your posts every month; Advanced, our best offer, also builds contests from
              scratch. Compare them below.
            </Trans>
          </p>
        </div>
      </div>
    </section>
  );
}

/** A quota above or below the team's own plan's, marked beside its value. */
function QuotaMark({ change }: { change: QuotaChange | undefined }) {
  const { i18n } = useLingui();
  if (!change) return null;
  const from = i18n.number(change.from);
  const up = change.to > change.from;
  const label = up ? i18n._(msg`More than your plan (${from})`) : i18n._(msg`Less than your plan (${from})`);
  return (
    <span className={up ? "quota-more" : "quota-less"} role="img" aria-label={label} title={label}>
      {up ? <ArrowUp size={14} aria-hidden="true" /> : <ArrowDown size={14} aria-hidden="true" />}
    </span>
  );
}

/** The features this plan adds or takes away against the team's own (its quotas are marked in its list). */
function PlanChanges({ diff }: { diff: PlanDiff }) {
  const { i18n } = useLingui();
  const shown = 3;
  if (diff.added.length + diff.removed.length === 0) return null;
  return (
    <ul className="plan-diff" aria-label={i18n._(msg`Compared with your plan`)}>
      {diff.added.slice(0, shown).map((f) => (
        <li key={`+${f}`} className="plan-diff-more">
          {featureLabel(i18n, f)}
        </li>
      ))}
      {diff.added.length > shown && (
        <li className="plan-diff-more">
          <Plural value={diff.added.length - shown} one="# more feature" other="# more features" />
        </li>
      )}
      {diff.removed.slice(0, shown).map((f) => (
        <li key={`-${f}`} className="plan-diff-less">
          <Trans>No {featureLabel(i18n, f)}</Trans>
        </li>
      ))}
      {diff.removed.length > shown && (
        <li className="plan-diff-less">
          <Plural value={diff.removed.length - shown} one="# feature fewer" other="# features fewer" />
        </li>
      )}
    </ul>
  );
}

function PlanCard({
  plan,
  currency,
  period,
  current,
  currentPlan,
  main,
  canUpgrade,
  onContact,
}: {
  plan: Plan;
  currency: Currency;
  period: Period;
  current: boolean;
  currentPlan: Plan | undefined;
  main: boolean;
  canUpgrade: boolean;
  onContact(): void;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const quotas = periodQuotas(plan.quotas, period);
  const cost = planCost(plan, currency, period);
  const diff = !current && currentPlan ? planDiff(currentPlan, plan, period) : null;
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
        {diff && <PlanChanges diff={diff} />}
        <dl className="team-plan-quotas">
          {QUOTA_NAMES.map((q) => (
            <div key={q}>
              <dt>{i18n._(QUOTA_LABELS[q])}</dt>
              <dd>
                <QuotaMark change={diff?.quotas.find((c) => c.name === q)} />
                {i18n.number(quotas[q])}
              </dd>
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
          ) : cost.kind === "free" || cost.kind === "unavailable" || !canUpgrade ? null : isBelow(
              currentPlan,
              plan,
            ) ? (
            <Link to={checkoutPath(plan.id, period, currency)} className="plan-lower-action">
              <Trans>Switch down to {name}</Trans>
            </Link>
          ) : (
            <Link to={checkoutPath(plan.id, period, currency)} className={`button${main ? " primary" : ""}`}>
              <Trans>Choose {name}</Trans>
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}
