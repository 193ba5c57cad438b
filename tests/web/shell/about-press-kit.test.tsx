/** The press kit is reached from the About dialog (app-shell.md §2 "download press kit"). */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { AboutDialog } from "../../../web/src/dialogs/AboutDialog";
import { useDialogs } from "../../../web/src/dialogs/DialogHost";
import { PRESS_KIT_FILES } from "../../../web/src/dialogs/DownloadPressKitDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { renderShell } from "./render";

beforeAll(() => activateLocale("en"));

/** Opens About the way the avatar menu and the I shortcut do. */
function OpenAbout() {
  const dialogs = useDialogs();
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once
  useEffect(() => dialogs.open((close) => <AboutDialog onClose={close} />), []);
  return null;
}

describe("About → press kit", () => {
  it("opens the press kit in place of the About dialog, with every file to download", async () => {
    renderShell(<OpenAbout />);
    const about = await screen.findByRole("dialog", { name: "About Fairdraw" });
    await userEvent.setup().click(within(about).getByRole("button", { name: "Press kit" }));
    const kit = await screen.findByRole("dialog", { name: "Press kit" });
    expect(screen.queryByRole("dialog", { name: "About Fairdraw" })).toBeNull();
    for (const file of PRESS_KIT_FILES) {
      expect(
        within(kit)
          .getByRole("link", { name: `Download ${file.name}` })
          .getAttribute("href"),
      ).toBe(file.href);
    }
  });
});
