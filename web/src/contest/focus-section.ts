/**
 * Brings a page's section into view and moves focus to its heading (by the heading's id), so the person and a
 * screen reader land on what just changed (the winners after a final draw) instead of a dialog over it.
 */
export function focusSection(headingId: string): void {
  const heading = document.getElementById(headingId);
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  heading.scrollIntoView?.({ block: "start", behavior: "smooth" });
}
