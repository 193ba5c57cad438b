/**
 * /custom/{brand} (app-shell.md §2 "Promo"): the twelve promotion pages, one data-driven template over
 * schemas/promo-pages.json — the brand, its headline and text, its colour, and the plan it offers with its price
 * in the person's currency. Public (no sign-in); an unknown brand is the 404 page. The call to action goes to the
 * plan's checkout, through registration (or sign-in) for someone not signed in yet.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { CSSProperties, ReactNode } from "react";
import { Link, useParams } from "react-router";
import { LanguageSelect } from "../../components/LanguageSelect";
import { useSession } from "../../session/session";
import { QUOTA_LABELS, type QuotaName } from "../../team/labels";
import { checkoutPath, defaultCurrency, planById, planCost } from "../../team/plans";
import { usePageTitle } from "../../usePageTitle";
import { Price } from "../../widgets/Price";
import { ErrorPage } from "../ErrorPage";
import { type PromoPage, promoBySlug } from "./promo";
import { PROMO_TEXTS } from "./promo-texts";
import "./custom.css";
import { Logo } from "../../components/Logo";

function Frame({ children, accent }: { children: ReactNode; accent?: string }) {
  return (
    <div className="promo-page" style={accent ? ({ "--promo-accent": accent } as CSSProperties) : undefined}>
      <header className="promo-header">
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" className="promo-main">
        {children}
      </main>
    </div>
  );
}

/** What the offer card lists of the plan's quotas. */
const PROMO_QUOTAS: readonly QuotaName[] = ["winners", "contests", "imports", "members", "accounts"];

function PlanOffer({ page }: { page: PromoPage }) {
  const { i18n } = useLingui();
  const plan = planById(page.plan);
  if (!plan) return null;
  const currency = defaultCurrency(i18n.locale);
  const cost = planCost(plan, currency, "monthly");
  return (
    <section className="promo-offer" aria-labelledby="promo-offer-title">
      <h2 id="promo-offer-title">
        <Trans>The {plan.name} plan</Trans>
      </h2>
      <p className="promo-price">
        {cost.kind === "price" && (
          <Trans>
            <Price amount={cost.amount} currency={currency} /> a month
          </Trans>
        )}
        {cost.kind === "free" && <Trans>Free</Trans>}
        {cost.kind === "on_request" && <Trans>Price on request</Trans>}
      </p>
      <dl className="promo-quotas">
        {PROMO_QUOTAS.map((name) => (
          <div key={name}>
            <dt>{i18n._(QUOTA_LABELS[name])}</dt>
            <dd>{i18n.number(plan.quotas[name])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Actions({ page }: { page: PromoPage }) {
  const session = useSession();
  const checkout = checkoutPath(page.plan, "monthly");
  const next = encodeURIComponent(checkout);
  if (session.status === "ready") {
    return (
      <div className="promo-actions">
        <Link className="button primary promo-cta" to={checkout}>
          <Trans>Get this plan</Trans>
        </Link>
        <Link className="button" to="/">
          <Trans>Go to my dashboard</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div className="promo-actions">
      <Link className="button primary promo-cta" to={`/registration?next=${next}`}>
        <Trans>Create my account</Trans>
      </Link>
      <Link className="button" to={`/login?next=${next}`}>
        <Trans>I already have an account</Trans>
      </Link>
    </div>
  );
}

function Promo({ page }: { page: PromoPage }) {
  const { i18n } = useLingui();
  const texts = PROMO_TEXTS[page.slug];
  const headline = texts ? i18n._(texts.headline) : page.headline;
  const text = texts ? i18n._(texts.text) : page.text;
  usePageTitle(headline);
  return (
    <Frame accent={page.accent}>
      <section className="promo-hero" aria-labelledby="promo-title">
        <p className="promo-brand">
          <Trans>Fairdraw × {page.brand}</Trans>
        </p>
        <h1 id="promo-title">{headline}</h1>
        <p className="promo-text">{text}</p>
        <Actions page={page} />
      </section>
      <PlanOffer page={page} />
    </Frame>
  );
}

export default function CustomPage() {
  const { brand } = useParams();
  const page = promoBySlug(brand);
  if (!page) {
    return (
      <Frame>
        <ErrorPage status={404} />
      </Frame>
    );
  }
  return <Promo page={page} />;
}
