/**
 * An action kind (like, repost, comment, ...): what an entrant must have done for a provider's action of that kind,
 * read from the stored source and checked against the entrant. A provider's definition names each of its actions'
 * kind (schemas/providers/<name>.json `actions`), so the draw never asks which network it is reading. One kind a
 * file, made with defineAction the way rules are made with defineRule; the registry is ./index.ts.
 */
import type { ProviderFacts } from "../../provider";
import type { Entrant } from "../entrant";

/** What an entrant may lack, in the order every check reports it (the funnel lists the reasons in this order). */
export const ACTION_FAILURES = [
  "missing_comment",
  "missing_keywords",
  "not_enough_mentions",
  "missing_prediction",
  "missing_repost",
  "missing_quote",
  "missing_like",
  "missing_follow",
  "missing_reaction",
] as const;

export type ActionFailure = (typeof ACTION_FAILURES)[number];

/** What reading an action may look at besides the action's own settings. */
export type ActionReadContext = {
  /** The stored builder source the action belongs to (its publication names the publishing account). */
  readonly source: Readonly<Record<string, unknown>>;
  /** The source's provider definition: its handle rule reads accounts, its text rules read keywords. */
  readonly network: ProviderFacts | undefined;
};

export type ActionKindDefinition<S> = {
  /** The kind's name, as a provider definition writes it. */
  readonly kind: string;
  /** Every failure the check may report (schemas:check and the docs list them). */
  readonly failures: readonly ActionFailure[];
  /** What a source asks when its network has no action of this kind: nothing. */
  readonly off: S;
  /** The action's settings, from its object in the stored source (anything missing or malformed reads as off). */
  read(action: unknown, ctx: ActionReadContext): S;
  /** What the entrant lacks of it; empty when done or not asked. Never throws. */
  check(entrant: Entrant, settings: S): readonly ActionFailure[];
};

export function defineAction<S>(def: ActionKindDefinition<S>): ActionKindDefinition<S> {
  return def;
}
