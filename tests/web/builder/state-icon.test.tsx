/** The "to complete" arrow of a pane or step points the reading direction: left in Arabic (right to left). */

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StateIcon } from "../../../web/src/builder/StateIcon";
import { activateLocale } from "../../../web/src/i18n/activate";

/** Which arrow the icon draws (an SVG from the icon set). */
function glyph(): string {
  const svg = document.querySelector('[data-state="REQUIRED"] svg');
  if (svg?.classList.contains("lucide-arrow-right")) return "→";
  if (svg?.classList.contains("lucide-arrow-left")) return "←";
  return "";
}

describe("StateIcon", () => {
  afterEach(() => activateLocale("en"));

  it("points right in a left-to-right language", async () => {
    await activateLocale("en");
    render(
      <I18nProvider i18n={i18n}>
        <StateIcon state="REQUIRED" />
      </I18nProvider>,
    );
    expect(glyph()).toBe("→");
  });

  it("points left in Arabic", async () => {
    await activateLocale("ar");
    render(
      <I18nProvider i18n={i18n}>
        <StateIcon state="REQUIRED" />
      </I18nProvider>,
    );
    expect(glyph()).toBe("←");
  });
});
