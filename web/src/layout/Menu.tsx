import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { NavLink } from "react-router";
import type { MenuItem } from "./menus";
import { useScrollMore } from "./useScrollMore";

/**
 * A row of links; the current one is marked for screen readers (aria-current) by NavLink. A row wider than the
 * screen says which of its ends hide more links (data-more: the stylesheet fades them).
 */
export function Menu({ items, label, className }: { items: MenuItem[]; label: string; className: string }) {
  const { i18n } = useLingui();
  const row = useRef<HTMLUListElement>(null);
  const more = useScrollMore(row);
  return (
    <nav aria-label={label} className={className}>
      <ul ref={row} data-more={more || undefined}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.icon && <item.icon size={20} aria-hidden="true" />}
              <span>{i18n._(item.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
