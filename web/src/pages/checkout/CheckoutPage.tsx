/**
 * /checkout-session/... (app-shell.md §2; decisions.md "Payments"): the full-page way to buy.
 * - With Stripe configured on the server, the page names what is being bought and sends the person on to
 *   Stripe's Checkout (api/routes/billing.ts makes the session); a refusal (a currency not sold, a quick import
 *   whose link does not read, Stripe not answering) stays on the page with the server's words.
 * - Without it, the page says so plainly: it names what would have been bought (the plan and period, or the
 *   one-shot offer and the quick import waiting for it) with its price in the person's currency, says nothing
 *   was charged, and offers to contact us (an administrator sets a team's plan) or to go back.
 * An address that names nothing on sale is the 404 page.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type { OneShotOffer } from "../../../../codegen/types";
import { errorMessage } from "../../api/error-messages";
import { asApiError } from "../../api/errors";
import { ContactDialog } from "../../dialogs/ContactDialog";
import { useDialogs } from "../../dialogs/DialogHost";
import { providerOf } from "../../providers";
import { useUser } from "../../session/session";
import { checkoutSessionUrl, fetchBilling, leaveFor } from "../../team/billing";
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

type Stage =
  | { kind: "loading" }
  | { kind: "not_configured" }
  | { kind: "leaving" }
  | { kind: "refused"; text: string };

export default function CheckoutPage() {
  const { t, i18n } = useLingui();
  const params = useParams();
  const location = useLocation();
  const rest = params["*"] ?? "";
  const item = checkoutItem(rest, new URLSearchParams(location.search));
  const [stage, setStage] = useState<Stage>({ kind: "loading" });
  usePageTitle(t`Checkout`);
  const known = item !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one purchase per address; i18n only words a refusal
  useEffect(() => {
    if (!known) return;
    let current = true;
    (async () => {
      const billing = await fetchBilling();
      if (!current) return;
      if (!billing.configured) return setStage({ kind: "not_configured" });
      const query = new URLSearchParams(location.search);
      const body: Record<string, string> = { currency: checkoutCurrency(location.search, i18n.locale) };
      for (const key of ["name", "provider", "matched", "contest_id"]) {
        const value = query.get(key);
        if (value !== null) body[key] = value;
      }
      const url = await checkoutSessionUrl(rest, body);
      if (!current) return;
      setStage({ kind: "leaving" });
      leaveFor(url);
    })().catch((e: unknown) => {
      if (current) setStage({ kind: "refused", text: errorMessage(i18n, asApiError(e)) });
    });
    return () => {
      current = false;
    };
  }, [known, rest, location.search]);

  if (!item) return <ErrorPage status={404} />;
  if (stage.kind === "not_configured") return <NotConfigured item={item} />;
  return (
    <div className="checkout-page">
      <h1>
        <Trans>Checkout</Trans>
      </h1>
      {stage.kind === "refused" ? (
        <p className="checkout-notice" role="alert">
          {stage.text} <Trans>Nothing was charged.</Trans>
        </p>
      ) : (
        <p role="status" aria-live="polite">
          <Trans>Taking you to the secure payment page…</Trans>
        </p>
      )}
      <Chosen item={item} />
      {stage.kind === "refused" && <BackActions />}
    </div>
  );
}

function BackActions() {
  const navigate = useNavigate();
  return (
    <div className="checkout-actions">
      <button type="button" className="button" onClick={() => void navigate(-1)}>
        <Trans>Back</Trans>
      </button>
      <Link className="button" to="/team/subscription">
        <Trans>See the plans</Trans>
      </Link>
    </div>
  );
}

function NotConfigured({ item }: { item: CheckoutItem }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
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
