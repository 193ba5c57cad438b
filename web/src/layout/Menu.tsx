import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { isCurrent, type MenuItem } from "./menus";
import { useScrollMore } from "./useScrollMore";

/**
 * A row of links; the current one is marked (aria-current, which the styles highlight), with or without a
 * trailing slash in the address (isCurrent: NavLink alone misses "/contests" for "/contests/"). A row wider than
 * the screen says which of its ends hide more links (data-more: the stylesheet fades them), and scrolls sideways to
 * show the current link (on a phone "Drawing" sat under the fade at the row's far end).
 */
export function Menu({ items, label, className }: { items: MenuItem[]; label: string; className: string }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const row = useRef<HTMLUListElement>(null);
  const more = useScrollMore(row);
  // Sideways only (scrollBy on the row, not scrollIntoView): the page itself must not move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what moves the current link
  useEffect(() => {
    const reveal = () => {
      const ul = row.current;
      const link = ul?.querySelector('[aria-current="page"]');
      if (!ul || !link || ul.scrollWidth <= ul.clientWidth) return;
      const box = ul.getBoundingClientRect();
      const at = link.getBoundingClientRect();
      const margin = 48;
      if (at.left < box.left + margin)
        ul.scrollBy({ left: at.left - box.left - margin, behavior: "instant" });
      else if (at.right > box.right - margin)
        ul.scrollBy({ left: at.right - box.right + margin, behavior: "instant" });
    };
    reveal();
    // The web font swaps in after the first paint (font.css) and resizes every link: place the current one again.
    let live = true;
    void document.fonts?.ready.then(() => live && reveal());
    return () => {
      live = false;
    };
  }, [pathname]);
  return (
    <nav aria-label={label} className={className}>
      <ul ref={row} data-more={more || undefined}>
        {items.map((item) => {
          const current = isCurrent(pathname, item);
          return (
            <li key={item.to}>
              <Link to={item.to} aria-current={current ? "page" : undefined}>
                {item.icon && <item.icon size={20} aria-hidden="true" />}
                <span>{i18n._(item.label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
