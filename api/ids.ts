import { randomBytes, randomFillSync } from "node:crypto";

let last = 0;
let counter = 0;

// Random bytes drawn 4 KB at a time: a call into the CSPRNG per id cost more than the rest of newId, and a create
// or a close makes hundreds or thousands of ids.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
function random4(): string {
  if (poolAt + 4 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 4;
  return pool.toString("hex", poolAt - 4, poolAt);
}

/**
 * Opaque 24-hex ids (the shape of the spec's `_id` fields) that sort by creation: 12 hex digits of milliseconds,
 * 4 of a per-millisecond counter, 8 random. Notifications and activities are read in id order.
 */
export function newId(): string {
  const now = Date.now();
  counter = now === last ? counter + 1 : 0;
  last = now;
  return now.toString(16).padStart(12, "0") + (counter & 0xffff).toString(16).padStart(4, "0") + random4();
}

/** A token for a cookie, an invite link or a code: URL-safe, unguessable. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
