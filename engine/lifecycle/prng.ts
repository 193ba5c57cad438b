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

/**
 * SHA-256 of a text's UTF-8 bytes. The default is @noble/hashes (it runs in the browser, where the public verify
 * page draws again); a server that makes many streams (the sandbox's entrants) may pass its platform's own, which
 * gives the same digest at a fraction of the cost per call.
 */
export type Sha256Text = (text: string) => Uint8Array;

const nobleSha256: Sha256Text = (text) => sha256(utf8ToBytes(text));

const TWO_POW_32 = 2 ** 32;
const WORDS_PER_BLOCK = 8;

export function seededRandom(seed: string, label: string, digest: Sha256Text = nobleSha256): SeededRandom {
  const prefix = `${seed}:${label}:`;
  let counter = 0;
  // One buffer for the stream's current block, refilled in place (a close makes hundreds of thousands of blocks).
  const words = new Uint32Array(WORDS_PER_BLOCK);
  let next = WORDS_PER_BLOCK;

  function refill(): void {
    const b = digest(`${prefix}${counter}`);
    counter++;
    for (let i = 0, k = 0; i < WORDS_PER_BLOCK; i++, k += 4) {
      words[i] =
        ((b[k] as number) << 24) |
        ((b[k + 1] as number) << 16) |
        ((b[k + 2] as number) << 8) |
        (b[k + 3] as number);
    }
    next = 0;
  }

  function nextUint32(): number {
    if (next >= WORDS_PER_BLOCK) refill();
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
