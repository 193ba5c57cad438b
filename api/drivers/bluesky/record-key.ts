/**
 * The record key of a publication: a TID (the key syntax app.bsky.feed.post and app.bsky.feed.repost records
 * take) derived from the publication's key, so the same publication asked twice names the same record and the
 * driver finds it instead of posting again (drivers are idempotent by key, api/drivers/types.ts).
 * A TID is 53 bits of microseconds and 10 bits of clock id, in base32-sortable; here both come from a SHA-256 of
 * the key, the time part within 2023–2026 so that it reads as a plausible TID.
 */
import { createHash } from "node:crypto";
import type { PublicationKey } from "../types";

const S32 = "234567abcdefghijklmnopqrstuvwxyz";
const FROM_US = 1_672_531_200_000_000n; // 2023-01-01T00:00:00Z
const SPAN_US = 3n * 365n * 86_400_000_000n;

export function tidOf(microseconds: bigint, clockId: bigint): string {
  let n = (microseconds << 10n) | (clockId & 0x3ffn);
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = S32[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

export function recordKeyOf(key: PublicationKey): string {
  const digest = createHash("sha256")
    .update(`${key.contest_id}:${key.source_id}:${key.kind}:${key.key}`)
    .digest();
  const time = FROM_US + (digest.readBigUInt64BE(0) % SPAN_US);
  return tidOf(time, BigInt(digest.readUInt16BE(8)));
}
