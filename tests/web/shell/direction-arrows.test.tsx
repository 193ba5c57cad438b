/**
 * The contest preview's previous/next arrows follow the reading direction (they flip in Arabic), while the ← and →
 * keys keep meaning previous and next.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ContestPreviewDialog } from "../../../web/src/dialogs/ContestPreviewDialog";
import { activateLocale } from "../../../web/src/i18n/activate";
import { contestChain, loadFromChain } from "../../../web/src/testing/contest-fixtures";
import { Providers } from "../../../web/src/testing/Providers";

/** The arrow glyphs of the previous and next buttons, in that order. */
function arrows(): string[] {
  const buttons = document.querySelectorAll<HTMLButtonElement>(".preview-nav button");
  return [...buttons].map((b) => b.querySelector(".direction-arrow")?.textContent ?? "");
}

async function renderPreview(id: string) {
  render(
    <Providers>
      <ContestPreviewDialog contestId={id} onClose={() => undefined} load={loadFromChain} />
    </Providers>,
  );
  await screen.findByRole("dialog", { name: contestChain[id]?.name });
}

describe("contest preview arrows", () => {
  afterEach(() => activateLocale("en"));

  it("shows ← previous and next → in a left-to-right language", async () => {
    await activateLocale("en");
    await renderPreview("second");
    expect(arrows()).toEqual(["←", "→"]);
  });

  it("flips the arrows in Arabic, the keys still meaning previous and next", async () => {
    await activateLocale("ar");
    await renderPreview("second");
    expect(arrows()).toEqual(["→", "←"]);
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? document, { key: "ArrowLeft" });
    });
    expect(await screen.findByRole("dialog", { name: "Spring giveaway" })).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? document, { key: "ArrowRight" });
    });
    expect(await screen.findByRole("dialog", { name: "Imported post" })).toBeTruthy();
  });
});
