/**
 * The contest form as the builder holds it (contest-builder.md §3): `{ base, sources, summary }`. The builder
 * treats a source as `{ id, type, ... }` only; its other fields belong to the provider's schema and rules.
 */
import { produce } from "immer";
import { setPathIn, toTime } from "../values";

/** One source: `id` is its pane number (100 or more), `type` the provider name. */
export type BuilderSource = { id: number; type: string; [field: string]: unknown };

export type BuilderForm = {
  base: Record<string, unknown>;
  sources: BuilderSource[];
  summary: Record<string, unknown>;
};

/** Source ids start at 100: below that the numbers are the fixed panes (§2). */
export const FIRST_SOURCE_ID = 100;

export function emptyForm(): BuilderForm {
  return { base: { type: "tunnel" }, sources: [], summary: {} };
}

/** The next free source id: one more than the largest, starting at 100. */
export function nextSourceId(sources: readonly BuilderSource[]): number {
  return sources.reduce((max, s) => Math.max(max, s.id + 1), FIRST_SOURCE_ID);
}

export function sourceIndexOf(form: BuilderForm, id: number): number {
  return form.sources.findIndex((s) => s.id === id);
}

export function countSources(form: BuilderForm, provider: string): number {
  return form.sources.filter((s) => s.type === provider).length;
}

/**
 * Sets a dotted path ("sources.0.publication.content"), creating the objects and lists on the way: a numeric
 * segment under a missing node creates a list. The form is never mutated; a new one is returned.
 */
export function setIn(form: BuilderForm, path: string, value: unknown): BuilderForm {
  return produce(form, (draft) => setPathIn(draft, path, value));
}

/** Two date values name the same instant (ISO strings may be written differently); both empty is the same. */
export function sameInstant(a: unknown, b: unknown): boolean {
  const ta = toTime(a);
  const tb = toTime(b);
  return ta === tb;
}

/** `sources.<index>` of a path, or null when the path is not inside a source. */
export function sourceIndexInPath(path: string): number | null {
  const m = /^sources\.(\d+)(?:\.|$)/.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * The keys of a path-keyed record after the source at `removed` is gone: the keys of that source are dropped,
 * the keys of the later sources move down by one. Keys outside sources stay.
 */
export function reindexAfterRemoval(path: string, removed: number): string | null {
  const index = sourceIndexInPath(path);
  if (index === null || index < removed) return path;
  if (index === removed) return null;
  return path.replace(/^sources\.\d+/, `sources.${index - 1}`);
}
