/**
 * Leaving the open builder for another page. A link inside the builder must not change the page underneath while
 * the builder stays open: it asks to close the builder (the close-builder confirmation, what is not saved is lost),
 * and navigates once it is closed. The open builder provides `BuilderNavigateContext`; outside it there is none and
 * a `BuilderLink` is a plain link, so shared widgets (FeatureStar) work in both places.
 *
 * This file stays small and free of the builder's code: the shell's widgets import it.
 */
import { createContext, type MouseEvent, use } from "react";
import { Link, type LinkProps } from "react-router";

/** Asks to close the builder, then goes to `to` (nothing happens if the person stays). */
export type BuilderNavigate = (to: string) => void;

export const BuilderNavigateContext = createContext<BuilderNavigate | null>(null);

/** Inside the open builder: how to leave it for a page. Outside the builder: null. */
export function useBuilderNavigate(): BuilderNavigate | null {
  return use(BuilderNavigateContext);
}

/** A click that opens the link elsewhere (new tab or window) leaves the builder as it is. */
function opensElsewhere(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

/** A link to an app page: inside the builder it goes through the close confirmation first; elsewhere plain. */
export function BuilderLink({ to, onClick, ...rest }: Omit<LinkProps, "to"> & { to: string }) {
  const leave = useBuilderNavigate();
  return (
    <Link
      {...rest}
      to={to}
      onClick={(e) => {
        onClick?.(e);
        if (!leave || e.defaultPrevented || opensElsewhere(e)) return;
        e.preventDefault();
        leave(to);
      }}
    />
  );
}
