import { defineAction } from "./define";
import { at, on } from "./read";

export type RepostSettings = { enabled: boolean; acceptQuotes: boolean };

/** A repost (a retweet, a boost): the entrant shared the publication as it is, or quoted it when quotes count. */
export const repost = defineAction<RepostSettings>({
  kind: "repost",
  failures: ["missing_repost"],
  off: { enabled: false, acceptQuotes: false },
  read: (action) => ({ enabled: on(action), acceptQuotes: at(action, "accept_quotes") === true }),
  check: (entrant, s) =>
    s.enabled && !(entrant.did.repost || (s.acceptQuotes && entrant.did.quote)) ? ["missing_repost"] : [],
});
