import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../web/src/i18n/activate";
import ComponentsPage from "../../web/src/pages/ComponentsPage";
import { Providers } from "../../web/src/testing/Providers";

beforeAll(() => activateLocale("en"));

/** Every widget module of web/src/widgets (a .tsx file is a component; useNow.ts is a hook). */
const WIDGETS = Object.keys(import.meta.glob("../../web/src/widgets/*.tsx"))
  .map((f) => f.replace(/^.*\/(\w+)\.tsx$/, "$1"))
  .sort();

function renderPage() {
  return render(
    <Providers path="/components">
      <ComponentsPage />
    </Providers>,
  );
}

describe("/components", () => {
  it("has one title and a section for every widget of web/src/widgets", () => {
    renderPage();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const sections = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect([...sections].sort()).toEqual(WIDGETS);
    expect(document.title).toBe("Components • Fairdraw");
  });

  it("shows the countdown in its three colours and prices in the four currencies", () => {
    renderPage();
    const colours = screen.getAllByRole("timer").map((el) => el.getAttribute("data-colour"));
    expect(new Set(colours)).toEqual(new Set(["green", "yellow", "red"]));
    const prices = within(screen.getByRole("region", { name: "Price" }));
    expect(prices.getByText("1 234,56 €")).toBeTruthy();
    expect(prices.getByText("$ 1,234.56")).toBeTruthy();
  });

  it("lets the code input be typed into, and says when the code is complete", () => {
    renderPage();
    const code = within(screen.getByRole("group", { name: "Six-digit code" }));
    fireEvent.paste(code.getByLabelText("Character 1 of 6"), {
      clipboardData: { getData: () => "123456" },
    });
    expect(screen.getByText("Complete: 123456")).toBeTruthy();
  });
});
