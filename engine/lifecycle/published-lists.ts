/**
 * The long lists the public verify API publishes (docs/draw.md "Published lists"): the final draw's entrants list
 * and each source's moments entries list. The API sends them a page at a time, the first page inside
 * GET /verify/{id}; the /verify page hashes each page as it arrives (linesHasher) and compares the whole list's
 * hash at the end. The moments entries list's hash is SHA-256 over one line per entry, "id at", in its order.
 */
import { linesHasher, sha256HexOfLines } from "./commitment";

/** Items a page. 5 000 entries are about 350 KB of JSON (60 KB brotli), 5 000 ids about 150 KB. */
export const VERIFY_PAGE_SIZE = 5000;

export type MomentsEntry = { id: string; at: string };

/** How many pages a list of `count` items has (one, empty, for an empty list). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / VERIFY_PAGE_SIZE));
}

/** Page `page` (1-based) of a list. */
export function pageOf<T>(list: readonly T[], page: number): T[] {
  return list.slice((page - 1) * VERIFY_PAGE_SIZE, page * VERIFY_PAGE_SIZE);
}

/** An entry as a line of the moments entries list: its id, a space, its entry time. */
export function momentsEntryLine(entry: MomentsEntry): string {
  return `${entry.id} ${entry.at}`;
}

/** The moments entries list's published hash: SHA-256 of its lines joined with "\n". */
export function momentsEntriesHash(entries: readonly MomentsEntry[]): string {
  return sha256HexOfLines(entries.map(momentsEntryLine));
}

/**
 * A published list put back together page by page, each page hashed as it comes: `lineOf` gives an item's line
 * (an entrant id as it is; a moments entry by momentsEntryLine). `done()` answers the whole list and its hash.
 */
export function pagedList<T>(lineOf: (item: T) => string) {
  const hasher = linesHasher();
  const items: T[] = [];
  return {
    add(page: readonly T[]): void {
      hasher.add(page.map(lineOf));
      for (const item of page) items.push(item);
    },
    /** The list and its hash; `trailing` lines (the entrants list's metadata, listReadLine) hashed after it. */
    done(trailing: readonly string[] = []): { items: T[]; hash: string } {
      hasher.add(trailing);
      return { items, hash: hasher.hex() };
    },
  };
}
