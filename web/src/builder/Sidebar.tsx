/**
 * The sidebar (contest-builder.md §2): home, basic information, sources with one entry per source, summary, each
 * with its pane state (a red cross, a green check or an arrow); the add-source link only while a source may still be
 * added (engine/builder/selectors canAddAnySource: the per-network limit); tools: the shortlinks.
 */

import { Trans, useLingui } from "@lingui/react/macro";
import { House } from "lucide-react";
import { useEffect, useRef } from "react";
import { canAddAnySource, PANES, paneStates } from "../../../engine/builder/selectors";
import { ProviderMark } from "../components/ProviderMark";
import { providerOf } from "../providers";
import { sameJson, useBuilderEnv, useBuilderSelector } from "./context";
import { StateIcon } from "./StateIcon";

export function Sidebar() {
  const { t } = useLingui();
  const { actor } = useBuilderEnv();
  const current = useBuilderSelector((s) => s.context.pane);
  const entries = useBuilderSelector((s) => paneStates(s.context), sameJson);
  const canAdd = useBuilderSelector((s) => canAddAnySource(s.context));
  const editing = useBuilderSelector((s) => s.matches("editing"));
  const go = (pane: number) => actor.send({ type: "GO_TO_PANE", pane });
  // On a phone the sidebar is a bar that scrolls sideways: the current step stays in view.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    if (current === null) return;
    nav.current
      ?.querySelector('[aria-current="step"]')
      ?.scrollIntoView?.({ block: "nearest", inline: "center" });
  }, [current]);

  const label = (pane: number, provider?: string) => {
    if (pane === PANES.base) return t`Basic information`;
    if (pane === PANES.sources) return t`Sources`;
    if (pane === PANES.summary) return t`Summary`;
    return providerOf(provider ?? "")?.display_name ?? provider ?? t`Source`;
  };

  return (
    <nav ref={nav} className="builder-sidebar" aria-label={t`Builder steps`}>
      <ul>
        <li>
          <button
            type="button"
            className="builder-nav"
            aria-current={current === PANES.welcome ? "step" : undefined}
            onClick={() => go(PANES.welcome)}
            disabled={!editing}
          >
            <span className="state-icon" aria-hidden="true">
              <House size={14} />
            </span>
            <Trans>Home</Trans>
          </button>
        </li>
        {entries.map((entry) => [
          entry.pane === PANES.summary && canAdd && (
            <li key="add" className="builder-nav-source">
              <button
                type="button"
                className="builder-add-source link-button"
                onClick={() => actor.send({ type: "OPEN", modal: "addSource" })}
                disabled={!editing}
              >
                <Trans>+ Add a source</Trans>
              </button>
            </li>
          ),
          <li key={entry.pane} className={entry.provider ? "builder-nav-source" : undefined}>
            <button
              type="button"
              className="builder-nav"
              aria-current={current === entry.pane ? "step" : undefined}
              data-pane={entry.pane}
              data-state={entry.state}
              onClick={() => go(entry.pane)}
              disabled={!editing}
            >
              <StateIcon state={entry.state} />
              {entry.provider && <ProviderMark provider={entry.provider} />}
              <span>{label(entry.pane, entry.provider)}</span>
            </button>
          </li>,
        ])}
      </ul>
      <h3 className="builder-sidebar-tools">
        <Trans>Tools</Trans>
      </h3>
      <ul>
        <li>
          <button
            type="button"
            className="builder-nav"
            onClick={() => actor.send({ type: "OPEN", modal: "manageShortlinks" })}
            disabled={!editing}
          >
            <Trans>Shortlinks</Trans>
          </button>
        </li>
      </ul>
    </nav>
  );
}
