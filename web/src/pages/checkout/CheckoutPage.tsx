/**
 * /checkout-session/... (app-shell.md §2; decisions.md "Payments"): buying goes through a billing driver, and
 * none is configured — no payment provider is reachable — so this page says so plainly: it names what would
 * have been bought (the plan and period, or the one-shot offer and the quick import waiting for it) with its
 * price in the person's currency, says nothing was charged, and offers to contact us (an administrator sets a
 * team's plan) or to go back. An address that names nothing on sale is the 404 page.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type { OneShotOffer } from "../../../../codegen/types";
import { ContactDialog } from "../../dialogs/ContactDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { providerOf } from "../../providers";
import { useUser } from "../../session/session";
import { checkoutCurrency, planCost } from "../../team/plans";
import { usePageTitle } from "../../usePageTitle";
import { type Currency, Price } from "../../widgets/Price";
import { ErrorPage } from "../ErrorPage";
import { type CheckoutItem, checkoutItem, OFFER_NAMES, type PendingImport, safeHttpUrl } from "./checkout";
import "./checkout.css";

function PlanPrice({
  item,
  currency,
}: {
  item: Extract<CheckoutItem, { kind: "plan" }>;
  currency: Currency;
}) {
  const cost = planCost(item.plan, currency, item.period);
  switch (cost.kind) {
    case "free":
      return <Trans>Free</Trans>;
    case "on_request":
      return <Trans>Price on request</Trans>;
    case "unavailable":
      return <Trans>No price in this currency</Trans>;
    case "price":
      if (cost.per === "year") {
        return (
          <Trans>
            <Price amount={cost.amount} currency={currency} /> a year
          </Trans>
        );
      }
      return cost.billedYearly ? (
        <Trans>
          <Price amount={cost.amount} currency={currency} /> a month, billed yearly
        </Trans>
      ) : (
        <Trans>
          <Price amount={cost.amount} currency={currency} /> a month
        </Trans>
      );
  }
}

function OfferPrice({
  item,
  currency,
}: {
  item: Extract<CheckoutItem, { kind: "offer" }>;
  currency: Currency;
}) {
  const amount = item.offer.price[currency];
  if (amount === null) return <Trans>The price is not set yet</Trans>;
  return <Price amount={amount} currency={currency} />;
}

function ImportFacts({ pending }: { pending: PendingImport }) {
  const provider = providerOf(pending.provider);
  const link = safeHttpUrl(pending.matched);
  return (
    <>
      {pending.name && (
        <>
          <dt>
            <Trans>Contest</Trans>
          </dt>
          <dd>{pending.name}</dd>
        </>
      )}
      {pending.provider && (
        <>
          <dt>
            <Trans>Network</Trans>
          </dt>
          <dd>{provider?.display_name ?? pending.provider}</dd>
        </>
      )}
      {pending.matched && (
        <>
          <dt>
            <Trans>Post</Trans>
          </dt>
          <dd className="checkout-post">
            {link ? (
              <a href={link} target="_blank" rel="noreferrer noopener">
                {pending.matched}
              </a>
            ) : (
              pending.matched
            )}
          </dd>
        </>
      )}
    </>
  );
}

function offerName(i18n: ReturnType<typeof useLingui>["i18n"], offer: OneShotOffer): string {
  const name = OFFER_NAMES[offer.id];
  return name ? i18n._(name) : offer.name;
}

function Chosen({ item }: { item: CheckoutItem }) {
  const { i18n } = useLingui();
  const user = useUser();
  const currency = checkoutCurrency(useLocation().search, i18n.locale);
  return (
    <section className="card checkout-chosen" aria-labelledby="checkout-chosen">
      <h2 id="checkout-chosen">
        <Trans>What you chose</Trans>
      </h2>
      <dl>
        <dt>
          <Trans>Offer</Trans>
        </dt>
        <dd>
          {item.kind === "plan" ? (
            item.period === "yearly" ? (
              <Trans>The {item.plan.name} plan, yearly</Trans>
            ) : (
              <Trans>The {item.plan.name} plan, monthly</Trans>
            )
          ) : (
            offerName(i18n, item.offer)
          )}
        </dd>
        <dt>
          <Trans>Price</Trans>
        </dt>
        <dd className="checkout-price">
          {item.kind === "plan" ? (
            <PlanPrice item={item} currency={currency} />
          ) : (
            <OfferPrice item={item} currency={currency} />
          )}
        </dd>
        <dt>
          <Trans>For the team</Trans>
        </dt>
        <dd>{user.currentTeam.name}</dd>
        {item.kind === "offer" && item.pendingImport && <ImportFacts pending={item.pendingImport} />}
      </dl>
    </section>
  );
}

export default function CheckoutPage() {
  const { t } = useLingui();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const item = checkoutItem(params["*"] ?? "", new URLSearchParams(location.search));
  usePageTitle(t`Checkout`);
  if (!item) return <ErrorPage status={404} />;
  return (
    <div className="checkout-page">
      <h1>
        <Trans>Billing is not configured</Trans>
      </h1>
      <p className="checkout-notice" role="note">
        <Trans>
          No payment provider is connected to this Fairdraw server, so nothing can be bought online here.
          Nothing was charged.
        </Trans>
      </p>
      <Chosen item={item} />
      <p>
        <Trans>
          Write to us and we will set it up for your team: a Fairdraw administrator can change your team's
          plan.
        </Trans>
      </p>
      <div className="checkout-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => dialogs.open((close) => <ContactDialog onClose={close} forced />)}
        >
          <Trans>Contact us</Trans>
        </button>
        <button type="button" className="button" onClick={() => void navigate(-1)}>
          <Trans>Back</Trans>
        </button>
        <Link className="button" to="/team/subscription">
          <Trans>See the plans</Trans>
        </Link>
      </div>
    </div>
  );
}
