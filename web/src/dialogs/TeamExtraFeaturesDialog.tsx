/**
 * The team's features (app-shell.md §2 "view team extra features", §6): every plan feature of
 * schemas/features.json by group, those the team's plan holds ticked, the others with the star that leads to
 * the subscription page.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { featureGroupLabel, featureLabel, featuresByGroup } from "../team/labels";
import { planById } from "../team/plans";
import "../team/team.css";
import { FeatureStar } from "../widgets/FeatureStar";
import { Modal } from "./Modal";

export function TeamExtraFeaturesDialog({
  features,
  plan,
  onClose,
}: {
  /** The team's features (currentTeam.features). */
  features: readonly string[];
  /** The team's plan id. */
  plan: string;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const held = new Set(features);
  const planName = planById(plan)?.name ?? plan;
  const count = features.length;
  return (
    <Modal
      title={t`Your team's features`}
      onClose={onClose}
      size="large"
      footer={
        <>
          <Link to="/team/subscription" className="button" onClick={onClose}>
            <Trans>Compare the plans</Trans>
          </Link>
          <button type="button" className="button primary" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>
          The {planName} plan unlocks {count} features. Those marked with a star come with a higher plan.
        </Trans>
      </p>
      <div className="team-feature-groups">
        {featuresByGroup().map(({ group, features: names }) => (
          <section key={group} aria-label={featureGroupLabel(i18n, group)}>
            <h3>{featureGroupLabel(i18n, group)}</h3>
            <ul className="team-feature-list">
              {names.map((name) => (
                <li key={name} data-held={held.has(name)}>
                  {held.has(name) ? (
                    <span className="team-feature-yes" role="img" aria-label={t`Included`}>
                      <Check size={16} aria-hidden="true" />
                    </span>
                  ) : (
                    <FeatureStar />
                  )}{" "}
                  {featureLabel(i18n, name)}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
