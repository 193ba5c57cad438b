/**
 * The welcome pane (contest-builder.md §2): drafts to resume, templates to import, a 4-step start guide, the
 * feature list, and an upgrade notice when the plan lacks the contestBuilder feature.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { PANES } from "../../../../engine/builder/selectors";
import { Illustration } from "../../components/Illustration";
import { ProviderMarks } from "../../components/ProviderMark";
import { useSession } from "../../session/session";
import { listDrafts, listTemplates, type SavedItem } from "../api";
import { useBuilderEnv } from "../context";
import { BuilderLink } from "../navigate";
import { PaneFrame } from "./PaneFrame";

type Listing = { status: "loading" } | { status: "failed" } | { status: "ready"; items: SavedItem[] };

function useListing(load: () => Promise<SavedItem[]>, allowed: boolean): Listing {
  const [state, setState] = useState<Listing>({ status: "loading" });
  useEffect(() => {
    if (!allowed) {
      setState({ status: "ready", items: [] });
      return;
    }
    let live = true;
    load().then(
      (items) => live && setState({ status: "ready", items }),
      () => live && setState({ status: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [load, allowed]);
  return state;
}

function SavedList({
  listing,
  empty,
  action,
  onPick,
}: {
  listing: Listing;
  empty: string;
  action: (name: string) => string;
  onPick(item: SavedItem): void;
}) {
  const { t } = useLingui();
  if (listing.status === "loading") return <p role="status">{t`Loading…`}</p>;
  if (listing.status === "failed") return <p role="alert">{t`This list could not be loaded.`}</p>;
  if (listing.items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="builder-saved">
      {listing.items.map((item) => (
        <li key={item._id}>
          <span className="builder-saved-name">{item.name || t`Untitled`}</span>
          <ProviderMarks providers={item.providers} />
          <button
            type="button"
            className="button small"
            data-id={item._id}
            aria-label={action(item.name)}
            onClick={() => onPick(item)}
          >
            {action("")}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function WelcomePane({ canCreate }: { canCreate: boolean }) {
  const { t } = useLingui();
  const { actor, features } = useBuilderEnv();
  const session = useSession();
  const drafts = useListing(listDrafts, session.can("team.contests.view_contests"));
  const templates = useListing(listTemplates, session.can("team.templates.view_templates"));
  const hasBuilder = features.has("contestBuilder");
  const featureList = [
    t`Scheduled publications`,
    t`Advanced actions`,
    t`Contest-hunter filter`,
    t`Reminders`,
    t`Manual check`,
    t`Automatic draw`,
    t`Drafts and templates`,
  ];
  return (
    <PaneFrame
      title={t`Welcome to the contest builder`}
      part={null}
      showPrevious={false}
      nextLabel={<Trans>Get started</Trans>}
      onNext={() => actor.send({ type: "GO_TO_PANE", pane: PANES.base })}
    >
      <Illustration name="welcome" size={160} />
      {!hasBuilder && (
        <div className="builder-upgrade" role="note">
          <p>
            <Trans>
              Your plan does not include the contest builder. You can still prepare a contest and pay for it
              once, or upgrade your plan.
            </Trans>
          </p>
          <p>
            <BuilderLink to="/team/subscription" className="button primary">
              <Trans>See the plans</Trans>
            </BuilderLink>{" "}
            <BuilderLink to="/team/one-shot" className="button">
              <Trans>Buy one contest</Trans>
            </BuilderLink>
          </p>
        </div>
      )}
      {!canCreate && (
        <p className="builder-warning" role="note">
          <Trans>You don't have the permission to create contests: you can save drafts and templates.</Trans>
        </p>
      )}
      <div className="builder-welcome-grid">
        <section aria-labelledby="builder-drafts">
          <h4 id="builder-drafts">
            <Trans>Resume a draft</Trans>
          </h4>
          <SavedList
            listing={drafts}
            empty={t`No draft yet.`}
            action={(name) => (name ? t`Resume ${name}` : t`Resume`)}
            onPick={(item) => actor.send({ type: "IMPORT", origin: { kind: "draft", id: item._id } })}
          />
        </section>
        <section aria-labelledby="builder-templates">
          <h4 id="builder-templates">
            <Trans>Start from a template</Trans>
          </h4>
          <SavedList
            listing={templates}
            empty={t`No template yet.`}
            action={(name) => (name ? t`Import ${name}` : t`Import`)}
            onPick={(item) => actor.send({ type: "IMPORT", origin: { kind: "template", id: item._id } })}
          />
        </section>
      </div>
      <section aria-labelledby="builder-guide">
        <h4 id="builder-guide">
          <Trans>Four steps to a contest</Trans>
        </h4>
        <ol className="builder-guide">
          <li>
            <Trans>Name it and choose its dates and number of winners.</Trans>
          </li>
          <li>
            <Trans>Add a source on each network where people take part.</Trans>
          </li>
          <li>
            <Trans>Write the publications and choose the participation actions.</Trans>
          </li>
          <li>
            <Trans>Check the summary and create the contest.</Trans>
          </li>
        </ol>
      </section>
      <section aria-labelledby="builder-features">
        <h4 id="builder-features">
          <Trans>What the builder does</Trans>
        </h4>
        <ul className="builder-features">
          {featureList.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </section>
    </PaneFrame>
  );
}
