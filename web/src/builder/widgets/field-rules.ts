/**
 * What a widget knows of its field from the builder config (docs/rules.md): the sidecar entry of a dotted form path
 * ("sources.0.reminders.list.2.content" → the twitter sidecar's "reminders.list.*.content") and the arguments of
 * one rule of its rule string. Widgets read their limits from here, so a limit changed in schemas/ changes the UI.
 */
import type { FieldRules } from "../../../../codegen/types";
import type { BuilderConfig } from "../../../../engine/config/types";
import { parseRuleString, type RawArg } from "../../../../engine/rulestring/tokenize";

/** The sidecar key of a path relative to its scope: list positions become `*`. */
export function sidecarKey(relative: string): string {
  return relative
    .split(".")
    .map((segment) => (/^\d+$/.test(segment) ? "*" : segment))
    .join(".");
}

/**
 * The rules of a field by its dotted form path. `provider` names the source's network for paths under
 * `sources.<i>`. Undefined when the path has no sidecar entry (e.g. an rjsf id outside the builder).
 */
export function fieldRulesOf(
  config: Pick<BuilderConfig, "base" | "summary" | "sources"> | undefined,
  provider: string | null | undefined,
  path: string,
): FieldRules | undefined {
  if (!config) return undefined;
  const source = /^sources\.\d+\.(.+)$/.exec(path);
  if (source?.[1]) return provider ? config.sources[provider]?.fields[sidecarKey(source[1])] : undefined;
  const scoped = /^(base|summary)\.(.+)$/.exec(path);
  if (!scoped?.[1] || !scoped[2]) return undefined;
  const scope = scoped[1] === "base" ? config.base : config.summary;
  return scope?.fields[sidecarKey(scoped[2])];
}

function argTexts(arg: RawArg): string[] {
  if (arg.type === "bare" || arg.type === "quoted") return [arg.value];
  if (arg.type === "list") return arg.items.flatMap(argTexts);
  return [];
}

const parsed = new Map<string, ReturnType<typeof parseRuleString> | null>();

function parseOnce(rule: string) {
  if (!parsed.has(rule)) {
    try {
      parsed.set(rule, parseRuleString(rule));
    } catch {
      // `npm run schemas:check` reports bad rule strings; a widget just finds no limit in one.
      parsed.set(rule, null);
    }
  }
  return parsed.get(rule) ?? null;
}

/**
 * The arguments (as written; lists spread) of the first rule called `name` in a rule string, or null when the
 * string has no such rule. `ruleArgs("required|between:4,50", "between")` → ["4", "50"].
 */
export function ruleArgs(rule: string | undefined, name: string): string[] | null {
  if (!rule) return null;
  const found = parseOnce(rule)?.find((r) => r.name === name);
  return found ? found.args.flatMap(argTexts) : null;
}

/** A numeric argument, or null when it is missing or not a plain number (e.g. `$quota.winners`). */
export function numberArg(args: readonly string[] | null, index: number): number | null {
  const text = args?.[index];
  if (text === undefined || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}
