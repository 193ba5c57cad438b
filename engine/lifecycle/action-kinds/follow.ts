import type { ProviderFacts } from "../../provider";
import { handleKey } from "../../text/handle";
import type { Entrant } from "../entrant";
import { defineAction } from "./define";
import { at, on, strings } from "./read";

export type FollowSettings = {
  enabled: boolean;
  /** The publishing account, by external id, when the entrant must follow it. */
  author: string | null;
  /** The other accounts to follow, as handle keys of `network`. */
  others: string[];
  /** The source's network, whose handle rule reads the accounts an entrant follows. */
  network: ProviderFacts | undefined;
};

/** Whether the entrant follows `key`: a handle key of `network` (an external id reads as itself). */
function follows(entrant: Entrant, key: string, network: ProviderFacts | undefined): boolean {
  return entrant.did.follows.some((f) => handleKey(network, f) === key);
}

/**
 * A follow: of the publishing account (the action's `post_author` flag, `tweet_author` in a schema that names it so) and of
 * the other accounts it lists.
 */
export const follow = defineAction<FollowSettings>({
  kind: "follow",
  failures: ["missing_follow"],
  off: { enabled: false, author: null, others: [], network: undefined },
  read: (action, { source, network }) => {
    const author = at(action, "post_author") === true || at(action, "tweet_author") === true;
    const accountId = at(source, "publication", "account_id");
    return {
      enabled: on(action),
      author:
        author && (typeof accountId === "number" || typeof accountId === "string") && String(accountId) !== ""
          ? String(accountId)
          : null,
      others: on(action, "other_accounts")
        ? strings(at(action, "other_accounts", "list")).map((h) => handleKey(network, h))
        : [],
      network,
    };
  },
  check: (entrant, s) => {
    if (!s.enabled) return [];
    const followsAuthor = s.author === null || follows(entrant, handleKey(undefined, s.author), undefined);
    return followsAuthor && s.others.every((key) => follows(entrant, key, s.network))
      ? []
      : ["missing_follow"];
  },
});
