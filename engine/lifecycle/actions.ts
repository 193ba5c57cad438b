/**
 * Does an entrant satisfy the actions its source requires (contest-builder.md §3 "Actions")? The answer is the
 * list of what is missing, in ACTION_FAILURES order; empty means every required action is done. Each action is
 * checked by its kind (./action-kinds), named by the source's provider definition; a source with
 * validate_actions off asks for nothing.
 */

import type { ProviderFacts } from "../provider";
import {
  ACTION_FAILURES,
  ACTION_KIND_NAMES,
  type ActionFailure,
  type ActionKindName,
  type ActionSettings,
  actionKinds,
  type KindSettings,
} from "./action-kinds";
import type { Entrant } from "./entrant";
import { actionSettings } from "./settings";

export { ACTION_FAILURES, type ActionFailure };

/**
 * What `entrant` has not done of the actions `source` (the stored builder source) requires, in ACTION_FAILURES
 * order. `network` is the source's provider definition: its actions' kinds, its handle rule.
 */
export function checkActions(
  entrant: Entrant,
  source: Record<string, unknown>,
  network: ProviderFacts | undefined,
): ActionFailure[] {
  return checkActionSettings(entrant, actionSettings(source, network));
}

function checkKind<K extends ActionKindName>(kind: K, entrant: Entrant, settings: KindSettings[K]) {
  return actionKinds[kind].check(entrant, settings);
}

/** checkActions with the source already read (the filters read each source once for all its entrants). */
export function checkActionSettings(entrant: Entrant, rules: ActionSettings): ActionFailure[] {
  if (!rules.validate) return [];
  const failures = new Set<ActionFailure>();
  for (const kind of ACTION_KIND_NAMES) {
    for (const f of checkKind(kind, entrant, rules[kind])) failures.add(f);
  }
  return ACTION_FAILURES.filter((f) => failures.has(f));
}
