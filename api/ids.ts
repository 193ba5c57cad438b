import { randomBytes } from "node:crypto";

let last = 0;
let counter = 0;

/**
 * Opaque 24-hex ids (the shape of the spec's `_id` fields) that sort by creation: 12 hex digits of milliseconds,
 * 4 of a per-millisecond counter, 8 random. Notifications and activities are read in id order.
 */
export function newId(): string {
  const now = Date.now();
  counter = now === last ? counter + 1 : 0;
  last = now;
  return (
    now.toString(16).padStart(12, "0") +
    (counter & 0xffff).toString(16).padStart(4, "0") +
    randomBytes(4).toString("hex")
  );
}

/** A token for a cookie, an invite link or a code: URL-safe, unguessable. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
