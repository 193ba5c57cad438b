/**
 * Arrows that follow the reading direction: "forward" (next, to do) points right in left-to-right languages and
 * left in Arabic; "back" (previous) the other way. The direction is the document's (i18n/activate.ts sets it with
 * the language); reading the language re-draws the arrow when it changes.
 */
import { useLingui } from "@lingui/react";

export type ArrowWay = "forward" | "back";

/** Whether the document reads right to left. */
export function isRtl(): boolean {
  return typeof document !== "undefined" && document.documentElement.dir === "rtl";
}

/** The glyph of an arrow going `way` in the document's direction. */
export function arrowGlyph(way: ArrowWay): string {
  return (way === "forward") !== isRtl() ? "→" : "←";
}

/** A decorative arrow (hidden from screen readers: the text beside it says where it goes). */
export function DirectionArrow({ way }: { way: ArrowWay }) {
  useLingui();
  return (
    <span aria-hidden="true" className="direction-arrow">
      {arrowGlyph(way)}
    </span>
  );
}
