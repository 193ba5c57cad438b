import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import { CodeInput } from "../../../web/src/widgets/CodeInput";
import { COPIED_MS, CopyButton } from "../../../web/src/widgets/CopyButton";
import { Countdown } from "../../../web/src/widgets/Countdown";
import { HOLD_DANGEROUS_MS, HOLD_MS, HoldButton, type HoldState } from "../../../web/src/widgets/HoldButton";
import { formatPrice } from "../../../web/src/widgets/Price";

beforeAll(() => activateLocale("en"));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const withI18n = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

describe("HoldButton", () => {
  function hold(props: { dangerous?: boolean; state?: HoldState } = {}) {
    vi.useFakeTimers();
    const onConfirm = vi.fn();
    withI18n(
      <HoldButton onConfirm={onConfirm} {...props}>
        Delete
      </HoldButton>,
    );
    return { onConfirm, button: screen.getByRole("button") };
  }

  it("confirms after being held 2.5 s", () => {
    const { onConfirm, button } = hold();
    fireEvent.pointerDown(button);
    expect(button.getAttribute("data-state")).toBe("holding");
    act(() => vi.advanceTimersByTime(HOLD_MS - 1));
    expect(onConfirm).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(HOLD_MS).toBe(2500);
  });

  it("does nothing when released early", () => {
    const { onConfirm, button } = hold();
    fireEvent.pointerDown(button);
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.pointerUp(button);
    act(() => vi.advanceTimersByTime(5000));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(button.getAttribute("data-state")).toBe("hold");
  });

  it("needs 5 s when dangerous", () => {
    const { onConfirm, button } = hold({ dangerous: true });
    expect(button.textContent).toContain("(hold 5 seconds)");
    fireEvent.pointerDown(button);
    act(() => vi.advanceTimersByTime(4999));
    expect(onConfirm).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(HOLD_DANGEROUS_MS).toBe(5000);
  });

  it("can be held with the keyboard (Space), and letting go early does nothing", () => {
    const { onConfirm, button } = hold();
    fireEvent.keyDown(button, { key: " " });
    fireEvent.keyUp(button, { key: " " });
    act(() => vi.advanceTimersByTime(3000));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.keyDown(button, { key: "Enter" });
    act(() => vi.advanceTimersByTime(HOLD_MS));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("is disabled and says so while loading", () => {
    const { onConfirm, button } = hold({ state: "loading" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.textContent).toBe("Please wait…");
    fireEvent.pointerDown(button);
    act(() => vi.advanceTimersByTime(HOLD_MS));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("does not confirm when it unmounts mid-hold", () => {
    vi.useFakeTimers();
    const onConfirm = vi.fn();
    const { unmount } = withI18n(<HoldButton onConfirm={onConfirm}>Go</HoldButton>);
    fireEvent.pointerDown(screen.getByRole("button"));
    unmount();
    act(() => vi.advanceTimersByTime(HOLD_MS * 2));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe("Countdown", () => {
  it.each([
    [3 * 86_400 + 3661, "green"],
    [601, "green"],
    [600, "yellow"],
    [301, "yellow"],
    [300, "red"],
    [10, "red"],
    [-5, "red"],
  ])("with %i s left is %s", (seconds, colour) => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00.000Z") });
    const to = new Date(Date.now() + seconds * 1000).toISOString();
    withI18n(<Countdown to={to} />);
    expect(screen.getByRole("timer").getAttribute("data-colour")).toBe(colour);
  });

  it("shows days, hours, minutes and seconds, and counts down every second", () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00.000Z") });
    const to = new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000).toISOString();
    withI18n(<Countdown to={to} />);
    const timer = screen.getByRole("timer");
    expect(timer.textContent).toBe("2d 03:04:05");
    expect(timer.getAttribute("aria-label")).toBe("2 days 3 hours 4 minutes 5 seconds left");
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe("2d 03:04:04");
  });

  it("shows minutes and seconds only when compact", () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00.000Z") });
    withI18n(<Countdown to={new Date(Date.now() + 754_000).toISOString()} compact />);
    expect(screen.getByRole("timer").textContent).toBe("12:34");
  });
});

describe("CodeInput", () => {
  function Harness({ length = 6, pattern = /[0-9]/ }: { length?: number; pattern?: RegExp }) {
    const [value, setValue] = useState("");
    return (
      <>
        <CodeInput value={value} onChange={setValue} length={length} pattern={pattern} label="Code" />
        <output data-testid="value">{value}</output>
      </>
    );
  }
  const boxes = () => screen.getAllByRole("textbox") as HTMLInputElement[];

  it("has one labelled box per character, four by default", () => {
    withI18n(<CodeInput value="" onChange={() => undefined} label="Code" />);
    expect(boxes()).toHaveLength(4);
    expect(boxes()[0]?.getAttribute("aria-label")).toBe("Character 1 of 4");
    expect(screen.getByRole("group", { name: "Code" })).toBeTruthy();
  });

  it("fills every box from a pasted code and moves to the last one", () => {
    withI18n(<Harness />);
    fireEvent.paste(boxes()[0] as HTMLInputElement, { clipboardData: { getData: () => " 12-34 56 " } });
    expect(screen.getByTestId("value").textContent).toBe("123456");
    expect(boxes().map((b) => b.value)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it("moves to the next box as each character is typed, refusing characters outside the pattern", () => {
    withI18n(<Harness />);
    fireEvent.change(boxes()[0] as HTMLInputElement, { target: { value: "a" } });
    expect(screen.getByTestId("value").textContent).toBe("");
    fireEvent.change(boxes()[0] as HTMLInputElement, { target: { value: "7" } });
    expect(screen.getByTestId("value").textContent).toBe("7");
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it("goes back with Backspace on an empty box, clearing the previous character", () => {
    withI18n(<Harness />);
    fireEvent.paste(boxes()[0] as HTMLInputElement, { clipboardData: { getData: () => "12" } });
    const third = boxes()[2] as HTMLInputElement;
    third.focus();
    fireEvent.keyDown(third, { key: "Backspace" });
    expect(screen.getByTestId("value").textContent).toBe("1");
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it("removes the character of a filled box with Backspace, the later ones moving up as in a text field", () => {
    withI18n(<Harness />);
    fireEvent.paste(boxes()[0] as HTMLInputElement, { clipboardData: { getData: () => "123" } });
    const second = boxes()[1] as HTMLInputElement;
    second.focus();
    fireEvent.keyDown(second, { key: "Backspace" });
    expect(boxes().map((b) => b.value)).toEqual(["1", "3", "", "", "", ""]);
    expect(document.activeElement).toBe(second);
  });

  it("asks for a numeric keyboard when only digits are accepted", () => {
    withI18n(<Harness />);
    expect(boxes()[0]?.getAttribute("inputmode")).toBe("numeric");
  });
});

describe("formatPrice", () => {
  it("writes euros the French way and dollars the American way", () => {
    expect(formatPrice(1234.56, "eur")).toBe("1 234,56 €");
    expect(formatPrice(1234.56, "usd")).toBe("$ 1,234.56");
  });

  it("drops the cents of a whole amount", () => {
    expect(formatPrice(49, "eur")).toBe("49 €");
    expect(formatPrice(120, "usd")).toBe("$ 120");
  });

  it("writes yen and riyals as schemas/constants.json says", () => {
    expect(formatPrice(1234.56, "jpy")).toBe("¥ 1,235");
    expect(formatPrice(1234.56, "sar")).toBe("1,234.56 SAR");
  });
});

describe("CopyButton", () => {
  it("copies the text and says so for 1 s", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    withI18n(<CopyButton text="https://fair.draw/abc" label="Copy the link" />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy the link" })));
    expect(writeText).toHaveBeenCalledWith("https://fair.draw/abc");
    expect(screen.getByRole("status").textContent).toBe("Copied!");
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole("status").textContent).toBe("Copied!");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status").textContent).toBe("");
    expect(COPIED_MS).toBe(1000);
  });

  it("does not say copied when the clipboard refuses", async () => {
    const writeText = vi.fn(() => Promise.reject(new Error("not allowed")));
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    withI18n(<CopyButton text="https://fair.draw/abc" label="Copy the link" />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy the link" })));
    expect(writeText).toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
