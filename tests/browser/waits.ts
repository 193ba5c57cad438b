/**
 * The waits a browser test makes before it acts, so that a key or a read never races the page (a loaded 2-core CI
 * machine runs effects, chunks and answers late): each waits for the state the next step needs, never for a time.
 */
import type { Locator, Page } from "playwright-core";

/**
 * The signed-in shell is drawn: the session is ready, so the keyboard shortcuts act (web/src/shell/Shortcuts.tsx
 * drops a key pressed while the user is still loading, and a key pressed before it is simply lost).
 */
export async function shellReady(page: Page): Promise<void> {
  await page.locator("header.app-header").waitFor();
}

/**
 * Radix has moved the focus into `layer` (a dialog, a menu). Radix does it in an effect a frame after the layer
 * shows, with its Escape and focus-trap listeners: a key pressed or a focus given before lands outside, or is
 * taken back.
 */
export async function focusMovedInto(layer: Locator): Promise<void> {
  const element = await layer.elementHandle();
  await layer.page().waitForFunction((el) => !!el?.contains(document.activeElement), element);
}

/** Focuses `target` and waits until it holds the focus (a late Radix focus would have undone it: wait first). */
export async function giveFocus(target: Locator): Promise<void> {
  await target.focus();
  const element = await target.elementHandle();
  await target.page().waitForFunction((el) => el === document.activeElement, element);
}

/**
 * Holds the hold button found by `selector` (web/src/widgets/HoldButton.tsx) until it has confirmed: it leaves
 * `hold`/`holding`, or it is gone with its dialog. However slow the machine, never a fixed time.
 */
export async function holdUntilConfirmed(page: Page, selector: string): Promise<void> {
  const button = page.locator(selector);
  await button.hover();
  await page.mouse.down();
  await page.waitForFunction(
    (s) => {
      const state = document.querySelector(s)?.getAttribute("data-state");
      return state !== "hold" && state !== "holding";
    },
    selector,
    { timeout: 30_000 },
  );
  await page.mouse.up();
}

/**
 * Presses C, the builder's shortcut, as a person would: once the shell is ready (pressed before, it is dropped),
 * nothing focused and no dialog open (C typed into a field or a dialog is not the shortcut).
 */
export async function pressBuilderShortcut(page: Page): Promise<void> {
  await shellReady(page);
  await page
    .locator("body")
    .click({ position: { x: 5, y: 300 } })
    .catch(() => undefined);
  await page.keyboard.press("Escape");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("c");
}
