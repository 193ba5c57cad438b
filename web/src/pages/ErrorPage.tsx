/**
 * The error pages (app-shell.md §2 "Error pages"): 400, 401, 402, 403, 404, 405 and 500, each with its picture and
 * title, Back and Reload. Details only outside production. 402 (frozen team) says payment must be regularised,
 * shows the time left until the freeze limit date, a button to the billing portal and a contact-us link.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Illustration, type IllustrationName } from "../components/Illustration";
import { usePageTitle } from "../usePageTitle";
import { Countdown } from "../widgets/Countdown";

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 500;

/** Each status's illustration (one style with the empty states and the welcome screens). */
const PICTURES: Record<ErrorStatus, IllustrationName> = {
  400: "lost",
  401: "locked",
  402: "card",
  403: "locked",
  404: "lost",
  405: "locked",
  500: "broken",
};

export function isErrorStatus(n: number): n is ErrorStatus {
  return n in PICTURES;
}

export function ErrorPage({
  status,
  details,
  frozenUntil,
}: {
  status: number;
  details?: string;
  /** 402: the freeze limit date. */
  frozenUntil?: string | null;
}) {
  const { t } = useLingui();
  const code: ErrorStatus = isErrorStatus(status) ? status : 500;
  const titles: Record<ErrorStatus, string> = {
    400: t`Bad request`,
    401: t`You are not signed in`,
    402: t`Payment required`,
    403: t`You don't have access to this page`,
    404: t`This page could not be found`,
    405: t`This action is not allowed`,
    500: t`Something went wrong`,
  };
  const texts: Record<ErrorStatus, ReactNode> = {
    400: <Trans>The request could not be understood.</Trans>,
    401: <Trans>Sign in to see this page.</Trans>,
    402: <Trans>Your team's payment must be regularised to use its contests and settings again.</Trans>,
    403: <Trans>Ask an owner of the team for the permission you need.</Trans>,
    404: <Trans>The page you are looking for does not exist or has moved.</Trans>,
    405: <Trans>This action cannot be done here.</Trans>,
    500: <Trans>An unexpected error happened. Reload the page or try again later.</Trans>,
  };
  usePageTitle(titles[code]);
  return (
    <section className="error-page" data-status={code} aria-labelledby="error-title">
      <Illustration name={PICTURES[code]} size={200} />
      <p className="error-code">{code}</p>
      <h1 id="error-title">{titles[code]}</h1>
      <p>{texts[code]}</p>
      {code === 402 && frozenUntil && (
        <div className="frozen-until">
          <p>
            <Trans>Time left to regularise the payment:</Trans>
          </p>
          <Countdown to={frozenUntil} />
        </div>
      )}
      {!import.meta.env.PROD && details && <pre className="error-details">{details}</pre>}
      <div className="error-actions">
        {code === 402 && (
          <>
            <Link className="button primary" to="/team/billing">
              <Trans>Open the billing portal</Trans>
            </Link>
            <Link className="button" to="/me/settings?contact=1">
              <Trans>Contact us</Trans>
            </Link>
          </>
        )}
        <button type="button" className="button" onClick={() => window.history.back()}>
          <Trans>Back</Trans>
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </button>
      </div>
    </section>
  );
}
