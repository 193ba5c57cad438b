/**
 * Compiles a BuilderConfig once: every rule string parsed and bound, every field pattern split, every `when`
 * condition parsed. Load errors name the file and the field.
 */
import type { ContestBase, ContestSummary, FieldRules, StepConfig } from "../../codegen/types";
import { type CompiledRule, compileRuleString, RuleLoadError } from "../rulestring/compile";
import type { BuilderConfig, ScopeRules } from "./types";

export type Condition = {
  /** As written: relative to the scope, or absolute when it starts with base., summary. or sources. */
  path: string;
  op: "truthy" | "falsy" | "==" | "!=";
  value?: string;
  /** Read from the form's root (absolute) or from the scope's object (relative). */
  absolute: boolean;
  segments: readonly string[];
  /** Positions of * (filled with the field's indexes, in order) and of $SOURCE. */
  stars: readonly number[];
  sources: readonly number[];
};

export type CompiledField = {
  /** Pattern relative to the scope, e.g. "reminders.list.*.date". */
  readonly pattern: string;
  readonly segments: readonly string[];
  readonly rules: readonly CompiledRule[];
  readonly when: readonly Condition[];
  readonly feature: string | undefined;
  /** The field's own rule reports the plan gate, so it is validated even when the team lacks the feature. */
  readonly reportsGate: boolean;
  readonly canEdit: boolean;
  readonly messages: Readonly<Record<string, string>>;
  readonly config: FieldRules;
};

export type CompiledScope = {
  readonly file: string;
  readonly fields: readonly CompiledField[];
  readonly steps: readonly StepConfig[];
};

export type CompiledConfig = {
  readonly base: CompiledScope;
  readonly summary: CompiledScope;
  readonly sources: ReadonlyMap<string, CompiledScope>;
  readonly providers: BuilderConfig["providers"];
  readonly limits: BuilderConfig["limits"];
  readonly defaults: NonNullable<BuilderConfig["defaults"]>;
  readonly source: BuilderConfig;
};

const CONDITION = /^(!)?([^!=]+?)(?:(==|!=)(.*))?$/;

function parseCondition(text: string, file: string, field: string): Condition {
  const m = CONDITION.exec(text.trim());
  if (!m) throw new RuleLoadError(file, field, `invalid "when" condition "${text}"`);
  const [, not, path = "", op, value] = m;
  const segments = path.split(".");
  const positions = (token: string) => segments.flatMap((s, i) => (s === token ? [i] : []));
  const shape = {
    path,
    absolute: /^(base|summary|sources)\./.test(path),
    segments,
    stars: positions("*"),
    sources: positions("$SOURCE"),
  };
  if (op) return { ...shape, op: op as "==" | "!=", value: value ?? "" };
  return { ...shape, op: not ? "falsy" : "truthy" };
}

/** Compiles one sidecar's rules (a part of the contest form, or a standalone form of the app). */
export function compileScope(rules: ScopeRules, file: string): CompiledScope {
  const fields = Object.entries(rules.fields).map(([pattern, config]): CompiledField => {
    const compiled = compileRuleString(config.rule, { file, field: pattern });
    return {
      pattern,
      segments: pattern.split("."),
      rules: compiled,
      when: (config.when ?? []).map((w) => parseCondition(w, file, pattern)),
      feature: config.feature,
      reportsGate: compiled.some((r) => r.name === "team_feature"),
      canEdit: config.can_edit ?? true,
      messages: config.messages ?? {},
      config,
    };
  });
  return { file, fields, steps: rules.steps ?? [] };
}

export function compileConfig(config: BuilderConfig): CompiledConfig {
  const files = config.files ?? {};
  return {
    base: compileScope(config.base, files.base ?? "base"),
    summary: compileScope(config.summary, files.summary ?? "summary"),
    sources: new Map(
      Object.entries(config.sources).map(([provider, rules]) => [
        provider,
        compileScope(rules, files.sources?.[provider] ?? `sources.${provider}`),
      ]),
    ),
    providers: config.providers,
    limits: config.limits,
    defaults: config.defaults ?? { base: {} as ContestBase, summary: {} as ContestSummary, sources: {} },
    source: config,
  };
}
