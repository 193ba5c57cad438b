/**
 * A contest's sources in short (app-shell.md §2 contest preview): per source its network, the publishing account,
 * a link to the post when it is known, the entries loaded and the actions asked of participants. A draft or a
 * template has no stored sources yet: its networks are listed instead.
 */

import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import { postUrlOf as providerPostUrl } from "../../../engine/provider";
import { ProviderMark } from "../components/ProviderMark";
import { actionLabel } from "../labels";
import { providerOf } from "../providers";
import type { ContestData } from "./types";

/** The network's own colour (ui.color) on its card's edge: a source is recognised before its name is read. */
function networkColour(provider: string): CSSProperties {
  return { "--network": providerOf(provider)?.ui.color ?? "var(--border)" } as CSSProperties;
}

type StoredSource = ContestData["sources"][number];

/** The post's address from the network's post_url template, when the source knows enough to fill it. */
export function postUrlOf(
  source: Pick<StoredSource, "provider" | "post_id" | "shortcode" | "account">,
): string | null {
  return providerPostUrl(providerOf(source.provider), {
    post_id: source.post_id,
    shortcode: source.shortcode,
    screen_name: source.account.screen_name,
  });
}

export function SourcesSummary({ contest }: { contest: Pick<ContestData, "sources" | "providers"> }) {
  const { t, i18n } = useLingui();
  if (contest.sources.length === 0) {
    if (contest.providers.length === 0) {
      return (
        <p className="muted">
          <Trans>No source yet.</Trans>
        </p>
      );
    }
    return (
      <ul className="sources-summary" aria-label={t`Networks`}>
        {contest.providers.map((p) => (
          <li key={p} className="source-card" style={networkColour(p)}>
            <ProviderMark provider={p} withName />
          </li>
        ))}
      </ul>
    );
  }
  const list = new Intl.ListFormat(i18n.locale, { type: "conjunction" });
  return (
    <ul className="sources-summary" aria-label={t`Sources`}>
      {contest.sources.map((source) => {
        const url = postUrlOf(source);
        const actions = Object.entries(source.actions)
          .filter(([, a]) => a.enabled)
          .map(([name]) => actionLabel(i18n, source.provider, name));
        const handle = source.account.screen_name;
        return (
          <li key={source._id} className="source-card" style={networkColour(source.provider)}>
            <ProviderMark provider={source.provider} withName />
            {handle && <span className="source-account">@{handle.replace(/^@/, "")}</span>}
            {url && (
              <a href={url} target="_blank" rel="noopener noreferrer" className="source-post">
                <Trans>See the post</Trans>
              </a>
            )}
            <span className="source-entries">
              <Plural value={source.entries_count} one="# entry" other="# entries" />
            </span>
            {actions.length > 0 && (
              <span className="source-actions muted">
                <Trans>Actions: {list.format(actions)}</Trans>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
