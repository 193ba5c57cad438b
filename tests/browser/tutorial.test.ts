/**
 * The tutorials (issue 27), in Chromium against the real server: the contest preview's word of welcome shows once per
 * person and has a visible Skip, all by keyboard; /welcome is skipped by keyboard and remembered for the person.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { signInDemo } from "./builder-helpers";
import { focusMovedInto } from "./waits";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let userId: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const call = await signInDemo(server.url, browser.context);
  userId = ((await (await call("GET", "/users/me")).json()) as { _id: string })._id;
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Presses Tab until `target` has the focus (bounded), as a keyboard user reaches it. */
async function tabTo(target: ReturnType<Page["getByRole"]>) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

describe("the contest preview's word of welcome", () => {
  it("shows once, with a visible Skip reached and pressed by keyboard, and not again after a reload", async () => {
    await page.goto(`${server.url}/contests/`);
    const preview = page.getByRole("button", { name: /^Preview / }).first();
    await preview.waitFor();
    await preview.focus();
    await page.keyboard.press("Enter");
    const welcome = page.getByRole("dialog", { name: "The contest preview" });
    await welcome.waitFor();
    const skip = welcome.getByRole("button", { name: "Skip", exact: true });
    expect(await skip.isVisible()).toBe(true);
    // Radix moves the focus in a frame after the dialog shows: a Tab walk begun before would be cut short by it.
    await focusMovedInto(welcome);
    await tabTo(skip);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(
      await page.evaluate((id) => localStorage.getItem(`fairdraw.seen.contestPreviewWelcome.${id}`), userId),
    ).toBe("1");

    await page.reload();
    await preview.waitFor();
    await preview.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    expect(await page.getByRole("dialog", { name: "The contest preview" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(pageErrors).toEqual([]);
  });
});

describe("the tutorial", () => {
  it("is skipped by keyboard from its visible Skip button, to the dashboard, and remembered for the person", async () => {
    await page.goto(`${server.url}/welcome`);
    const skip = page.getByRole("button", { name: "Skip the tutorial" });
    await skip.waitFor();
    const box = await skip.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(900);
    await tabTo(skip);
    await page.keyboard.press("Enter");
    const ask = page.getByRole("dialog", { name: "Skip the tutorial?" });
    await ask.waitFor();
    await focusMovedInto(ask);
    await tabTo(ask.getByRole("button", { name: "Skip", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate((id) => localStorage.getItem(`fairdraw.seen.tutorial.${id}`), userId)).toBe(
      "1",
    );
    expect(pageErrors).toEqual([]);
  });
});
