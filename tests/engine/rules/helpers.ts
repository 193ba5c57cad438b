/**
 * Runs one rule string the way the product does: a one-field BuilderConfig is compiled (parsing and binding the
 * rule string), then the validator checks that one field of a form (target `{ kind: "field", path }`). The
 * rule tests assert what comes out: valid, or the first message's key and values.
 */
import { compileConfig } from "../../../engine/config/compile";
import type { BuilderConfig, ScopeRules } from "../../../engine/config/types";
import { catalogChain } from "../../../engine/messages/catalogs";
import { formatMessage } from "../../../engine/messages/format";
import type { MessageValues } from "../../../engine/messages/types";
import { validate } from "../../../engine/validation/validate";

/** The server clock in every rule test. */
export const NOW = new Date("2026-03-02T10:00:00.000Z");
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const MB = 1024 * 1024;

/** An ISO date this long after NOW (or after another ISO date). */
export function plus(ms: number, from: string | Date = NOW): string {
  return new Date(new Date(from).getTime() + ms).toISOString();
}

/** The provider every source of a rule test belongs to. */
export const PROVIDER = "twitter";

export type FormParts = {
  base?: Record<string, unknown>;
  sources?: Record<string, unknown>[];
  summary?: Record<string, unknown>;
};

export type RuleCase = {
  /** The rule string under test, as a sidecar writes it. */
  rule: string;
  /** The value of the field under test (undefined: the field is missing). */
  value: unknown;
  /** Where the field sits: "base.x" unless given, e.g. "sources.1.publication.content" or "sources.0.reminders.list.2.date". */
  path?: string;
  /** The rest of the form; the field's own value is set on top of it. */
  form?: FormParts;
  teamFeatures?: readonly string[];
  quotas?: Readonly<Record<string, number>>;
  limits?: Readonly<Record<string, number>>;
  /** Rule name → message key, as a sidecar words a rule's failure its own way. */
  messages?: Readonly<Record<string, string>>;
};

/** What one field's validation gives: valid, or the first failing rule's message key and values. */
export const VALID = "valid";
export type Outcome = typeof VALID | { key: string; values?: MessageValues };

const EMPTY_SCOPE: ScopeRules = { fields: {} };

function setPath(root: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node: Record<string, unknown> = root;
  keys.slice(0, -1).forEach((key, i) => {
    const next = node[key];
    if (next === null || typeof next !== "object") {
      node[key] = /^\d+$/.test(keys[i + 1] ?? "") ? [] : {};
    }
    node = node[key] as Record<string, unknown>;
  });
  node[keys.at(-1) as string] = value;
}

function buildCase(c: RuleCase): { config: BuilderConfig; form: Record<string, unknown>; path: string } {
  const path = c.path ?? "base.x";
  const m = /^(?:(base|summary)|sources\.(\d+))\.(.+)$/.exec(path);
  if (!m) throw new Error(`helpers: "${path}" is not a base, summary or sources.<n> path`);
  const [, part, sourceIndex, relative = ""] = m;
  // A concrete path's list positions are the field pattern's *s: reminders.list.2.date → reminders.list.*.date.
  const pattern = relative
    .split(".")
    .map((s) => (/^\d+$/.test(s) ? "*" : s))
    .join(".");
  const scope: ScopeRules = {
    fields: { [pattern]: { rule: c.rule, ...(c.messages ? { messages: { ...c.messages } } : {}) } },
  };
  const config: BuilderConfig = {
    base: part === "base" ? scope : EMPTY_SCOPE,
    summary: part === "summary" ? scope : EMPTY_SCOPE,
    sources: { [PROVIDER]: part === undefined ? scope : EMPTY_SCOPE },
    providers: { [PROVIDER]: { maxSourcesLimitCB: 10 } },
    limits: { ...c.limits },
    files: { base: "base.rules.json", summary: "summary.rules.json" },
  };

  const form = structuredClone({ base: {}, summary: {}, ...c.form, sources: c.form?.sources ?? [] }) as {
    sources: Record<string, unknown>[];
  } & Record<string, unknown>;
  if (sourceIndex !== undefined) {
    for (let i = 0; i <= Number(sourceIndex); i++) form.sources[i] = { type: PROVIDER, ...form.sources[i] };
  }
  setPath(form, path, c.value);
  return { config, form, path };
}

/** Validates the one field of the case and returns its first message (or "valid"). */
export function outcome(c: RuleCase): Outcome {
  const { config, form, path } = buildCase(c);
  const errors = validate(
    form,
    compileConfig(config),
    { now: NOW, teamFeatures: new Set(c.teamFeatures ?? []), quotas: c.quotas ?? {} },
    { kind: "field", path },
  );
  const first = errors[path]?.[0];
  if (!first) return VALID;
  return first.values ? { key: first.key, values: first.values } : { key: first.key };
}

/** The first message in English, as the API's 422 body and the builder show it (null when valid). */
export function englishText(c: RuleCase): string | null {
  const result = outcome(c);
  return result === VALID ? null : formatMessage(catalogChain("en"), result.key, result.values);
}

/** A media file of the given type and size (bytes). */
export function file(mime: string, size = MB): { mime: string; size: number } {
  return { mime, size };
}

/** A media slot as the form holds it. */
export function media(...files: { mime: string; size: number }[]): {
  files: { mime: string; size: number }[];
  count: number;
} {
  return { files, count: files.length };
}

/**
 * Table rows titled by their `does` sentence, for `it.each(sentences([...]))("%s", (_, row) => ...)`: the whole
 * sentence names the test (vitest's `$does` would quote it and cut it at 40 characters).
 */
export function sentences<T extends { does: string }>(rows: readonly T[]): [string, T][] {
  return rows.map((row) => [row.does, row]);
}
