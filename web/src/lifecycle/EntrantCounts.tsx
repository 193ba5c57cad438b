/**
 * An entrant's followers, following and posts as the network counted them at the load (issue 25 point 9): the figures a
 * reviewer weighs to tell a real person from a throwaway account. Compact in the person's locale (1.2K, 1,2 k, 1.2万).
 * Only the counts the network says (its definition's capabilities.profile_fields): Instagram says none, so its
 * entrants show no "Followers: 0".
 */

import { useLingui } from "@lingui/react/macro";
import { givesProfileField } from "../../../engine/provider";
import { providerOf } from "../providers";
import type { Entry } from "./api";

/** Whether the load stored counts for this account (older entries and networks that say nothing have none). */
export const hasCounts = (a: Entry["account"]) =>
  a.followers !== undefined || a.following !== undefined || a.posts !== undefined;

export function EntrantCounts({ account }: { account: Entry["account"] }) {
  const { t, i18n } = useLingui();
  if (!hasCounts(account)) return null;
  const provider = providerOf(account.provider);
  const says = (field: "followers" | "following" | "posts") => givesProfileField(provider, field);
  if (!says("followers") && !says("following") && !says("posts")) return null;
  const { followers = 0, following = 0, posts = 0 } = account;
  const compact = (n: number) => i18n.number(n, { notation: "compact", maximumFractionDigits: 1 });
  const followersText = compact(followers);
  const followingText = compact(following);
  const postsText = compact(posts);
  return (
    <span className="entrant-counts muted" data-counts={`${followers}/${following}/${posts}`}>
      {says("followers") && <span className="entrant-count">{t`Followers: ${followersText}`}</span>}
      {says("following") && <span className="entrant-count">{t`Following: ${followingText}`}</span>}
      {says("posts") && <span className="entrant-count">{t`Posts: ${postsText}`}</span>}
    </span>
  );
}
