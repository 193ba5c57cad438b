import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { isCurrent, type MenuItem } from "./menus";
import { useScrollMore } from "./useScrollMore";

/**
 * A row of links; the current one is marked (aria-current, which the styles highlight), with or without a
 * trailing slash in the address (isCurrent: NavLink alone misses "/contests" for "/contests/"). A row wider than
 * the screen says which of its ends hide more links (data-more: the stylesheet fades them).
 */
export function Menu({ items, label, className }: { items: MenuItem[]; label: string; className: string }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const row = useRef<HTMLUListElement>(null);
  const more = useScrollMore(row);
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
