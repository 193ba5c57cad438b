/**
 * What the networks send, made storable on both engines: PostgreSQL refuses U+0000 in text and in jsonb (SQLite
 * keeps it), so it is removed before anything a network sent is stored, on SQLite too, so the two agree.
 */

/** Whether a string anywhere in the value (object keys included) holds U+0000; nothing is copied to find out. */
function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const key in value) {
      if (key.includes("\0") || hasNul((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/**
 * The value with every U+0000 removed from its strings (object keys included), at any depth. A value without any
 * (nearly all of them) is answered as it is, uncopied: a close passes tens of thousands of entries through here.
 */
export function withoutNul<T>(value: T): T {
  return hasNul(value) ? stripNul(value) : value;
}

function stripNul<T>(value: T): T {
  if (typeof value === "string") return (value.includes("\0") ? value.replaceAll("\0", "") : value) as T;
  if (Array.isArray(value)) return value.map(stripNul) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [stripNul(k), stripNul(v)]),
    ) as T;
  }
  return value;
}
