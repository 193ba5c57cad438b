/** The language menu: a labelled button, by keyboard, every language named in its own language. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LanguageSelect } from "../../../web/src/components/LanguageSelect";
import { activateLocale } from "../../../web/src/i18n/activate";
import { renderShell } from "../shell/render";

beforeEach(() => activateLocale("en"));
afterEach(() => activateLocale("en"));

describe("LanguageSelect", () => {
  it("is a button named with the current language that opens a menu of the five, each in its own language", async () => {
    const user = userEvent.setup();
    renderShell(<LanguageSelect />, { user: null });
    const button = screen.getByRole("button", { name: "Language: English" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    await user.click(button);
    const menu = await screen.findByRole("menu", { name: "Language: English" });
    const items = within(menu).getAllByRole("menuitemradio");
    expect(items.map((i) => [i.textContent, i.getAttribute("lang")])).toEqual([
      ["English", "en"],
      ["Français", "fr"],
      ["العربية", "ar"],
      ["हिन्दी", "hi"],
      ["日本語", "ja"],
    ]);
    expect(items.map((i) => i.getAttribute("aria-checked"))).toEqual([
      "true",
      "false",
      "false",
      "false",
      "false",
    ]);
  });

  it("is used by keyboard: Enter opens it, the arrows move, Enter chooses and the interface changes", async () => {
    const user = userEvent.setup();
    renderShell(<LanguageSelect />, { user: null });
    screen.getByRole("button", { name: "Language: English" }).focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("العربية");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.documentElement.lang).toBe("ar"));
    expect(document.documentElement.dir).toBe("rtl");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes on Escape and gives the focus back to its button", async () => {
    const user = userEvent.setup();
    renderShell(<LanguageSelect />, { user: null });
    const button = screen.getByRole("button", { name: "Language: English" });
    await user.click(button);
    await screen.findByRole("menu");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});
