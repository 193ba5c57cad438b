/**
 * Which ends of a horizontally scrolling row hide more of it: "start", "end", both or neither (a data-more value
 * the stylesheet fades those ends by), measured on scroll and resize. Right-to-left rows scroll to negative
 * offsets, so the distance is taken from the row's own start.
 */
import { type RefObject, useEffect, useState } from "react";

export function scrollMoreOf(el: Pick<HTMLElement, "scrollLeft" | "scrollWidth" | "clientWidth">): string {
  const hidden = el.scrollWidth - el.clientWidth;
  if (hidden <= 1) return "";
  const fromStart = Math.abs(el.scrollLeft);
  const more: string[] = [];
  if (fromStart > 1) more.push("start");
  if (fromStart < hidden - 1) more.push("end");
  return more.join(" ");
}

export function useScrollMore(ref: RefObject<HTMLElement | null>): string {
  const [more, setMore] = useState("");
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setMore(scrollMoreOf(el));
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(el);
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      observer?.disconnect();
      window.removeEventListener("resize", update);
    };
  }, [ref]);
  return more;
}
