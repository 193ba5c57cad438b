/**
 * The record key of a publication: a TID (the key syntax app.bsky.feed.post and app.bsky.feed.repost records
 * take; atproto's TID specification: 53 bits of microseconds since 1970 and a 10-bit clock id, in
 * base32-sortable), so the same publication asked twice names the same record and the driver finds it instead of
 * posting again (drivers are idempotent by key, api/drivers/types.ts).
 * The time is when the publication was first asked for (recorded_at, kept on its row), so a key reads as the
 * moment it was made; the microseconds under the millisecond and the clock id come from a SHA-256 of the key, so
 * two publications recorded in the same millisecond (a batch of replies) get two keys.
 */
import { createHash } from "node:crypto";
import type { PublicationKey } from "../types";

const S32 = "234567abcdefghijklmnopqrstuvwxyz";

export function tidOf(microseconds: bigint, clockId: bigint): string {
  let n = (microseconds << 10n) | (clockId & 0x3ffn);
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = S32[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

/** The time a TID encodes, in milliseconds. */
export function timeOfTid(tid: string): number {
  let n = 0n;
  for (const c of tid) n = (n << 5n) | BigInt(S32.indexOf(c));
  return Number((n >> 10n) / 1000n);
}

/** The publication's key; without recorded_at (a caller outside publishOnce), the time now. */
export function recordKeyOf(key: PublicationKey, now: () => number = Date.now): string {
  const digest = createHash("sha256")
    .update(`${key.contest_id}:${key.source_id}:${key.kind}:${key.key}`)
    .digest();
  const recorded = key.recorded_at ? Date.parse(key.recorded_at) : Number.NaN;
  const ms = BigInt(Number.isFinite(recorded) ? recorded : now());
  const micros = ms * 1000n + BigInt(digest.readUInt16BE(0) % 1000);
  return tidOf(micros, BigInt(digest.readUInt16BE(8)));
}
