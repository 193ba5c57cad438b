import { defineAction } from "./define";
import { on } from "./read";

export type CustomSettings = { enabled: boolean };

/** An action the team describes in words ("share it in a story"): nothing in the data shows it, so nothing is checked. */
export const custom = defineAction<CustomSettings>({
  kind: "custom",
  failures: [],
  off: { enabled: false },
  read: (action) => ({ enabled: on(action) }),
  check: () => [],
});
