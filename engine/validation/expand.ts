import { getIn, isPlainObject } from "../values";

/** One concrete field of a pattern: its path relative to the scope, its value and the indexes its *s took. */
export type FieldInstance = { relative: string; value: unknown; indexes: number[] };

/**
 * Every concrete field a pattern names in a value: "reminders.list.*.date" → "reminders.list.0.date", ...
 * A * walks the elements of a list; anything that is not there yields an undefined value (so `required` can
 * report it) unless it is under a *, where a missing list simply has no elements.
 */
const NO_INDEXES: number[] = [];

export function expandPattern(root: unknown, segments: readonly string[]): FieldInstance[] {
  // Most fields hold no *: one instance, read straight.
  if (!segments.includes("*"))
    return [{ relative: segments.join("."), value: getIn(root, segments), indexes: NO_INDEXES }];
  const out: FieldInstance[] = [];
  const walk = (value: unknown, i: number, path: string, indexes: number[]) => {
    if (i === segments.length) {
      out.push({ relative: path, value, indexes });
      return;
    }
    const seg = segments[i] as string;
    if (seg === "*") {
      if (!Array.isArray(value)) return;
      value.forEach((item, k) => {
        walk(item, i + 1, path === "" ? String(k) : `${path}.${k}`, [...indexes, k]);
      });
      return;
    }
    const next = isPlainObject(value) ? value[seg] : undefined;
    walk(next, i + 1, path === "" ? seg : `${path}.${seg}`, indexes);
  };
  walk(root, 0, "", []);
  return out;
}

/** Whether a concrete relative path ("reminders.list.3.date") is an instance of a pattern; its indexes if so. */
export function matchPattern(segments: readonly string[], relative: string): number[] | null {
  const parts = relative.split(".");
  if (parts.length !== segments.length) return null;
  const indexes: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const seg = segments[i];
    const part = parts[i] as string;
    if (seg === "*") {
      if (!/^\d+$/.test(part)) return null;
      indexes.push(Number(part));
    } else if (seg !== part) return null;
  }
  return indexes;
}
