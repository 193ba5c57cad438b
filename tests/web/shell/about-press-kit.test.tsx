/** The press kit is reached from the About dialog (app-shell.md §2 "download press kit"). */

import { statSync } from "node:fs";
import path from "node:path";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { AboutDialog } from "../../../web/src/dialogs/AboutDialog";
import { useDialogs } from "../../../web/src/dialogs/DialogHost";
import { PRESS_KIT_FILES, PRESS_KIT_ZIP } from "../../../web/src/dialogs/DownloadPressKitDialog";
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
    const zip = within(kit).getByRole("link", { name: /^Download the whole kit \(ZIP, \d+ kB\)$/ });
    expect(zip.getAttribute("href")).toBe("/press-kit/fairdraw-press-kit.zip");
    expect(PRESS_KIT_ZIP.bytes).toBeGreaterThan(0);
    for (const file of PRESS_KIT_FILES) {
      expect(
        within(kit)
          .getByRole("link", { name: `Download ${file.name}` })
          .getAttribute("href"),
      ).toBe(file.href);
    }
  });

  it("holds a real kit: logos in SVG and PNG, screenshots and a text, files that exist with the sizes listed", () => {
    const names = PRESS_KIT_FILES.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "fairdraw-logo.svg",
        "fairdraw-logo.png",
        "fairdraw-mark.svg",
        "fairdraw-mark-512.png",
        "README.md",
      ]),
    );
    expect(names.filter((n) => n.startsWith("screenshot-")).length).toBeGreaterThanOrEqual(3);
    for (const file of [...PRESS_KIT_FILES, PRESS_KIT_ZIP]) {
      expect(statSync(path.join("web/public", file.href)).size).toBe(file.bytes);
    }
    // app-shell.md §2: about 402 KB.
    expect(PRESS_KIT_ZIP.bytes).toBeGreaterThan(250_000);
    expect(PRESS_KIT_ZIP.bytes).toBeLessThan(600_000);
  });
});
