import { FIRST_SOURCE_ID } from "../../../../engine/builder/form";

/** A source's pane: its number is the source's id (contest-builder.md §2). */
export function isSourcePane(pane: number): boolean {
  return pane >= FIRST_SOURCE_ID;
}
