/**
 * Rule parameters: what each kind of argument looks like in a rule string and what the rule's check receives.
 * Arguments are converted once, when the rule string is loaded; a wrong one is a load-time error.
 */

export type Comparator = "<" | ">" | "==";
export const COMPARATORS: readonly Comparator[] = ["<", ">", "=="];

/** A reference to another field: its resolved absolute path and its current value. */
export type FieldArg = { path: string; value: unknown };

export type ParamKind =
  | "number" // 12, 0.5, or $quota.<name> / $limit.<name> read from the validation context
  | "integer" // like number, whole
  | "duration" // 5m, 60d, 6d23h, 90s → milliseconds
  | "string" // bare or "quoted"
  | "regex" // /pattern/flags or "quoted pattern"
  | "comparator" // < > ==
  | "field" // absolute dotted path, may hold $SOURCE, $INDEX
  | "field_or_now" // a field, or the word now (the server clock)
  | "feature"; // a plan feature name (team_features.{name})

export type ParamSpec = {
  readonly name: string;
  readonly kind: ParamKind;
  /** May be left out (only trailing parameters). */
  readonly optional?: boolean;
  /** Takes every remaining argument (and the items of a [list]); the last parameter only. */
  readonly rest?: boolean;
};

type ValueOf<K extends ParamKind> = K extends "number" | "integer" | "duration"
  ? number
  : K extends "string" | "feature"
    ? string
    : K extends "regex"
      ? RegExp
      : K extends "comparator"
        ? Comparator
        : FieldArg;

type ArgOf<P extends ParamSpec> = P["rest"] extends true
  ? ValueOf<P["kind"]>[]
  : P["optional"] extends true
    ? ValueOf<P["kind"]> | undefined
    : ValueOf<P["kind"]>;

/** The check's argument tuple, typed from the rule's parameter list. */
export type ArgsOf<P extends readonly ParamSpec[]> = { -readonly [I in keyof P]: ArgOf<P[I]> };

const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** "6d23h" → milliseconds; null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const m = DURATION.exec(text);
  if (!m || text === "") return null;
  const [, d = "0", h = "0", min = "0", s = "0"] = m;
  return ((Number(d) * 24 + Number(h)) * 60 + Number(min)) * 60_000 + Number(s) * 1000;
}

/**
 * An absolute field path: it starts at a part of the form (base, summary, sources). A path written relative to
 * the scope ("close_date" for "base.close_date") would read nothing and make its rule pass or fail silently, so
 * it is refused at load like any other bad path.
 */
export const FIELD_PATH = /^(?:base|summary|sources)(?:\.(?:[A-Za-z0-9_]+|\$SOURCE|\$INDEX))+$/;
export const CONTEXT_NUMBER = /^\$(quota|limit)\.([a-zA-Z0-9_]+)$/;
