/** A moments entries list as the /verify page has it once all its pages are in: its items and their hash. */
import { momentsEntriesHash } from "../../engine/lifecycle";

export function listOf(entries: readonly { id: string; at: string }[]) {
  return { items: [...entries], hash: momentsEntriesHash(entries) };
}
