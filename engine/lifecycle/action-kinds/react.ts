import { defineAction } from "./define";
import { at, on, strings } from "./read";

/** The reactions a network may offer; the schema's default accepts every one. */
export const REACTIONS = ["like", "love", "wow", "haha", "sad", "angry"] as const;

export type ReactSettings = { enabled: boolean; accept: string[] };

/** A reaction to the publication, one of those the source accepts. */
export const react = defineAction<ReactSettings>({
  kind: "react",
  failures: ["missing_reaction"],
  off: { enabled: false, accept: [...REACTIONS] },
  read: (action) => {
    const list = at(action, "accept", "list");
    // An absent list is the schema's default: every reaction.
    return { enabled: on(action), accept: Array.isArray(list) ? strings(list) : [...REACTIONS] };
  },
  check: (entrant, s) =>
    s.enabled && !entrant.did.reactions.some((r) => s.accept.includes(r)) ? ["missing_reaction"] : [],
});
