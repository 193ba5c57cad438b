import { defineAction } from "./define";
import { on } from "./read";

export type LikeSettings = { enabled: boolean };

/** A like (a favourite, a heart): the entrant liked the publication. */
export const like = defineAction<LikeSettings>({
  kind: "like",
  failures: ["missing_like"],
  off: { enabled: false },
  read: (action) => ({ enabled: on(action) }),
  check: (entrant, s) => (s.enabled && !entrant.did.like ? ["missing_like"] : []),
});
