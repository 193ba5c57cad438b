import type { BuilderConfig } from "../config/types";
import type { MessageKey, MessageValues } from "../messages/types";
import type { ArgsOf, ParamSpec } from "./params";

/** What a rule's check can see besides the value and its arguments. */
export type RuleContext = {
  /** The whole form: { base, sources, summary }. */
  readonly form: unknown;
  /** Absolute dotted path of the field being checked. */
  readonly path: string;
  /** Index of the source the field belongs to ($SOURCE), if any. */
  readonly sourceIndex: number | undefined;
  /** Position in the innermost list ($INDEX), if any. */
  readonly index: number | undefined;
  /** The server clock's "now". */
  readonly now: Date;
  readonly teamFeatures: ReadonlySet<string>;
  /** Team quotas (winners, drafts, ...), already the maximum of plan, custom and paid offers. */
  readonly quotas: Readonly<Record<string, number>>;
  /** Limits from the builder config (mediaMaxSize, ...). */
  readonly limits: Readonly<Record<string, number>>;
  /** The builder config's providers (name → source limit and handle rule); empty for a standalone form. */
  readonly providers: Readonly<BuilderConfig["providers"]>;
  /** Reads any field of the form by absolute path. */
  get(path: string): unknown;
};

/** true: valid. false: invalid with the rule's message. An object: invalid with this message and values. */
export type RuleOutcome = boolean | { key: MessageKey; values?: MessageValues };

export type RuleDefinition<P extends readonly ParamSpec[] = readonly ParamSpec[]> = {
  readonly name: string;
  readonly params: P;
  /** The default message key (validation.<name>). */
  readonly message: MessageKey;
  /** Every other key the check may answer with (so the schema linter can check the catalogs hold them). */
  readonly otherMessages?: readonly MessageKey[];
  /** Runs on empty values too. Only `required`-like rules are implicit; every other rule passes an empty value. */
  readonly implicit?: boolean;
  /** Never fails: the rule only records something for other readers (needed_by, for the ties); the chain skips it. */
  readonly inert?: boolean;
  /**
   * Never throws: a value of the wrong shape is simply invalid (or passes, where the rule says so). `args` (and a
   * field argument in it) are the rule's for this check only: the validator refills them for the next one.
   */
  check(value: unknown, args: ArgsOf<P>, ctx: RuleContext): RuleOutcome;
};

/** Defines one named rule; `const P` keeps the parameter list literal so the check's arguments are typed. */
export function defineRule<const P extends readonly ParamSpec[]>(def: RuleDefinition<P>): RuleDefinition<P> {
  return def;
}
