/** A missing plan feature shows a star linking to the subscription page (app-shell.md §6). */
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";

export function FeatureStar() {
  const { t } = useLingui();
  return (
    <Link to="/team/subscription" className="feature-star" aria-label={t`Needs a higher plan: see the plans`}>
      ★
    </Link>
  );
}
