import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { filledBase } from "../../stories/fixtures";
import { ContestBaseCard } from "../../web/src/components/ContestBaseCard";
import { activateLocale } from "../../web/src/i18n/activate";

async function renderIn(locale: "en" | "fr" | "ar" | "ja") {
  await activateLocale(locale);
  return render(
    <I18nProvider i18n={i18n}>
      <ContestBaseCard base={filledBase} />
    </I18nProvider>,
  );
}

describe("ContestBaseCard", () => {
  it("shows the name, the winners count and the options in use", async () => {
    await renderIn("en");
    expect(screen.getByRole("heading", { name: "Summer giveaway" })).toBeTruthy();
    expect(screen.getByText("3 winners")).toBeTruthy();
    expect(screen.getByText("Previous winners excluded")).toBeTruthy();
    expect(screen.queryByText("Automatic draw")).toBeNull();
  });

  it.each([
    ["fr", "3 gagnants", "ltr"],
    ["ja", "当選者 3 名", "ltr"],
    ["ar", "3 فائزين", "rtl"],
  ] as const)("speaks %s (winners read %s, text runs %s)", async (locale, winners, dir) => {
    await renderIn(locale);
    expect(screen.getByText(winners)).toBeTruthy();
    expect(document.documentElement.dir).toBe(dir);
    expect(document.documentElement.lang).toBe(locale);
  });
});
