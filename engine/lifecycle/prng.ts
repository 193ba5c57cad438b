/**
 * The draw's pseudo-random generator: SHA-256 in counter mode, simple enough to re-implement from this comment
 * (and docs/draw.md) in any language.
 *
 *   block(c) = SHA-256( UTF-8( seed + ":" + label + ":" + c ) )     c = 0, 1, 2, … written in decimal, no padding
 *
 * Each 32-byte block gives eight unsigned 32-bit words, read big-endian, first bytes first. The stream is the words
 * of block(0), then of block(1), and so on; `nextUint32()` returns the next word of the stream.
 *
 * `below(n)` (1 ≤ n ≤ 2^32) is unbiased by rejection: with limit = 2^32 − (2^32 mod n), it takes words from the
 * stream until one, x, is below limit, and returns x mod n. It always takes at least one word (also for n = 1).
 *
 * Example: seed "abc", label "final" → block(0) = SHA-256("abc:final:0").
 * The label keeps streams apart: the final draw uses "final", test draw i uses "test:i", the sandbox its own labels.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

export interface SeededRandom {
  /** The next unsigned 32-bit word of the stream, 0 to 2^32 − 1. */
  nextUint32(): number;
  /** A uniform integer in [0, n), by rejection sampling (never a biased modulo). */
  below(n: number): number;
}

const TWO_POW_32 = 2 ** 32;
const WORDS_PER_BLOCK = 8;

export function seededRandom(seed: string, label: string): SeededRandom {
  const prefix = `${seed}:${label}:`;
  let counter = 0;
  let words = new Uint32Array(0);
  let next = 0;

  function refill(): void {
    const digest = sha256(utf8ToBytes(`${prefix}${counter}`));
    counter++;
    const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    words = new Uint32Array(WORDS_PER_BLOCK);
    for (let i = 0; i < WORDS_PER_BLOCK; i++) words[i] = view.getUint32(i * 4, false);
    next = 0;
  }

  function nextUint32(): number {
    if (next >= words.length) refill();
    return words[next++] as number;
  }

  function below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
      throw new RangeError(`below(n) needs an integer n from 1 to 2^32, got ${n}`);
    }
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const x = nextUint32();
      if (x < limit) return x % n;
    }
  }

  return { nextUint32, below };
}
