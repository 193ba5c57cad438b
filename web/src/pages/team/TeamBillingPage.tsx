/**
 * /team/billing (app-shell.md §2; reachable by a frozen team: 402 exempt; decisions.md "Payments").
 * - With Stripe on the server (GET /api/v1/billing `configured`): the team's plan and period, the next invoice
 *   (date and amount) or the subscription's end, a failed payment's grace period or the freeze, the past invoices
 *   linking to Stripe's hosted invoice pages (team.billing.view_invoices), and "Manage payment", which opens
 *   Stripe's Customer Portal (change the card, cancel, switch plan). Amounts are in the currency paid in.
 *   Back from a checkout (?checkout=success) it says the payment is being confirmed and reads the page again
 *   a few times, since the plan moves only when Stripe's signed webhook arrives.
 * - Without it, the page says plainly that online billing is not set up and offers the contact form.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "../../api/error-messages";
import { asApiError } from "../../api/errors";
import { ContactDialog } from "../../dialogs/ContactDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { useSession, useUser } from "../../session/session";
import { type BillingOverview, customerPortalUrl, fetchBilling, leaveFor } from "../../team/billing";
import { formatDate } from "../../team/format";
import { planById } from "../../team/plans";
import { NotAllowed, WhenLoaded } from "../../team/states";
import "../../team/team.css";
import "./billing.css";
import { useLoad } from "../../team/useLoad";
import { usePageTitle } from "../../usePageTitle";
import { Countdown } from "../../widgets/Countdown";
import { type Currency, formatPrice } from "../../widgets/Price";

/** After a checkout: how often and how many times the page reads the billing state again. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_POLLS = 10;

/** Stripe's amounts are in the currency's smallest unit; yen has none below the yen. */
export function money(amount: number, currency: string | null): string {
  const c = (currency ?? "eur").toLowerCase() as Currency;
  return formatPrice(c === "jpy" ? amount : amount / 100, c);
}

function InvoiceStatus({ status }: { status: string | null }) {
  switch (status) {
    case "paid":
      return <Trans>Paid</Trans>;
    case "open":
      return <Trans>To pay</Trans>;
    case "void":
      return <Trans>Canceled</Trans>;
    case "uncollectible":
      return <Trans>Unpaid</Trans>;
    default:
      return <>{status ?? ""}</>;
  }
}

function ManagePayment({ primary = false }: { primary?: boolean }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const open = () => {
    setState({ busy: true, error: null });
    customerPortalUrl().then(leaveFor, (e: unknown) =>
      setState({ busy: false, error: errorMessage(i18n, asApiError(e)) }),
    );
  };
  return (
    <>
      <button
        type="button"
        className={`button${primary ? " primary" : ""}`}
        onClick={open}
        disabled={state.busy}
        aria-busy={state.busy}
      >
        <Trans>Manage payment</Trans>
      </button>
      {state.error && (
        <span className="team-error" role="alert">
          {state.error}
        </span>
      )}
    </>
  );
}

function PlanSummary({ billing, canManage }: { billing: BillingOverview; canManage: boolean }) {
  const { i18n } = useLingui();
  const planName = planById(billing.plan)?.name ?? billing.plan;
  const next = billing.next_invoice;
  return (
    <section className="card billing-summary" aria-labelledby="billing-plan">
      <h2 id="billing-plan">
        {billing.period === "yearly" ? (
          <Trans>{planName} plan, billed yearly</Trans>
        ) : billing.period === "monthly" ? (
          <Trans>{planName} plan, billed monthly</Trans>
        ) : (
          <Trans>{planName} plan</Trans>
        )}
      </h2>
      <dl className="billing-facts">
        <div>
          <dt>
            <Trans>Next invoice</Trans>
          </dt>
          <dd>
            {next ? (
              <Trans>
                <strong dir="ltr">{money(next.amount, next.currency)}</strong> on{" "}
                {formatDate(i18n, next.date)}
              </Trans>
            ) : billing.payment_due_at || billing.frozen_limit_date ? (
              <Trans>None until the invoice owed is paid</Trans>
            ) : billing.ends_at ? (
              <Trans>None: the subscription ends on {formatDate(i18n, billing.ends_at)}</Trans>
            ) : (
              <Trans>None: no paid subscription</Trans>
            )}
          </dd>
        </div>
      </dl>
      <p className="team-row-actions">
        {/* Owing a payment, the alert above carries the one "Manage payment". */}
        {canManage && billing.has_customer && !billing.payment_due_at && !billing.frozen_limit_date && (
          <ManagePayment />
        )}
        <Link to="/team/subscription" className="button">
          <Trans>See the plans</Trans>
        </Link>
      </p>
    </section>
  );
}

function Invoices({ billing }: { billing: BillingOverview }) {
  const { i18n } = useLingui();
  if (billing.invoices_unavailable) {
    return (
      <p role="status">
        <Trans>Stripe did not answer: the invoices cannot be listed right now. Try again in a moment.</Trans>
      </p>
    );
  }
  if (billing.invoices.length === 0) {
    return (
      <p className="muted">
        <Trans>No invoice yet.</Trans>
      </p>
    );
  }
  return (
    <div className="team-table-scroll">
      <table className="data billing-invoices">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col" className="billing-number">
              <Trans>Number</Trans>
            </th>
            <th scope="col">
              <Trans>Amount</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Invoice</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {billing.invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>{formatDate(i18n, invoice.created)}</td>
              <td className="billing-number">{invoice.number ?? "—"}</td>
              <td dir="ltr">{money(invoice.total, invoice.currency)}</td>
              <td>
                <InvoiceStatus status={invoice.status} />
              </td>
              <td>
                {invoice.hosted_invoice_url && (
                  <a href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer noopener">
                    <Trans>View invoice {invoice.number ?? ""}</Trans>
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Back from Stripe's checkout: the webhook may not have arrived yet; the page reads the state again. */
function useConfirmation(
  active: boolean,
  replace: (data: BillingOverview) => void,
  refreshUser: () => Promise<void>,
) {
  const polls = useRef(0);
  const latest = useRef({ replace, refreshUser });
  latest.current = { replace, refreshUser };
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      polls.current += 1;
      if (polls.current >= CONFIRM_POLLS) clearInterval(timer);
      fetchBilling().then(
        (data) => latest.current.replace(data),
        () => undefined,
      );
      void latest.current.refreshUser().catch(() => undefined);
    }, CONFIRM_POLL_MS);
    return () => clearInterval(timer);
  }, [active]);
}

function Configured({
  billing,
  replace,
}: {
  billing: BillingOverview;
  replace(data: BillingOverview): void;
}) {
  const { i18n } = useLingui();
  const session = useSession();
  const [query] = useSearchParams();
  const canView = session.can("team.billing.view_invoices");
  const canManage = session.can(
    "team.subscription.upgrade_subscription team.subscription.cancel_subscription team.billing.view_invoices",
  );
  const back = query.get("checkout") === "success";
  useConfirmation(back, replace, session.refresh);
  return (
    <>
      {back && (
        <p className="team-notice billing-thanks" role="status">
          <Trans>Thank you. Stripe confirms the payment in a few seconds; this page updates by itself.</Trans>
        </p>
      )}
      {billing.payment_due_at && !billing.frozen_limit_date && (
        <section className="card team-frozen" role="alert">
          <h2>
            <Trans>A payment failed</Trans>
          </h2>
          <p>
            <Trans>
              Update your payment method before {formatDate(i18n, billing.payment_due_at, true)}, or the
              team's contests and team pages will be blocked until it is paid.
            </Trans>
          </p>
          {canManage && <ManagePayment primary />}
        </section>
      )}
      <PlanSummary billing={billing} canManage={canManage} />
      <section className="card" aria-labelledby="invoices">
        <h2 id="invoices">
          <Trans>Invoices</Trans>
        </h2>
        {canView ? (
          <Invoices billing={billing} />
        ) : (
          <NotAllowed>
            <Trans>You don't have the permission to see the team's invoices.</Trans>
          </NotAllowed>
        )}
      </section>
    </>
  );
}

function NotConfigured({ planName, frozen }: { planName: string; frozen: boolean }) {
  const session = useSession();
  const dialogs = useDialogs();
  const contact = () => dialogs.open((close) => <ContactDialog onClose={close} />);
  if (!session.can("team.billing.view_invoices")) {
    return (
      <NotAllowed>
        <Trans>You don't have the permission to see the team's invoices.</Trans>
      </NotAllowed>
    );
  }
  return (
    <section className="card" aria-labelledby="invoices">
      <h2 id="invoices">
        <Trans>Invoices</Trans>
      </h2>
      <p role="status">
        <Trans>
          Online billing is not set up on this Fairdraw server: there is no customer portal and no invoice to
          list here.
        </Trans>
      </p>
      <p>
        <Trans>Your team is on the {planName} plan.</Trans>{" "}
        <Trans>For an invoice, a payment or a change of billing details, write to us.</Trans>
      </p>
      <p className="team-row-actions">
        <button type="button" className="button primary" onClick={contact}>
          <Trans>Contact us</Trans>
        </button>
        {!frozen && (
          <Link to="/team/subscription" className="button">
            <Trans>See the plans</Trans>
          </Link>
        )}
      </p>
    </section>
  );
}

export default function TeamBillingPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Billing`);
  const user = useUser();
  const team = user.currentTeam;
  const [billing, { reload, update }] = useLoad(`billing:${team._id}`, fetchBilling);
  const frozenUntil = team.frozen ? formatDate(i18n, team.frozen.limit_date, true) : "";
  const planName = planById(team.plan)?.name ?? team.plan;
  const configured = billing.status === "ready" && billing.data.configured;

  return (
    <div className="team-page">
      <h1>
        <Trans>Billing</Trans>
      </h1>
      {team.frozen && (
        <section className="card team-frozen" role="alert">
          <h2>
            <Trans>Payment must be regularised</Trans>
          </h2>
          <p>
            <Trans>
              The team's contests and team pages are blocked until the payment is settled. Time left until{" "}
              {frozenUntil}: <Countdown to={team.frozen.limit_date} />
            </Trans>
          </p>
          {configured && (
            <p className="team-row-actions">
              <ManagePayment primary />
            </p>
          )}
        </section>
      )}
      <WhenLoaded state={billing} onRetry={reload}>
        {(data) =>
          data.configured ? (
            <Configured billing={data} replace={(next) => update(() => next)} />
          ) : (
            <NotConfigured planName={planName} frozen={team.frozen !== null} />
          )
        }
      </WhenLoaded>
    </div>
  );
}
