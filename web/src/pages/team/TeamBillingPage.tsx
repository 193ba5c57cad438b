/**
 * /team/billing (app-shell.md §2; team.billing.view_invoices; reachable by a frozen team: 402 exempt). No
 * billing driver is configured on this server (decisions.md "Payments"), so there are no invoices to list: the
 * page says so plainly and offers the contact form. A frozen team sees by when payment must be regularised.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { ContactDialog } from "../../dialogs/ContactDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { useSession, useUser } from "../../session/session";
import { formatDate } from "../../team/format";
import { planById } from "../../team/plans";
import { NotAllowed } from "../../team/states";
import "../../team/team.css";
import { usePageTitle } from "../../usePageTitle";
import { Countdown } from "../../widgets/Countdown";

export default function TeamBillingPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Billing`);
  const user = useUser();
  const session = useSession();
  const dialogs = useDialogs();
  const team = user.currentTeam;
  const canView = session.can("team.billing.view_invoices");
  const frozenUntil = team.frozen ? formatDate(i18n, team.frozen.limit_date, true) : "";
  const planName = planById(team.plan)?.name ?? team.plan;
  const contact = () => dialogs.open((close) => <ContactDialog onClose={close} />);

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
        </section>
      )}
      {!canView ? (
        <NotAllowed>
          <Trans>You don't have the permission to see the team's invoices.</Trans>
        </NotAllowed>
      ) : (
        <section className="card" aria-labelledby="invoices">
          <h2 id="invoices">
            <Trans>Invoices</Trans>
          </h2>
          <p role="status">
            <Trans>
              Online billing is not set up on this Fairdraw server: there is no customer portal and no invoice
              to list here.
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
            {!team.frozen && (
              <Link to="/team/subscription" className="button">
                <Trans>See the plans</Trans>
              </Link>
            )}
          </p>
        </section>
      )}
    </div>
  );
}
