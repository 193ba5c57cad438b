import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRuleString, RuleSyntaxError } from "../../../engine/rulestring/tokenize";

const bare = (value: string) => ({ type: "bare", value });
const quoted = (value: string) => ({ type: "quoted", value });

describe("parseRuleString", () => {
  it("reads rules separated by | with their arguments separated by ,", () => {
    expect(parseRuleString("required|string|between:4,50")).toEqual([
      { name: "required", args: [] },
      { name: "string", args: [] },
      { name: "between", args: [bare("4"), bare("50")] },
    ]);
  });

  it.each(["", "   "])("reads the rule string %j as no rules", (input) => {
    expect(parseRuleString(input)).toEqual([]);
  });

  it("reads rule names made of lowercase letters, digits and underscores", () => {
    expect(parseRuleString("array_min:1|range2:0,9")).toEqual([
      { name: "array_min", args: [bare("1")] },
      { name: "range2", args: [bare("0"), bare("9")] },
    ]);
  });

  it("ignores spaces around names, separators and arguments", () => {
    expect(parseRuleString("  required  |  between : 4 ,  50  ")).toEqual([
      { name: "required", args: [] },
      { name: "between", args: [bare("4"), bare("50")] },
    ]);
  });

  it("keeps the spaces inside a bare argument", () => {
    expect(parseRuleString("in:a b , c")).toEqual([{ name: "in", args: [bare("a b"), bare("c")] }]);
  });

  it("keeps a | and a , inside a quoted string in that one argument", () => {
    expect(parseRuleString('in:"a|b","c,d" , " e "|required')).toEqual([
      { name: "in", args: [quoted("a|b"), quoted("c,d"), quoted(" e ")] },
      { name: "required", args: [] },
    ]);
  });

  it("reads an escaped quote and an escaped backslash inside a quoted string", () => {
    expect(parseRuleString(String.raw`in:"say \"hi\"","a\\b"`)).toEqual([
      { name: "in", args: [quoted('say "hi"'), quoted("a\\b")] },
    ]);
  });

  it("reads an empty quoted string as an empty argument", () => {
    expect(parseRuleString('equals:""')).toEqual([{ name: "equals", args: [quoted("")] }]);
  });

  it("keeps a | and a , inside a regex, reads \\/ as a slash and reads the flags", () => {
    expect(parseRuleString(String.raw`matches:/^(a|b),c\/d$/gi|required`)).toEqual([
      { name: "matches", args: [{ type: "regex", source: "^(a|b),c/d$", flags: "gi" }] },
      { name: "required", args: [] },
    ]);
  });

  it("keeps a regex's other escapes for the pattern to read", () => {
    expect(parseRuleString(String.raw`matches:/^@\w{1,15}\.\\$/`)).toEqual([
      { name: "matches", args: [{ type: "regex", source: String.raw`^@\w{1,15}\.\\$`, flags: "" }] },
    ]);
  });

  it("reads a list as one argument, its commas separating its items", () => {
    expect(parseRuleString("in:[comment,repost],x")).toEqual([
      { name: "in", args: [{ type: "list", items: [bare("comment"), bare("repost")] }, bare("x")] },
    ]);
  });

  it.each(["in:[]", "in:[ ]"])("reads %j as an empty list", (input) => {
    expect(parseRuleString(input)).toEqual([{ name: "in", args: [{ type: "list", items: [] }] }]);
  });

  it("reads nested lists and lists holding quoted strings and regexes", () => {
    expect(parseRuleString('in:[ a , [b,[c]] , "d|e,f" , /x|y,z/i ]|required')).toEqual([
      {
        name: "in",
        args: [
          {
            type: "list",
            items: [
              bare("a"),
              { type: "list", items: [bare("b"), { type: "list", items: [bare("c")] }] },
              quoted("d|e,f"),
              { type: "regex", source: "x|y,z", flags: "i" },
            ],
          },
        ],
      },
      { name: "required", args: [] },
    ]);
  });

  it('gives back any quoted text, whatever | , [ ] " \\ / or : it holds', () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", "|", ",", "[", "]", '"', "\\", "/", ":") });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (values) => {
        const written = values.map((v) => `"${v.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`);
        expect(parseRuleString(`in:${written.join(",")}|required`)).toEqual([
          { name: "in", args: values.map(quoted) },
          { name: "required", args: [] },
        ]);
      }),
    );
  });

  it('gives back any regex source, whatever | , [ ] " / or : it holds', () => {
    const source = fc.string({ unit: fc.constantFrom("a", " ", "|", ",", "[", "]", '"', "/", ":") });
    fc.assert(
      fc.property(source, (pattern) => {
        expect(parseRuleString(`matches:/${pattern.replaceAll("/", "\\/")}/u|required`)).toEqual([
          { name: "matches", args: [{ type: "regex", source: pattern, flags: "u" }] },
          { name: "required", args: [] },
        ]);
      }),
    );
  });

  describe("syntax errors", () => {
    it.each(
      [
        { input: 'in:"abc', error: "Unterminated string", position: 3 },
        { input: 'in:a,"b|required', error: "Unterminated string", position: 5 },
        { input: "matches:/abc", error: "Unterminated regex", position: 8 },
        { input: "matches:/a\\/", error: "Unterminated regex", position: 8 },
        { input: ":a", error: "Expected a rule name", position: 0 },
        { input: "|required", error: "Expected a rule name", position: 0 },
        { input: "required|", error: "Expected a rule name", position: 9 },
        { input: "required | ", error: "Expected a rule name", position: 11 },
        { input: "required||string", error: "Expected a rule name", position: 9 },
        { input: "Required", error: 'Invalid rule name "Required"', position: 0 },
        { input: "required|1abc", error: 'Invalid rule name "1abc"', position: 9 },
        { input: "between:", error: "Expected an argument", position: 8 },
        { input: "between:4,", error: "Expected an argument", position: 10 },
        { input: "between:4,,5", error: "Expected an argument", position: 10 },
        { input: "in:[a,b", error: "Expected , or ] in a list", position: 7 },
        { input: "in:[a|b]", error: "Expected , or ] in a list", position: 5 },
        { input: "req uired", error: 'Unexpected "u"', position: 4 },
        { input: "required!", error: 'Unexpected "!"', position: 8 },
        { input: "required:a]", error: 'Unexpected "]"', position: 10 },
        { input: 'required:"a"b', error: 'Unexpected "b"', position: 12 },
        { input: 'in:a"b"', error: 'Unexpected """', position: 4 },
        { input: "in:[a,b]c", error: 'Unexpected "c"', position: 8 },
        { input: "matches:/x/z", error: 'Unexpected "z"', position: 11 },
      ].map((row) => [row.input, row.error, row.position, row] as const),
    )("refuses %s: %s at position %d", (_input, _error, _position, { input, error, position }) => {
      let thrown: unknown;
      try {
        parseRuleString(input);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(RuleSyntaxError);
      expect(thrown).toMatchObject({
        position,
        message: `${error} at character ${position + 1} of "${input}"`,
      });
    });
  });
});
