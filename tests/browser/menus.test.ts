/**
 * The section tabs on a phone (issue 27's after-set), in Chromium against the real server: each tab on one line, and
 * the current one scrolled into the row rather than left under the fade at its far end, in English and Arabic.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { signInDemo } from "./builder-helpers";
import { readSeedIds, setLocale } from "./route-tour";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  await signInDemo(server.url, browser.context);
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the section tabs on a 390 px phone", () => {
  for (const locale of ["en", "ar"]) {
    it(`show the current tab whole, each tab on one line (${locale})`, async () => {
      await setLocale(page, server.url, locale);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/contests/`);
      await page.locator(".sub-menu").waitFor();
      const { endedId } = await readSeedIds(page);
      await page.goto(`${server.url}/contest/${endedId}/drawing`);
      const current = page.locator('.sub-menu a[aria-current="page"]');
      await current.waitFor();
      // The row scrolls to the current tab in an effect after it is drawn, and the web font swapped in after the
      // first paint moves the tabs again: the place is read until it settles (bounded), then checked.
      const place = () =>
        current.evaluate((a) => {
          const row = (a.closest("ul") as HTMLElement).getBoundingClientRect();
          const tab = a.getBoundingClientRect();
          // Inside the row, clear of the faded ends (3rem).
          return { clearOfStart: tab.left >= row.left + 40, clearOfEnd: tab.right <= row.right - 40 };
        });
      await expect.poll(place).toEqual({ clearOfStart: true, clearOfEnd: true });
      // One line: every tab is as tall as the first.
      const heights = () =>
        page
          .locator(".sub-menu a")
          .evaluateAll(
            (links) => new Set(links.map((a) => Math.round(a.getBoundingClientRect().height))).size,
          );
      await expect.poll(heights).toBe(1);
      expect(pageErrors).toEqual([]);
    });
  }
});
