import { defineAction } from "./define";
import { on } from "./read";

export type QuoteSettings = { enabled: boolean };

/** A quote: the entrant shared the publication with words of their own. */
export const quote = defineAction<QuoteSettings>({
  kind: "quote",
  failures: ["missing_quote"],
  off: { enabled: false },
  read: (action) => ({ enabled: on(action) }),
  check: (entrant, s) => (s.enabled && !entrant.did.quote ? ["missing_quote"] : []),
});
