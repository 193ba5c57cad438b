import { fireEvent, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { formWith, makeContext, START } from "../../../../stories/builder/widgets/fixtures";
import { DateTimeWidget } from "../../../../web/src/builder/widgets/DateTimeWidget";
import { activateLocale } from "../../../../web/src/i18n/activate";
import { renderWidget } from "./render";

beforeAll(() => activateLocale("en"));

function setup(
  options: { base?: Record<string, unknown>; path?: string; locale?: string; disabled?: boolean } = {},
) {
  const ctx = makeContext({ form: formWith([], options.base ?? {}), locale: options.locale });
  const values: unknown[] = [];
  renderWidget({
    widget: DateTimeWidget,
    ctx,
    path: options.path ?? "base.close_date",
    label: "Close date",
    disabled: options.disabled,
    onValue: (v) => values.push(v),
  });
  return Object.assign(ctx, { values });
}

const dateButton = () => screen.getByRole("button", { name: /^Close date:/ });
const local = (iso: unknown) => new Date(String(iso));
const popover = () => screen.getByRole("dialog", { name: "Close date: choose a date" });
const timeSelect = () => within(popover()).getByRole("combobox", { name: "Time" }) as HTMLSelectElement;
const apply = () => fireEvent.click(within(popover()).getByRole("button", { name: "Apply" }));
const weekdayHeaders = () =>
  [...popover().querySelectorAll(".rdp-weekday")].map((th) => th.getAttribute("aria-label"));

describe("DateTimeWidget", () => {
  it("shows the chosen day and time on one button, in the person's time zone", () => {
    setup();
    const close = new Date("2026-07-08T10:00:00.000Z");
    const time = new Intl.DateTimeFormat("en", { hour: "2-digit", minute: "2-digit" }).format(close);
    expect(dateButton().textContent).toContain("2026");
    expect(dateButton().textContent).toContain(time);
  });

  it("offers the time in 5-minute steps and stores the UTC instant with seconds at zero", () => {
    const ctx = setup();
    fireEvent.click(dateButton());
    const values = [...timeSelect().options].map((o) => o.value);
    expect(values).toHaveLength(24 * 12);
    expect(values.slice(0, 4)).toEqual(["0:0", "0:5", "0:10", "0:15"]);
    const before = local(ctx.form.base.close_date);
    fireEvent.change(timeSelect(), { target: { value: `${before.getHours()}:35` } });
    apply();
    const stored = local(ctx.form.base.close_date);
    expect(stored.getMinutes()).toBe(35);
    expect(stored.getSeconds()).toBe(0);
    expect(String(ctx.form.base.close_date)).toMatch(/Z$/);
  });

  it("changes the form once per new date, however many parts were changed", () => {
    const ctx = setup();
    fireEvent.click(dateButton());
    const before = local(ctx.form.base.close_date);
    const target = new Date(before.getFullYear(), before.getMonth(), before.getDate() + 1, 12);
    const label = new Intl.DateTimeFormat("en", { day: "numeric" }).format(target);
    const day = within(popover())
      .getAllByRole("button")
      .find(
        (b) =>
          b
            .closest("[data-day]")
            ?.getAttribute("data-day")
            ?.endsWith(`-${String(target.getDate()).padStart(2, "0")}`) && b.textContent === label,
      );
    expect(day).toBeDefined();
    if (day) fireEvent.click(day);
    fireEvent.change(timeSelect(), { target: { value: "14:5" } });
    fireEvent.change(timeSelect(), { target: { value: "15:10" } });
    expect(ctx.values).toEqual([]);
    apply();
    expect(ctx.values).toHaveLength(1);
    const after = local(ctx.form.base.close_date);
    expect([after.getDate(), after.getHours(), after.getMinutes()]).toEqual([target.getDate(), 15, 10]);
  });

  it("leaves the form as it was when the popover is cancelled", () => {
    const ctx = setup();
    const before = ctx.form.base.close_date;
    fireEvent.click(dateButton());
    fireEvent.change(timeSelect(), { target: { value: "3:0" } });
    fireEvent.click(within(popover()).getByRole("button", { name: "Cancel" }));
    expect(ctx.form.base.close_date).toBe(before);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens a calendar whose weeks start on Sunday in English", () => {
    setup();
    fireEvent.click(dateButton());
    expect(weekdayHeaders()[0]).toBe("Sunday");
  });

  it("starts the weeks on Monday in French", () => {
    activateLocale("fr");
    try {
      setup({ locale: "fr" });
      fireEvent.click(screen.getByRole("button", { name: /^Close date/ }));
      expect(weekdayHeaders()[0]).toBe("lundi");
    } finally {
      activateLocale("en");
    }
  });

  it("focuses the chosen day and moves through the days with the arrow keys", () => {
    setup();
    fireEvent.click(dateButton());
    const focused = () => document.activeElement as HTMLElement;
    const first = focused().closest("[data-day]")?.getAttribute("data-day");
    expect(first).toBeTruthy();
    fireEvent.keyDown(focused(), { key: "ArrowRight" });
    const second = focused().closest("[data-day]")?.getAttribute("data-day");
    expect(second).not.toBe(first);
  });

  it("cannot pick a day outside the field's window (the close date counts from the start)", () => {
    const ctx = setup({ base: { close_date: null } });
    fireEvent.click(dateButton());
    const start = new Date(START);
    const dayBefore = new Date(start.getFullYear(), start.getMonth(), start.getDate() - 1, 12);
    const pad = (n: number) => String(n).padStart(2, "0");
    const key = `${dayBefore.getFullYear()}-${pad(dayBefore.getMonth() + 1)}-${pad(dayBefore.getDate())}`;
    const cell = popover().querySelector(`[data-day="${key}"]`);
    expect(cell?.hasAttribute("data-disabled")).toBe(true);
    const button = cell?.querySelector("button");
    if (button) fireEvent.click(button);
    apply();
    // The click was refused: the date applied is on the start's day, the window's first.
    expect(local(ctx.form.base.close_date).getDate()).toBe(start.getDate());
  });

  it("gives a new date the first allowed time of its first day, on the step", () => {
    const ctx = setup({ base: { close_date: null, start_date: "2026-07-01T10:02:00.000Z" } });
    fireEvent.click(dateButton());
    apply();
    // start + 5 minutes = 10:07, snapped up to 10:10.
    expect(ctx.form.base.close_date).toBe("2026-07-01T10:10:00.000Z");
  });

  it("waits for the start date before the close date can be chosen", () => {
    setup({ base: { start_date: null, close_date: null } });
    expect((dateButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Choose the start date first.")).toBeTruthy();
  });

  it("asks for the check once the focus leaves the whole picker", () => {
    const ctx = setup();
    fireEvent.focus(dateButton());
    fireEvent.blur(dateButton(), { relatedTarget: dateButton().closest("fieldset") });
    expect(ctx.calls.blurs).toEqual([]);
    fireEvent.blur(dateButton(), { relatedTarget: document.body });
    expect(ctx.calls.blurs).toEqual(["base.close_date"]);
  });
});
