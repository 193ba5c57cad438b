/**
 * The rule-string tokenizer and parser (grammar in docs/rules.md). A real tokenizer, not a split: a `|` or `,`
 * inside a quoted string, a /regex/ or a [list] belongs to that argument.
 *
 *   rules  := rule ( "|" rule )*
 *   rule   := name ( ":" arg ( "," arg )* )?
 *   arg    := quoted | regex | list | bare
 *   quoted := '"' ( "\" any | not '"' )* '"'
 *   regex  := "/" ( "\" any | not "/" )* "/" flags
 *   list   := "[" ( arg ( "," arg )* )? "]"
 *   bare   := one or more characters other than | , [ ] " (surrounding spaces trimmed)
 */

export type RawArg =
  | { type: "bare"; value: string }
  | { type: "quoted"; value: string }
  | { type: "regex"; source: string; flags: string }
  | { type: "list"; items: RawArg[] };

export type ParsedRule = { name: string; args: RawArg[] };

export class RuleSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const NAME = /^[a-z_][a-z0-9_]*$/;

export function parseRuleString(input: string): ParsedRule[] {
  let pos = 0;
  const peek = () => input[pos];
  const fail = (message: string): never => {
    throw new RuleSyntaxError(`${message} at character ${pos + 1} of "${input}"`, pos);
  };
  const skipSpaces = () => {
    while (peek() === " ") pos++;
  };

  function readName(): string {
    skipSpaces();
    const start = pos;
    while (pos < input.length && /[a-z0-9_]/i.test(input[pos] ?? "")) pos++;
    const name = input.slice(start, pos);
    if (!NAME.test(name)) {
      // Point at the start of the bad name, not past it (for "1abc" that was character 5 of 4).
      pos = start;
      fail(name === "" ? "Expected a rule name" : `Invalid rule name "${name}"`);
    }
    skipSpaces();
    return name;
  }

  function readDelimited(close: string): string {
    const opening = pos;
    pos++; // opening delimiter
    let out = "";
    while (pos < input.length && peek() !== close) {
      if (peek() === "\\" && pos + 1 < input.length) {
        const next = input[pos + 1] as string;
        // Inside a regex the escape is part of the pattern, except for an escaped delimiter.
        out += close === "/" && next !== "/" ? `\\${next}` : next;
        pos += 2;
      } else {
        out += input[pos];
        pos++;
      }
    }
    if (peek() !== close) {
      // Point at the opening delimiter: the end of the input says nothing about which string is open.
      pos = opening;
      fail(`Unterminated ${close === '"' ? "string" : "regex"}`);
    }
    pos++; // closing delimiter
    return out;
  }

  function readArg(): RawArg {
    skipSpaces();
    const c = peek();
    let arg: RawArg;
    if (c === '"') {
      arg = { type: "quoted", value: readDelimited('"') };
    } else if (c === "/") {
      const source = readDelimited("/");
      const start = pos;
      while (pos < input.length && /[dgimsuvy]/.test(input[pos] ?? "")) pos++;
      arg = { type: "regex", source, flags: input.slice(start, pos) };
    } else if (c === "[") {
      pos++;
      const items: RawArg[] = [];
      skipSpaces();
      if (peek() === "]") pos++;
      else {
        for (;;) {
          items.push(readArg());
          if (peek() === ",") pos++;
          else if (peek() === "]") {
            pos++;
            break;
          } else fail("Expected , or ] in a list");
        }
      }
      arg = { type: "list", items };
    } else {
      const start = pos;
      while (pos < input.length && !'|,[]"'.includes(input[pos] as string)) pos++;
      const value = input.slice(start, pos).trim();
      if (value === "") fail("Expected an argument");
      arg = { type: "bare", value };
    }
    skipSpaces();
    return arg;
  }

  const rules: ParsedRule[] = [];
  if (input.trim() === "") return rules;
  for (;;) {
    const name = readName();
    const args: RawArg[] = [];
    if (peek() === ":") {
      pos++;
      for (;;) {
        args.push(readArg());
        if (peek() === ",") pos++;
        else break;
      }
    }
    rules.push({ name, args });
    if (pos >= input.length) break;
    if (peek() === "|") pos++;
    else fail(`Unexpected "${peek()}"`);
  }
  return rules;
}
