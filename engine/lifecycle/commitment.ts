/**
 * The commitments of the verifiable draw (docs/draw.md): SHA-256 over UTF-8 text, written as lowercase hex.
 * Pure and synchronous (@noble/hashes), so the server and the public /verify page compute the same bytes.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/** SHA-256 of the UTF-8 encoding of `text`, as 64 lowercase hex characters. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Lines per hashing chunk: small enough to stay in the CPU caches, large enough to amortise each update. */
const CHUNK_LINES = 2048;

/**
 * sha256Hex(lines.join("\n")) given a batch of lines at a time (a paged list as its pages arrive), without
 * building the joined text: each batch is encoded and hashed a chunk at a time, with the line break between
 * batches, so hashing a million ids costs the same per id as hashing ten thousand.
 */
export function linesHasher(): { add(lines: readonly string[]): void; hex(): string } {
  const hash = sha256.create();
  let started = false;
  return {
    add(lines) {
      for (let start = 0; start < lines.length; start += CHUNK_LINES) {
        const end = Math.min(start + CHUNK_LINES, lines.length);
        hash.update(utf8ToBytes((started ? "\n" : "") + lines.slice(start, end).join("\n")));
        started = true;
      }
    },
    hex: () => bytesToHex(hash.digest()),
  };
}

/** sha256Hex(lines.join("\n")), a chunk of lines at a time. */
export function sha256HexOfLines(lines: readonly string[]): string {
  const hasher = linesHasher();
  hasher.add(lines);
  return hasher.hex();
}

const SEED_BYTES = 32;

/**
 * A fresh draw seed: 32 bytes from `randomBytes` (crypto.getRandomValues or node's randomBytes, given by the caller
 * so this file stays pure), as 64 lowercase hex characters.
 */
export function newSeed(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(SEED_BYTES);
  if (bytes.length !== SEED_BYTES) {
    throw new RangeError(`newSeed: expected ${SEED_BYTES} random bytes, got ${bytes.length}`);
  }
  return bytesToHex(bytes);
}

/** The {SEED} token published before the contest starts: the SHA-256 of the seed's text (its hex characters). */
export function seedCommitment(seed: string): string {
  return sha256Hex(seed);
}

/**
 * The canonical entrants list: ids sorted by UTF-16 code unit (JavaScript's default sort order, the same as a
 * byte-wise sort for ASCII ids), duplicates removed. An id holding a line break would make the published list
 * ambiguous, so it is refused.
 */
export function canonicalEntrantIds(entrantIds: readonly string[]): string[] {
  for (const id of entrantIds) {
    if (id.includes("\n")) throw new RangeError(`entrant id holds a line break: ${JSON.stringify(id)}`);
  }
  // A frozen list is stored canonical already: checking that is O(n), so the draw over it stays linear.
  if (isCanonical(entrantIds)) return [...entrantIds];
  const sorted = [...entrantIds].sort();
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) {
    const id = sorted[i] as string;
    if (kept === 0 || sorted[kept - 1] !== id) sorted[kept++] = id;
  }
  sorted.length = kept;
  return sorted;
}

/** Whether ids are strictly increasing by UTF-16 code unit (sorted by Array#sort's default order, no repeat). */
export function isCanonical(entrantIds: readonly string[]): boolean {
  for (let i = 1; i < entrantIds.length; i++) {
    if (!((entrantIds[i - 1] as string) < (entrantIds[i] as string))) return false;
  }
  return true;
}

/**
 * The canonical list as text: one id a line, then its metadata lines (listReadLine), joined by "\n" with no
 * final line break ("" for no entrant and no metadata). Its SHA-256 is entrantsHash.
 */
export function entrantsListText(
  entrantIds: readonly string[],
  reads: readonly FrozenListRead[] = [],
): string {
  return [...canonicalEntrantIds(entrantIds), ...reads.map(listReadLine)].join("\n");
}

/**
 * What the frozen list records of how much of an action's list a source's network let us read ("likes: 100
 * listed of 412"), covered by the list's hash.
 */
export type FrozenListRead = {
  source_id: string;
  provider: string;
  /** The action kind (like, repost, ...). */
  action: string;
  listed: number;
  /** null: the network did not say. */
  total: number | null;
};

/**
 * One line of the frozen list's hash for a FrozenListRead: `#read <source_id> <provider> <action> <listed>
 * <total>`, the total `-` when the network did not say. It starts with "#", which no entrant id does (ids start
 * with their provider's name, a lower-case letter), so the lines never read as entrants.
 */
export function listReadLine(read: FrozenListRead): string {
  const line = `#read ${read.source_id} ${read.provider} ${read.action} ${read.listed} ${read.total ?? "-"}`;
  if (line.includes("\n")) throw new RangeError(`list metadata holds a line break: ${JSON.stringify(line)}`);
  return line;
}

/**
 * The hash published when the entrants list is frozen: SHA-256 over the canonical ids, one a line, then the
 * list's metadata lines (listReadLine, in the order recorded). A list frozen without metadata (every list before
 * it existed) hashes as it always did: sha256Hex(entrantsListText(ids)).
 */
export function entrantsHash(entrantIds: readonly string[], reads: readonly FrozenListRead[] = []): string {
  return sha256HexOfLines([...canonicalEntrantIds(entrantIds), ...reads.map(listReadLine)]);
}
