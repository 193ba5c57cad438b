import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { User } from "../../../codegen/types";
import { useBuilder } from "../../../web/src/builder/BuilderHost";
import { useDialogs } from "../../../web/src/dialogs/DialogHost";
import { activateLocale } from "../../../web/src/i18n/activate";
import { Shortcuts, shortcutAllowed } from "../../../web/src/shell/Shortcuts";
import { userWith } from "../../../web/src/testing/fixtures";
import { currentPath, renderShell } from "./render";

vi.mock("../../../web/src/builder/ContestBuilder", () => ({
  default: () => <div data-testid="builder">Builder</div>,
}));

beforeAll(() => activateLocale("en"));
afterEach(() => vi.unstubAllGlobals());

function BuilderState() {
  const builder = useBuilder();
  const dialogs = useDialogs();
  return (
    <>
      <output data-testid="builder-open">{String(builder.isOpen)}</output>
      <output data-testid="dialog-open">{String(dialogs.isOpen)}</output>
      <input aria-label="A field" />
    </>
  );
}

function setup(user?: User | null) {
  return renderShell(
    <>
      <Shortcuts />
      <BuilderState />
    </>,
    { path: "/", user },
  );
}

const press = (key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.body, { key, ...init });
const dialogKind = () => document.querySelector("[data-dialog]")?.getAttribute("data-dialog") ?? null;
/** The shortcuts' dialogs are chunks loaded on first use (dialogs/lazy.tsx): one shows once it has come. */
const shown = (kind: string) => waitFor(() => expect(dialogKind()).toBe(kind));
/** Whether any dialog was opened, read from the dialog host's state: no wait for a chunk can hide an opening. */
const anyOpened = () => screen.getByTestId("dialog-open").textContent === "true";

describe("keyboard shortcuts", () => {
  it.each([
    ["t", "switch-team"],
    ["l", "language"],
    ["i", "about"],
    ["k", "shortcuts"],
  ])("%s opens the %s dialog", async (key, kind) => {
    setup();
    press(key);
    await shown(kind);
  });

  it("s opens the shortlinks dialog", async () => {
    setup();
    press("s");
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });

  it("works with the caps lock on (an upper-case letter without Shift)", async () => {
    setup();
    press("K");
    await shown("shortcuts");
  });

  it("q goes to the quick draw and p to the profile settings", () => {
    setup();
    press("q");
    expect(currentPath()).toBe("/contests/quickdraw");
    press("p");
    expect(currentPath()).toBe("/me/settings");
  });

  it("c opens the builder for a person allowed to create contests", async () => {
    setup();
    press("c");
    expect(screen.getByTestId("builder-open").textContent).toBe("true");
    expect(await screen.findByTestId("builder")).toBeTruthy();
  });

  it("c without the permission shows a permission error and leaves the builder closed", () => {
    setup(
      userWith((u) => {
        u.permissions["team.contests.create_contests"] = false;
      }),
    );
    press("c");
    expect(screen.getByTestId("builder-open").textContent).toBe("false");
    expect(screen.getByRole("dialog").textContent).toContain(
      "You don't have the permission to create contests.",
    );
  });

  it("does nothing while a field is focused", () => {
    setup();
    const field = screen.getByLabelText("A field");
    field.focus();
    fireEvent.keyDown(field, { key: "k" });
    expect(anyOpened()).toBe(false);
  });

  it.each(["ctrlKey", "metaKey", "altKey", "shiftKey"])("does nothing with %s held", (modifier) => {
    setup();
    press("k", { [modifier]: true });
    press("q", { [modifier]: true });
    expect(anyOpened()).toBe(false);
    expect(currentPath()).toBe("/");
  });

  it("does nothing while the builder is open", () => {
    setup();
    press("c");
    press("k");
    press("q");
    expect(anyOpened()).toBe(false);
    expect(currentPath()).toBe("/");
  });

  it("replaces an open dialog with the one a shortcut opens (one modal at a time)", async () => {
    setup();
    press("k");
    await shown("shortcuts");
    press("i");
    await shown("about");
    expect(document.querySelectorAll("[data-dialog]")).toHaveLength(1);
  });

  it("does nothing when signed out", () => {
    setup(null);
    press("k");
    press("q");
    expect(anyOpened()).toBe(false);
    expect(currentPath()).toBe("/");
  });

  it("ignores other keys", () => {
    setup();
    press("x");
    expect(anyOpened()).toBe(false);
  });
});

describe("shortcutAllowed", () => {
  it("refuses a repeated key press and one already handled", () => {
    const repeated = new KeyboardEvent("keydown", { key: "k", repeat: true });
    expect(shortcutAllowed(repeated, false)).toBe(false);
    const handled = new KeyboardEvent("keydown", { key: "k", cancelable: true });
    handled.preventDefault();
    expect(shortcutAllowed(handled, false)).toBe(false);
    expect(shortcutAllowed(new KeyboardEvent("keydown", { key: "k" }), true)).toBe(false);
    expect(shortcutAllowed(new KeyboardEvent("keydown", { key: "k" }), false)).toBe(true);
  });
});
