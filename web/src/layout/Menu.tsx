import { useLingui } from "@lingui/react/macro";
import { NavLink } from "react-router";
import type { MenuItem } from "./menus";

/** A row of links; the current one is marked for screen readers (aria-current) by NavLink. */
export function Menu({ items, label, className }: { items: MenuItem[]; label: string; className: string }) {
  const { i18n } = useLingui();
  return (
    <nav aria-label={label} className={className}>
      <ul>
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
