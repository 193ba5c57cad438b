import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RuleName, rules } from "../../../engine/rules/index";
import { DAY, file, outcome, plus, VALID } from "./helpers";

/** One rule string for each rule of the registry (a new rule must add its own). */
const SAMPLES = {
  required: "required",
  string: "string",
  between: "between:4,50",
  number: "number",
  integer: "integer",
  in: "in:comment,repost",
  array: "array",
  array_min: "array_min:1",
  boolean: "boolean",
  date: "date",
  equals: "equals:true",
  above: "above:0",
  range: "range:1,$quota.winners",
  pub_media: "pub_media:1",
  incompatible_with: "incompatible_with:base.other",
  incompatible_with_field_value: "incompatible_with_field_value:base.other,>,50",
  needs_any: "needs_any:base.other,sources.$SOURCE.other",
  needed_by: "needed_by:base.other",
  team_feature: "team_feature:draw.automatic",
  range_duration_after: "range_duration_after:base.start_date,5m,60d",
  max_contest_duration: "max_contest_duration:6d23h",
  before_field: "before_field:base.close_date,1m",
  array_length_equals_field: "array_length_equals_field:base.other",
  accounts_mentioned_in: "accounts_mentioned_in:base.other",
  account_handle: "account_handle",
  required_when_in: "required_when_in:base.other,1",
  weighted_length: "weighted_length",
  regex: "regex:/^[a-z]+$/",
  email: "email",
  url: "url:http,https",
  has_feature: "has_feature:shortlinksCustomKey",
  one_network_unless: "one_network_unless:multiplatform",
  image_types: "image_types:jpeg",
  personalised: "personalised:NAME",
} satisfies Record<RuleName, string>;

const IMPLICIT: RuleName[] = [
  "required",
  "required_when_in",
  "array_min",
  "array_length_equals_field",
  "team_feature",
];
const names = Object.keys(rules) as RuleName[];
const nonImplicit = names.filter((name) => !IMPLICIT.includes(name));

const EMPTY_VALUES: unknown[] = [undefined, null, "", "   ", []];

/** What the fields a rule reads may hold: anything JSON, plus the shapes the rules look for. */
const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    true,
    false,
    0,
    1,
    "1",
    51,
    "@brand",
    plus(DAY),
    plus(90 * DAY),
    { files: [file("video/mp4")] },
    // A request body may hold an object whose keys shadow Object.prototype.
    JSON.parse('{"toString":1,"valueOf":1}'),
  ),
);
const anyForm = fc.record({
  other: anyValue,
  start_date: anyValue,
  close_date: anyValue,
  nb_winners: anyValue,
  sourceOther: anyValue,
  features: fc.subarray(["contestBuilder", "draw.automatic"]),
});

/** The form, features and quotas around the field under test (a source field, so $SOURCE has a value). */
function around(f: typeof anyForm extends fc.Arbitrary<infer T> ? T : never) {
  return {
    form: {
      base: { other: f.other, start_date: f.start_date, close_date: f.close_date, nb_winners: f.nb_winners },
      sources: [{ type: "twitter", other: f.sourceOther }],
    },
    teamFeatures: f.features,
    quotas: { winners: 10 },
  };
}

describe("the rule registry", () => {
  it("marks exactly required, required_when_in, array_min, array_length_equals_field and team_feature as implicit", () => {
    expect(names.filter((name) => rules[name].implicit === true).sort()).toEqual([...IMPLICIT].sort());
  });

  it("names every rule the way rule strings write it", () => {
    for (const name of names) expect(rules[name].name).toBe(name);
  });

  it.each(nonImplicit)("lets %s pass an empty value, whatever the rest of the form holds", (name) => {
    fc.assert(
      fc.property(fc.constantFrom(...EMPTY_VALUES), anyForm, (value, f) => {
        expect(outcome({ rule: SAMPLES[name], path: "sources.0.x", value, ...around(f) })).toBe(VALID);
      }),
      { numRuns: 50 },
    );
  });

  it.each(names)("never lets %s throw, whatever JSON its field and the fields it reads hold", (name) => {
    fc.assert(
      fc.property(anyValue, anyForm, (value, f) => {
        const run = () => outcome({ rule: SAMPLES[name], path: "sources.0.x", value, ...around(f) });
        expect(run).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });
});
