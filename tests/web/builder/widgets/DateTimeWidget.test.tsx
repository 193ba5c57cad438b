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
  renderWidget({
    widget: DateTimeWidget,
    ctx,
    path: options.path ?? "base.close_date",
    label: "Close date",
    disabled: options.disabled,
  });
  return ctx;
}

const dayButton = () => screen.getByRole("button", { name: /^Close date:/ });
const local = (iso: unknown) => new Date(String(iso));

describe("DateTimeWidget", () => {
  it("shows the chosen day and time in the person's time zone", () => {
    setup();
    const close = new Date("2026-07-08T10:00:00.000Z");
    expect((screen.getByRole("combobox", { name: "Close date: hour" }) as HTMLSelectElement).value).toBe(
      String(close.getHours()),
    );
    expect((screen.getByRole("combobox", { name: "Close date: minutes" }) as HTMLSelectElement).value).toBe(
      String(close.getMinutes()),
    );
    expect(dayButton().textContent).toContain("2026");
  });

  it("offers minutes in 5-minute steps and stores the UTC instant with seconds at zero", () => {
    const ctx = setup();
    const minutes = screen.getByRole("combobox", { name: "Close date: minutes" }) as HTMLSelectElement;
    expect([...minutes.options].map((o) => o.value)).toEqual([
      "0",
      "5",
      "10",
      "15",
      "20",
      "25",
      "30",
      "35",
      "40",
      "45",
      "50",
      "55",
    ]);
    fireEvent.change(minutes, { target: { value: "35" } });
    const stored = local(ctx.form.base.close_date);
    expect(stored.getMinutes()).toBe(35);
    expect(stored.getSeconds()).toBe(0);
    expect(String(ctx.form.base.close_date)).toMatch(/Z$/);
  });

  it("opens a calendar whose weeks start on Sunday in English", () => {
    setup();
    fireEvent.click(dayButton());
    const headers = within(screen.getByRole("table")).getAllByRole("columnheader");
    expect(headers[0]?.getAttribute("abbr")).toBe("Sunday");
  });

  it("starts the weeks on Monday in French", () => {
    setup({ locale: "fr" });
    fireEvent.click(dayButton());
    const headers = within(screen.getByRole("table")).getAllByRole("columnheader");
    expect(headers[0]?.getAttribute("abbr")).toBe("lundi");
  });

  it("moves through the days with the arrows and picks the focused one, keeping the time", () => {
    const ctx = setup();
    const before = local(ctx.form.base.close_date);
    fireEvent.click(dayButton());
    const focused = () => document.activeElement as HTMLElement;
    expect(focused().getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(focused(), { key: "ArrowRight" });
    fireEvent.keyDown(focused(), { key: "ArrowDown" });
    fireEvent.click(focused());
    const after = local(ctx.form.base.close_date);
    expect(after.getDate()).toBe(
      new Date(before.getFullYear(), before.getMonth(), before.getDate() + 8).getDate(),
    );
    expect([after.getHours(), after.getMinutes()]).toEqual([before.getHours(), before.getMinutes()]);
    expect(screen.queryByRole("table")).toBeNull();
    expect(document.activeElement).toBe(dayButton());
  });

  it("changes month with Page Down and closes with Escape", () => {
    setup();
    fireEvent.click(dayButton());
    const title = screen.getByRole("heading", { level: 3 }).textContent;
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "PageDown" });
    expect(screen.getByRole("heading", { level: 3 }).textContent).not.toBe(title);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape" });
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("cannot pick a day outside the field's window (the close date counts from the start)", () => {
    const ctx = setup({ base: { close_date: null } });
    fireEvent.click(dayButton());
    const start = new Date(START);
    const dayBefore = new Date(start.getFullYear(), start.getMonth(), start.getDate() - 1, 12);
    const label = new Intl.DateTimeFormat("en", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(dayBefore);
    const cell = screen.getByRole("button", { name: label });
    expect(cell.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(cell);
    expect(ctx.form.base.close_date).toBeNull();
  });

  it("gives a newly picked day the first allowed time of that day, on the step", () => {
    const ctx = setup({ base: { close_date: null, start_date: "2026-07-01T10:02:00.000Z" } });
    fireEvent.click(dayButton());
    fireEvent.click(document.activeElement as HTMLElement);
    // start + 5 minutes = 10:07, snapped up to 10:10.
    expect(ctx.form.base.close_date).toBe("2026-07-01T10:10:00.000Z");
  });

  it("waits for the start date before the close date can be chosen", () => {
    setup({ base: { start_date: null, close_date: null } });
    expect((dayButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Choose the start date first.")).toBeTruthy();
  });

  it("asks for the check once the focus leaves the whole picker", () => {
    const ctx = setup();
    fireEvent.focus(dayButton());
    fireEvent.blur(dayButton(), {
      relatedTarget: screen.getByRole("combobox", { name: "Close date: hour" }),
    });
    expect(ctx.calls.blurs).toEqual([]);
    fireEvent.blur(screen.getByRole("combobox", { name: "Close date: hour" }), {
      relatedTarget: document.body,
    });
    expect(ctx.calls.blurs).toEqual(["base.close_date"]);
  });
});
