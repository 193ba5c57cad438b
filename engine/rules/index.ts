/**
 * The named-rule registry: every rule a rule string may use (contest-builder.md §5, app-shell.md §5).
 * Built as one literal object, checked with `satisfies`; nothing registers itself on import.
 */
import { above } from "./above";
import { accountHandle } from "./account-handle";
import { accountsMentionedIn } from "./accounts-mentioned-in";
import { array } from "./array";
import { arrayLengthEqualsField } from "./array-length-equals-field";
import { arrayMin } from "./array-min";
import { beforeField } from "./before-field";
import { between } from "./between";
import { boolean } from "./boolean";
import { date } from "./date";
import type { RuleDefinition } from "./define";
import { email } from "./email";
import { equals } from "./equals";
import { hasFeature } from "./has-feature";
import { imageTypes } from "./image-types";
import { inList } from "./in";
import { incompatibleWith } from "./incompatible-with";
import { incompatibleWithFieldValue } from "./incompatible-with-field-value";
import { integer } from "./integer";
import { maxContestDuration } from "./max-contest-duration";
import { neededBy } from "./needed-by";
import { needsAny } from "./needs-any";
import { number } from "./number";
import { oneNetworkUnless } from "./one-network-unless";
import type { ParamSpec } from "./params";
import { personalised } from "./personalised";
import { pubMedia } from "./pub-media";
import { range } from "./range";
import { rangeDurationAfter } from "./range-duration-after";
import { regex } from "./regex";
import { required } from "./required";
import { requiredWhenIn } from "./required-when-in";
import { string } from "./string";
import { teamFeature } from "./team-feature";
import { url } from "./url";
import { weightedLength } from "./weighted-length";

export const rules = {
  required,
  string,
  between,
  number,
  integer,
  in: inList,
  array,
  array_min: arrayMin,
  boolean,
  date,
  equals,
  above,
  range,
  pub_media: pubMedia,
  image_types: imageTypes,
  incompatible_with: incompatibleWith,
  incompatible_with_field_value: incompatibleWithFieldValue,
  needs_any: needsAny,
  needed_by: neededBy,
  team_feature: teamFeature,
  range_duration_after: rangeDurationAfter,
  max_contest_duration: maxContestDuration,
  before_field: beforeField,
  array_length_equals_field: arrayLengthEqualsField,
  accounts_mentioned_in: accountsMentionedIn,
  account_handle: accountHandle,
  required_when_in: requiredWhenIn,
  weighted_length: weightedLength,
  regex,
  email,
  url,
  has_feature: hasFeature,
  one_network_unless: oneNetworkUnless,
  personalised,
} satisfies Record<string, RuleDefinition<readonly ParamSpec[]>>;

export type RuleName = keyof typeof rules;

export function isRuleName(name: string): name is RuleName {
  return Object.hasOwn(rules, name);
}
