import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the web app in Chromium", () => {
  it("opens the home page with the contest defaults served by the API", async () => {
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Untitled contest" }).waitFor();
    expect(await page.title()).toBe("Home • Fairdraw");
    expect(await page.getByText("1 winner").isVisible()).toBe(true);
    expect(await page.locator("meta[name=robots]").getAttribute("content")).toBe("noindex, nofollow");
  });

  it("switches to French and keeps the choice after a reload", async () => {
    await page.getByLabel("Language").selectOption("fr");
    await page.getByRole("heading", { name: "Concours sans nom" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Concours sans nom" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
  });

  it("lays Arabic out right to left", async () => {
    await page.getByLabel("Langue").selectOption("ar");
    await page.getByRole("heading", { name: "مسابقة بلا عنوان" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  });

  it("has no accessibility violations that axe-core can find", async () => {
    // Evaluated through the debugging protocol: the app's CSP (rightly) refuses inline scripts.
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
      const result = await (window as any).axe.run(document);
      return result.violations.map((v: { id: string; help: string }) => `${v.id}: ${v.help}`);
    });
    expect(violations).toEqual([]);
  });

  it("logged no console error and threw no page error", () => {
    expect(pageErrors).toEqual([]);
  });
});
