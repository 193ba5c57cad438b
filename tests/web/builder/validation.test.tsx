import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import { opened, renderBuilder } from "./render";

async function basePane() {
  renderBuilder();
  await opened();
  const user = userEvent.setup();
  await user.click(document.querySelector('.builder-sidebar [data-pane="1"]') as HTMLElement);
  return user;
}

function fieldOf(path: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-path="${path}"]`);
  if (!el) throw new Error(path);
  return el;
}

describe("validation on demand", () => {
  it("shows no new error while typing, the first message once the field is left, and drops it when fixed", async () => {
    const user = await basePane();
    const name = screen.getByLabelText("Contest name");
    await user.type(name, "ab");
    expect(within(fieldOf("base.name")).queryByRole("alert")).toBeNull();
    await user.tab();
    const error = await within(fieldOf("base.name")).findByRole("alert");
    expect(error.textContent).toBe(" – Must be at least 4 characters.");
    // The keystroke that fixes it clears the error, before the field is left.
    await user.type(name, "c");
    expect(within(fieldOf("base.name")).getByRole("alert").textContent).toBe(
      " – Must be at least 4 characters.",
    );
    await user.type(name, "d");
    await waitFor(() => expect(within(fieldOf("base.name")).queryByRole("alert")).toBeNull());
  });

  it("checks the whole pane on Next and stays on it while it has errors", async () => {
    const user = await basePane();
    expect(document.querySelectorAll(".builder-field [role=alert]")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(within(fieldOf("base.name")).getByRole("alert").textContent).toBe(" – Is required.");
    expect(within(fieldOf("base.start_date")).getByRole("alert").textContent).toBe(" – Is required.");
    expect(screen.getByRole("heading", { name: "Basic information", level: 3 })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Builder steps" });
    expect(
      within(nav)
        .getByRole("button", { name: /Basic information/ })
        .getAttribute("data-state"),
    ).toBe("INVALID");
  });

  it("lists the pane's errors in the side pane, each a link that focuses its field", async () => {
    const user = await basePane();
    const side = screen.getByRole("complementary", { name: "Validation" });
    expect(within(side).getByText("No error found so far.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    const links = within(side).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Contest name – Is required.",
      "Start date – Is required.",
      "Close date – Is required.",
    ]);
    await user.click(links[0] as HTMLElement);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Contest name")));
  });

  it("turns the side pane's steps green as they become valid", async () => {
    const user = await basePane();
    await user.type(screen.getByLabelText("Contest name"), "Summer giveaway");
    await user.tab();
    const side = screen.getByRole("complementary", { name: "Validation" });
    await waitFor(() =>
      expect(within(side).getByText("Name").closest("li")?.getAttribute("data-state")).toBe("VALID"),
    );
    expect(within(side).getByText("Dates").closest("li")?.getAttribute("data-state")).toBe("REQUIRED");
  });

  it("words the engine's messages in French when the interface is in French", async () => {
    await activateLocale("fr");
    try {
      const user = await basePane();
      await user.type(document.getElementById("fd-base.name") as HTMLElement, "ab");
      await user.tab();
      const error = await within(fieldOf("base.name")).findByRole("alert");
      expect(error.textContent).toMatch(/^ – .+/);
      expect(error.textContent).not.toContain("Must be at least");
    } finally {
      await activateLocale("en");
    }
  });
});
