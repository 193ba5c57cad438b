import { describe, expect, it } from "vitest";
import { compileConfig } from "../../../engine/config/compile";
import { compileRuleString, type ResolveEnv, RuleLoadError } from "../../../engine/rulestring/compile";

const WHERE = { file: "schemas/contest/base.rules.json", field: "close_date" };
const NOW = new Date("2026-03-02T10:00:00.000Z");

function env(overrides: Partial<ResolveEnv> = {}): ResolveEnv {
  return {
    now: NOW,
    quotas: {},
    limits: {},
    get: () => undefined,
    sourceIndex: undefined,
    index: undefined,
    ...overrides,
  };
}

/** Compiles a rule string and resolves the arguments of its rules. */
function argsOf(rule: string, where: Partial<ResolveEnv> = {}): unknown[][] {
  return compileRuleString(rule, WHERE).map((r) => r.resolveArgs(env(where)));
}

function loadError(rule: string): RuleLoadError {
  try {
    compileRuleString(rule, WHERE);
  } catch (err) {
    if (err instanceof RuleLoadError) return err;
    throw err;
  }
  throw new Error(`"${rule}" loaded without an error`);
}

describe("compileRuleString", () => {
  describe("load-time errors name the file and the field", () => {
    it.each(
      [
        // unknown rule name
        { rule: "required|requierd", detail: 'unknown rule "requierd"' },
        { rule: "regexp:/^a$/", detail: 'unknown rule "regexp"' },
        // syntax, reported with its position
        { rule: 'in:"a', detail: 'Unterminated string at character 4 of "in:"a"' },
        { rule: "required|", detail: 'Expected a rule name at character 10 of "required|"' },
        // too few arguments
        { rule: "between:4", detail: 'rule "between": takes 2 argument(s), got 1' },
        {
          rule: "range_duration_after:now,5m",
          detail: 'rule "range_duration_after": takes 3 argument(s), got 2',
        },
        { rule: "in", detail: 'rule "in": takes at least 1 argument(s), got 0' },
        { rule: "in:[]", detail: 'rule "in": takes at least 1 argument(s), got 0' },
        {
          rule: "required_when_in:base.x",
          detail: 'rule "required_when_in": takes at least 2 argument(s), got 1',
        },
        // too many arguments
        { rule: "between:1,2,3", detail: 'rule "between": takes at most 2 argument(s), got 3' },
        { rule: "required:yes", detail: 'rule "required": takes at most 0 argument(s), got 1' },
        { rule: "pub_media:1,1,1,1", detail: 'rule "pub_media": takes at most 3 argument(s), got 4' },
        // unknown comparator
        {
          rule: "incompatible_with_field_value:base.x,>=,5",
          detail: 'rule "incompatible_with_field_value": unknown comparator ">=" (expected one of < > ==)',
        },
        {
          rule: "incompatible_with_field_value:base.x,=,5",
          detail: 'rule "incompatible_with_field_value": unknown comparator "="',
        },
        // a non-number where a number goes
        { rule: "between:four,50", detail: 'rule "between": min must be a number (got "four")' },
        { rule: 'between:4,""', detail: 'rule "between": max must be a number (got "")' },
        { rule: "range:1,Infinity", detail: 'rule "range": max must be a number (got "Infinity")' },
        { rule: "range:1,$quota", detail: 'rule "range": max must be a number (got "$quota")' },
        { rule: "range:1,$team.winners", detail: 'rule "range": max must be a number (got "$team.winners")' },
        { rule: "between:[4],50", detail: 'rule "between": min must be a number' },
        { rule: "array_min:1.5", detail: 'rule "array_min": min must be a whole number' },
        // a bad duration
        {
          rule: "range_duration_after:now,5,60d",
          detail: 'rule "range_duration_after": min must be a duration',
        },
        { rule: "range_duration_after:now,5m,60 days", detail: '(got "60 days")' },
        { rule: "max_contest_duration:1w", detail: 'rule "max_contest_duration": max must be a duration' },
        { rule: "before_field:base.close_date,m", detail: 'rule "before_field": margin must be a duration' },
        // a bad field path
        { rule: "before_field:base..close_date", detail: 'rule "before_field": field must be a field path' },
        { rule: "before_field:base.close date", detail: '(got "base.close date")' },
        { rule: "before_field:base.$FOO", detail: '(got "base.$FOO")' },
        { rule: "before_field:close_date", detail: '(got "close_date")' },
        { rule: "before_field:now", detail: '(got "now")' },
        { rule: "needs_any:base.a,[base.b,c]", detail: 'rule "needs_any": fields must be a field path' },
        // a bad regex
        { rule: "regex:/a(/", detail: 'rule "regex": pattern is not a valid regex' },
        { rule: "regex:/a/gg", detail: 'rule "regex": pattern is not a valid regex' },
        { rule: 'regex:"["', detail: 'rule "regex": pattern is not a valid regex' },
        { rule: "regex:[a]", detail: 'rule "regex": pattern must be a /regex/' },
      ].map((row) => [row.rule, row.detail] as const),
    )("refuses %s: %s", (rule, detail) => {
      const error = loadError(rule);
      expect(error).toMatchObject({ file: WHERE.file, field: WHERE.field });
      expect(error.message.startsWith(`${WHERE.file}: field "${WHERE.field}": `)).toBe(true);
      expect(error.detail).toContain(detail);
    });

    it("names the sidecar file and the field key when a whole config is compiled", () => {
      expect(() =>
        compileConfig({
          base: {
            fields: { name: { rule: "required" }, "reminders.list.*.date": { rule: "before_field:x" } },
          },
          summary: { fields: {} },
          sources: {},
          providers: {},
          limits: {},
          files: { base: "schemas/contest/base.rules.json" },
        }),
      ).toThrow(
        expect.objectContaining({
          file: "schemas/contest/base.rules.json",
          field: "reminders.list.*.date",
        }),
      );
    });
  });

  it("binds each rule to its registry definition and default message, in order", () => {
    const compiled = compileRuleString("required|between:4,50", WHERE);
    expect(compiled.map((r) => [r.name, r.message])).toEqual([
      ["required", "validation.required"],
      ["between", "validation.between"],
    ]);
  });

  it("converts numbers, including decimals, exponents and negatives", () => {
    expect(argsOf("between: 4 , 50|range:-1.5,1e3|above:0")).toEqual([[4, 50], [-1.5, 1000], [0]]);
  });

  it("reads $quota.winners and $limit.mediaMaxSize from the context each time the rule is checked", () => {
    const [between] = compileRuleString("between:$quota.winners,$limit.mediaMaxSize", WHERE);
    expect(between?.resolveArgs(env({ quotas: { winners: 20 }, limits: { mediaMaxSize: 200 } }))).toEqual([
      20, 200,
    ]);
    expect(between?.resolveArgs(env({ quotas: { winners: 500 }, limits: { mediaMaxSize: 50 } }))).toEqual([
      500, 50,
    ]);
  });

  it("reads a quota or limit the context lacks as NaN, which no range accepts", () => {
    expect(argsOf("range:1,$quota.winners")).toEqual([[1, Number.NaN]]);
  });

  it.each([
    ["90s", 90_000],
    ["5m", 300_000],
    ["0m", 0],
    ["60d", 60 * 86_400_000],
    ["6d23h", 6 * 86_400_000 + 23 * 3_600_000],
    ["1d2h3m4s", 86_400_000 + 2 * 3_600_000 + 3 * 60_000 + 4000],
  ])("converts the duration %s to %d milliseconds", (duration, ms) => {
    expect(argsOf(`max_contest_duration:${duration}`)).toEqual([[ms, undefined, undefined]]);
  });

  it("fills $SOURCE and $INDEX with the field's source index and list position", () => {
    const form: Record<string, unknown> = { "sources.2.reminders.list.3.type": "retweet" };
    const [rule] = compileRuleString(
      "required_when_in:sources.$SOURCE.reminders.list.$INDEX.type,retweet",
      WHERE,
    );
    expect(rule?.fieldRefs).toEqual(["sources.$SOURCE.reminders.list.$INDEX.type"]);
    expect(rule?.resolveArgs(env({ sourceIndex: 2, index: 3, get: (p) => form[p] }))).toEqual([
      { path: "sources.2.reminders.list.3.type", value: "retweet" },
      ["retweet"],
    ]);
  });

  it("reads no value for a path whose $SOURCE or $INDEX has nothing to stand for", () => {
    const get = () => "read";
    expect(argsOf("before_field:sources.$SOURCE.close_date", { get, index: 0 })).toEqual([
      [{ path: "sources.$SOURCE.close_date", value: undefined }, undefined],
    ]);
    expect(argsOf("before_field:sources.$SOURCE.list.$INDEX", { get, sourceIndex: 0 })).toEqual([
      [{ path: "sources.$SOURCE.list.$INDEX", value: undefined }, undefined],
    ]);
  });

  it("reads now as the server clock where a rule takes a field or now", () => {
    expect(argsOf("range_duration_after:now,5m,60d")).toEqual([
      [{ path: "now", value: NOW.toISOString() }, 300_000, 60 * 86_400_000],
    ]);
  });

  it("spreads a [list] into a rest parameter, the same as the items written one by one", () => {
    expect(argsOf("in:[a,b]")).toEqual([[["a", "b"]]]);
    expect(argsOf("in:[a,b]")).toEqual(argsOf("in:a,b"));
    expect(argsOf("required_when_in:base.x,[1,true]", { get: () => true })).toEqual([
      [{ path: "base.x", value: true }, ["1", "true"]],
    ]);
  });

  it("records every field a rest parameter names", () => {
    const [rule] = compileRuleString("incompatible_with:[base.a.enabled,base.b.enabled]", WHERE);
    expect(rule?.fieldRefs).toEqual(["base.a.enabled", "base.b.enabled"]);
  });

  it("takes quoted arguments as texts, with their | and ,", () => {
    expect(argsOf('in:"a,b","c|d",e')).toEqual([[["a,b", "c|d", "e"]]]);
  });

  it.each(["<", ">", "=="])("accepts the comparator %s", (comparator) => {
    expect(argsOf(`incompatible_with_field_value:base.x,${comparator},50`)).toEqual([
      [{ path: "base.x", value: undefined }, comparator, 50],
    ]);
  });

  it("leaves optional parameters that are not written undefined", () => {
    expect(argsOf("pub_media|pub_media:1|before_field:base.close_date")).toEqual([
      [undefined, undefined, undefined],
      [1, undefined, undefined],
      [{ path: "base.close_date", value: undefined }, undefined],
    ]);
  });

  it("loads a regex argument once, with its flags", () => {
    const [[pattern]] = argsOf(String.raw`regex:/^@\w{1,15}$/i`) as [[RegExp]];
    expect(pattern).toEqual(/^@\w{1,15}$/i);
    expect(pattern.test("@Brand")).toBe(true);
    expect(argsOf('regex:"^a|b$"')).toEqual([[/^a|b$/]]);
  });
});
