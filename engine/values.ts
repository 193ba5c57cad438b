/** Small helpers over untyped form values, shared by the rules and the validator. */

/** Empty for validation: undefined, null, a blank string or an empty array. Every rule but the implicit ones passes it. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") {
    // A text that starts with a visible ASCII character is not blank: no trimmed copy needed to know it.
    const first = value.charCodeAt(0);
    if (first > 32 && first < 127) return false;
    return value.trim() === "";
  }
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** JavaScript truthiness, with an empty array counted as false (a list that holds nothing is "off"). */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/** Segments of a dotted path, split once: the validator reads the same few hundred paths over and over. */
const segmentCache = new Map<string, readonly string[]>();
export function pathSegments(path: string): readonly string[] {
  let segments = segmentCache.get(path);
  if (!segments) {
    if (segmentCache.size > 4096) segmentCache.clear();
    segments = path === "" ? [] : path.split(".");
    segmentCache.set(path, segments);
  }
  return segments;
}

/** Walks segments from a value; undefined when any step is missing. */
export function getIn(root: unknown, segments: readonly string[]): unknown {
  let current: unknown = root;
  for (const key of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Reads a dotted path ("sources.0.publication.content") from a value; undefined when any step is missing. */
export function getPath(root: unknown, path: string): unknown {
  return getIn(root, pathSegments(path));
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Milliseconds since the epoch for an ISO 8601 date or date-time (the only date format of the API) or a Date;
 * null otherwise. Strict: "1", "Foo 2" or 2026-02-30 are not dates (Date.parse would take them).
 */
export function toTime(value: unknown): number | null {
  if (typeof value !== "string") {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
    return null;
  }
  // The same dates (start, close) are read by every reminder and moment rule: parse each text once.
  const cached = timeCache.get(value);
  if (cached !== undefined) return cached;
  if (timeCache.size > 4096) timeCache.clear();
  const time = parseIsoTime(value);
  timeCache.set(value, time);
  return time;
}

const timeCache = new Map<string, number | null>();

/** Forgets the parsed dates and split paths (memory control; the benchmark's cold case). */
export function clearValueCaches(): void {
  timeCache.clear();
  segmentCache.clear();
}

function parseIsoTime(value: string): number | null {
  const m = ISO_DATE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", sec = "0"] = m;
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  const t = Date.parse(value.trim().replace(" ", "T"));
  return Number.isNaN(t) ? null : t;
}

/** A value as comparison text: strings, numbers and booleans as themselves; anything else matches nothing. */
export function asText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
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
