/**
 * The sources pane (contest-builder.md §2): each source with its network's name and icon, its main publication's
 * text (or a warning that it is empty) and its publishing account; Show opens its pane, Delete asks first.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { canAddAnySource, inPart } from "../../../../engine/builder/selectors";
import { ProviderMark } from "../../components/ProviderMark";
import { providerOf } from "../../providers";
import { sameJson, useBuilderEnv, useBuilderSelector } from "../context";
import { errorText } from "../messages";
import { PaneFrame } from "./PaneFrame";

type SourceSummary = { id: number; type: string; content: string; accountId: number | null };

function summaries(sources: readonly Record<string, unknown>[]): SourceSummary[] {
  return sources.map((s) => {
    const publication = (s.publication ?? {}) as Record<string, unknown>;
    return {
      id: s.id as number,
      type: s.type as string,
      content: typeof publication.content === "string" ? publication.content : "",
      accountId: typeof publication.account_id === "number" ? publication.account_id : null,
    };
  });
}

export function SourcesPane() {
  const { t } = useLingui();
  const { actor, served, locale } = useBuilderEnv();
  const sources = useBuilderSelector((s) => summaries(s.context.form.sources), sameJson);
  const canAdd = useBuilderSelector((s) => canAddAnySource(s.context));
  const listErrors = useBuilderSelector(
    (s) => Object.entries(s.context.errors).filter(([path]) => inPart(path, "sources")),
    sameJson,
  );
  return (
    <PaneFrame title={t`Sources`} part="sources">
      {listErrors.length > 0 && (
        <ul className="builder-pane-errors" role="alert">
          {listErrors.map(([path, list]) => (
            <li key={path} className="field-error">
              {list[0] ? errorText(locale, list[0]) : null}
            </li>
          ))}
        </ul>
      )}
      {sources.length === 0 ? (
        <p className="builder-empty">
          <Trans>No source yet: add the network where the contest takes place.</Trans>
        </p>
      ) : (
        <ul className="builder-sources">
          {sources.map((source) => {
            const name = providerOf(source.type)?.display_name ?? source.type;
            const account = served.team.accounts[source.type]?.find((a) => a.account_id === source.accountId);
            return (
              <li key={source.id} className="builder-source-card" data-source={source.id}>
                <div className="builder-source-head">
                  <ProviderMark provider={source.type} withName />
                </div>
                {source.content.trim() === "" ? (
                  <p className="builder-warning" role="note">
                    <Trans>The main publication is empty.</Trans>
                  </p>
                ) : (
                  <p className="builder-source-text">{source.content}</p>
                )}
                <p className="muted">
                  {account ? (
                    <Trans>
                      Published by {account.name} (@{account.screen_name})
                    </Trans>
                  ) : (
                    <Trans>No publishing account chosen</Trans>
                  )}
                </p>
                <div className="builder-source-actions">
                  <button
                    type="button"
                    className="button small"
                    aria-label={t`Show the ${name} source`}
                    onClick={() => actor.send({ type: "GO_TO_PANE", pane: source.id })}
                  >
                    <Trans>Show</Trans>
                  </button>
                  <button
                    type="button"
                    className="button small danger"
                    aria-label={t`Delete the ${name} source`}
                    onClick={() => actor.send({ type: "DELETE_SOURCE", id: source.id })}
                  >
                    <Trans>Delete</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {canAdd && (
        <button
          type="button"
          className="button"
          onClick={() => actor.send({ type: "OPEN", modal: "addSource" })}
        >
          <Trans>Add a source</Trans>
        </button>
      )}
    </PaneFrame>
  );
}
