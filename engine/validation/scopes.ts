import type { CompiledConfig, CompiledScope } from "../config/compile";
import { isPlainObject } from "../values";

/** One part of a form with its rules: base, summary, or the source at `sources.<index>`. */
export type ScopeInstance = {
  readonly kind: "base" | "summary" | "source" | "form";
  /** Absolute path of the part ("base", "summary", "sources.2"); "" for a standalone form. */
  readonly prefix: string;
  readonly value: unknown;
  readonly sourceIndex: number | undefined;
  readonly provider: string | undefined;
  readonly scope: CompiledScope;
};

export function formSources(form: unknown): unknown[] {
  const sources = isPlainObject(form) ? form.sources : undefined;
  return Array.isArray(sources) ? sources : [];
}

export function sourceType(source: unknown): string | undefined {
  return isPlainObject(source) && typeof source.type === "string" ? source.type : undefined;
}

/** Every part of the form that has rules, in form order; sources of an unknown provider are left out. */
export function scopeInstances(form: unknown, config: CompiledConfig): ScopeInstance[] {
  const root = isPlainObject(form) ? form : {};
  const out: ScopeInstance[] = [
    {
      kind: "base",
      prefix: "base",
      value: root.base,
      sourceIndex: undefined,
      provider: undefined,
      scope: config.base,
    },
  ];
  formSources(form).forEach((source, i) => {
    const provider = sourceType(source);
    const scope = provider === undefined ? undefined : config.sources.get(provider);
    if (scope)
      out.push({ kind: "source", prefix: `sources.${i}`, value: source, sourceIndex: i, provider, scope });
  });
  out.push({
    kind: "summary",
    prefix: "summary",
    value: root.summary,
    sourceIndex: undefined,
    provider: undefined,
    scope: config.summary,
  });
  return out;
}

/** The part an absolute path belongs to, and the path relative to it. */
export function locatePath(
  form: unknown,
  config: CompiledConfig,
  path: string,
): { instance: ScopeInstance; relative: string } | null {
  const m = /^(base|summary|sources\.(\d+))\.(.+)$/.exec(path);
  if (!m) return null;
  const [, head = "", index, relative = ""] = m;
  const instance = scopeInstances(form, config).find((s) =>
    index === undefined ? s.prefix === head : s.sourceIndex === Number(index),
  );
  return instance ? { instance, relative } : null;
}
