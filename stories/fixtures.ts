import type { ContestBase } from "../codegen/types";

/** A filled base group for stories and component tests. */
export const filledBase: ContestBase = {
  name: "Summer giveaway",
  type: "tunnel",
  start_date: "2026-07-01T10:00:00.000Z",
  original_start_date: "2026-07-01T10:00:00.000Z",
  close_date: "2026-07-08T10:00:00.000Z",
  nb_winners: 3,
  exclude_previous_winners: { enabled: true, nb_months: 6 },
  manual_check: { enabled: true, list: ["tooManyContests"] },
  autodraw: { enabled: false, date: null },
  exclude_accounts: { enabled: false, touched: false, list: [] },
  exclude_contains_badword: { enabled: true, touched: true, list: ["spam"] },
};

export const emptyBase: ContestBase = {
  name: "",
  type: "tunnel",
  start_date: null,
  close_date: null,
  nb_winners: 1,
  exclude_previous_winners: { enabled: false, nb_months: 3 },
  manual_check: { enabled: false, list: [] },
  autodraw: { enabled: false, date: null },
  exclude_accounts: { enabled: false, touched: false, list: [] },
  exclude_contains_badword: { enabled: false, touched: false, list: [] },
};
