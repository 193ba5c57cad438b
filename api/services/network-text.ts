/**
 * What the networks send, made storable on both engines: PostgreSQL refuses U+0000 in text and in jsonb (SQLite
 * keeps it), so it is removed before anything a network sent is stored, on SQLite too, so the two agree.
 */

/** The value with every U+0000 removed from its strings (object keys included), at any depth. */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") return (value.includes("\0") ? value.replaceAll("\0", "") : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [withoutNul(k), withoutNul(v)]),
    ) as T;
  }
  return value;
}
