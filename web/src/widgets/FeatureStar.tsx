/**
 * A missing plan feature shows a star linking to the subscription page (app-shell.md §6). Inside the open builder
 * the link asks to close the builder first (builder/navigate.tsx); elsewhere it is a plain link.
 */

import { useLingui } from "@lingui/react/macro";
import { Star } from "lucide-react";
import { BuilderLink } from "../builder/navigate";

export function FeatureStar() {
  const { t } = useLingui();
  return (
    <BuilderLink
      to="/team/subscription"
      className="feature-star"
      aria-label={t`Needs a higher plan: see the plans`}
    >
      <Star size={14} fill="currentColor" aria-hidden="true" />
    </BuilderLink>
  );
}
