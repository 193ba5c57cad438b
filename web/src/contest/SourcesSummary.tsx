/**
 * A contest's sources in short (app-shell.md §2 contest preview): per source its network, the publishing account,
 * a link to the post when it is known, the entries loaded and the actions asked of participants. A draft or a
 * template has no stored sources yet: its networks are listed instead.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ProviderMark } from "../components/ProviderMark";
import { providerOf } from "../providers";
import type { ContestData } from "./types";

type StoredSource = ContestData["sources"][number];

const ACTION_LABELS: Record<string, MessageDescriptor> = {
  comment: msg`Comment`,
  like: msg`Like`,
  retweet: msg`Repost`,
  repost: msg`Repost`,
  follow: msg`Follow`,
  react: msg`React`,
  custom: msg`Custom action`,
};

/** The post's address from the network's post_url template, when the source knows enough to fill it. */
export function postUrlOf(
  source: Pick<StoredSource, "provider" | "post_id" | "shortcode" | "account">,
): string | null {
  const template = providerOf(source.provider)?.post_url;
  if (!template) return null;
  const values: Record<string, string | null> = {
    post_id: source.post_id,
    shortcode: source.shortcode,
    screen_name: source.account.screen_name || null,
  };
  let missing = false;
  const url = template.replace(/\{(\w+)\}/g, (_whole, key: string) => {
    const value = values[key];
    if (!value) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? null : url;
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
          <li key={p} className="source-card">
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
          .map(([name]) => (ACTION_LABELS[name] ? i18n._(ACTION_LABELS[name]) : name));
        const handle = source.account.screen_name;
        return (
          <li key={source._id} className="source-card">
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
