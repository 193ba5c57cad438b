/** Small helpers over untyped form values, shared by the rules and the validator. */

/** Empty for validation: undefined, null, a blank string or an empty array. Every rule but the implicit ones passes it. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** JavaScript truthiness, with an empty array counted as false (a list that holds nothing is "off"). */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/** Reads a dotted path ("sources.0.publication.content") from a value; undefined when any step is missing. */
export function getPath(root: unknown, path: string): unknown {
  if (path === "") return root;
  let current: unknown = root;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Milliseconds since the epoch for an ISO date string or Date, or null when it is not a valid date. */
export function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== "string" || value.trim() === "") return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Sets a dotted path on a mutable value (an immer draft), creating the objects and lists on the way: a numeric
 * segment under a missing node creates a list.
 */
export function setPathIn(root: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = root as Record<string, unknown>;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    const existing = node[key];
    if (!isPlainObject(existing) && !Array.isArray(existing)) {
      node[key] = /^\d+$/.test(keys[i + 1] ?? "") ? [] : {};
    }
    node = node[key] as Record<string, unknown>;
  });
}
