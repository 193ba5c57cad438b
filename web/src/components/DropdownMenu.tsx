/**
 * The one menu of the interface, on Radix UI's DropdownMenu: the trigger says it opens a menu, arrows move between
 * items, typing a letter jumps, Escape closes and gives focus back, a click outside closes. Pages give the trigger,
 * the items and their wording; the library does the keyboard and focus.
 */
import { Check } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { isRtl } from "./DirectionArrow";

/** The menu follows the reading direction (Radix menus are left-to-right unless told). */
export function MenuRoot(props: ComponentProps<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root dir={isRtl() ? "rtl" : "ltr"} {...props} />;
}
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuRadioGroup = DropdownMenu.RadioGroup;

/** Next to the trigger, aligned with its end edge (floating-ui reads the direction: the left one in Arabic), kept inside the window; named by the trigger. */
export function MenuContent({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={`menu-content ${className ?? ""}`}
        align="end"
        sideOffset={6}
        collisionPadding={8}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={`menu-item ${className ?? ""}`} {...props} />;
}

export function MenuRadioItem({ className, ...props }: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return <DropdownMenu.RadioItem className={`menu-item ${className ?? ""}`} {...props} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu-separator" />;
}

/** The tick of the checked radio item. */
export function MenuItemCheck() {
  return (
    <DropdownMenu.ItemIndicator className="menu-item-check">
      <Check size={16} aria-hidden="true" />
    </DropdownMenu.ItemIndicator>
  );
}
