/**
 * The builder tells what is wrong before Create and stops as soon as it is fixed (issue 27), in real Chromium
 * against the real server: Instagram's required media and the private message's 7-day limit show before any
 * submit, in the side pane, the sidebar and the pane header alike, and go once fixed; a locked switch says why;
 * Tab goes from the contest name to the start date; at 390 px "Open anyway" gives a builder that works; contest
 * names in the list are links a new tab can open.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { JPEG } from "../helpers/tiny-images";
import { signInDemo } from "./builder-helpers";
import { focusMovedInto } from "./waits";

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
  expect(pageErrors).toEqual([]);
});

const field = (path: string) => page.locator(`[id="fd-${path}"]`);

async function openBuilder() {
  await page.goto(`${server.url}/contests/create`);
  await page.locator(".builder-sidebar").waitFor();
}

function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function pickDay(id: string, days: number) {
  const target = new Date();
  target.setDate(target.getDate() + days);
  await page.locator(`[id="${id}"]`).click();
  const calendar = page.locator(".datetime-calendar");
  await calendar.waitFor();
  for (let i = 0; i < 3; i++) {
    const cell = calendar.locator(`[data-day="${dayKey(target)}"] button`);
    if ((await cell.count()) > 0) {
      await cell.click();
      await calendar.locator("[data-action=apply-date]").click();
      await calendar.waitFor({ state: "detached" });
      return;
    }
    await calendar.locator(".rdp-button_next").click();
  }
  throw new Error(`day ${dayKey(target)} not found`);
}

/** The side pane's message for a path ("" when it lists none). */
async function sideError(path: string): Promise<string> {
  const link = page.locator(`.builder-side-errors [data-error-path="${path}"] .field-error`);
  return (await link.count()) === 0 ? "" : ((await link.first().textContent()) ?? "");
}

const sidebarState = (pane: number) =>
  page.locator(`.builder-sidebar [data-pane="${pane}"]`).getAttribute("data-state");
const headerState = () => page.locator(".builder-pane-head .state-icon").getAttribute("data-state");

describe("the builder's feedback before Create", () => {
  it("shows Instagram's required media once its tab is left, everywhere at once, and drops it after the upload", async () => {
    await openBuilder();
    await page.locator(".builder-pane-foot [data-action=next]").click();
    await field("base.name").fill("Feedback giveaway");
    await pickDay("fd-base.start_date", 1);
    await pickDay("fd-base.close_date", 10);
    await page.locator(".builder-add-source").first().click();
    await page.locator('.modal button[data-provider="instagram"]').click();
    await page.locator(".builder-tabs").waitFor();
    await field("sources.0.publication.content").fill("Comment to win!");
    // Nothing is said about a field nobody has left yet.
    expect(await sideError("sources.0.publication.media.files")).toBe("");

    await page.locator("#builder-tab-actions").click();
    await expect.poll(() => sideError("sources.0.publication.media.files")).toBe(" – Is required.");
    expect(await sidebarState(100)).toBe("INVALID");
    expect(await headerState()).toBe("INVALID");

    await page.locator("#builder-tab-publication").click();
    await field("sources.0.publication.media").setInputFiles({
      name: "prize.jpg",
      mimeType: "image/jpeg",
      buffer: JPEG,
    });
    await expect.poll(() => sideError("sources.0.publication.media.files")).toBe("");
    // What remains (the actions tab, left with no action on) is the same in the side pane, the sidebar and the header.
    const remaining = () =>
      page
        .locator(".builder-side-errors [data-error-path]")
        .evaluateAll((a) => a.map((x) => x.dataset.errorPath));
    expect(await remaining()).toEqual(["sources.0.actions"]);
    expect(await sidebarState(100)).toBe("INVALID");
    expect(await headerState()).toBe("INVALID");
  }, 90_000);

  it("says on the switch, before Create, that a private message needs a contest shorter than 7 days", async () => {
    await page.locator("#builder-tab-actions").click();
    await field("sources.0.actions.comment.enabled").click({ force: true });
    // An action on: the actions tab's error goes at once, and with it the source's red mark.
    await expect.poll(() => sideError("sources.0.actions")).toBe("");
    await page.locator("#builder-tab-others").click();
    await field("sources.0.winners_private_message.enabled").click({ force: true });
    const message = " – Only available on contests lasting less than 7 days.";
    await expect.poll(() => sideError("sources.0.winners_private_message.enabled")).toBe(message);
    const beside = page.locator('[data-path="sources.0.winners_private_message.enabled"] .field-error');
    await expect.poll(() => beside.textContent()).toBe(message);
    // Turned off again, the error goes at once.
    await field("sources.0.winners_private_message.enabled").click({ force: true });
    await expect.poll(() => sideError("sources.0.winners_private_message.enabled")).toBe("");
  }, 60_000);

  it("says beside the locked winners publication switch where the winners are announced", async () => {
    const toggle = field("sources.0.winners_publication.enabled");
    expect(await toggle.isDisabled()).toBe(true);
    const described = await toggle.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(described).toContain("the winners announcement is made from the contest's Drawing page");
    expect(await page.locator("[data-locked-reason]").first().isVisible()).toBe(true);
  });

  it("goes by Tab from the contest name to the start date, with the focus shown", async () => {
    await page.locator('.builder-sidebar [data-pane="1"]').click();
    await field("base.name").focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("fd-base.start_date");
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(outline).not.toMatch(/^none|0px$/);
  });
});

describe("the builder on a phone", () => {
  it("opens anyway at 390 px: full-width panes, the steps as a bar at the bottom, the preview behind its toggle", async () => {
    const phone = await browser.context.newPage();
    phone.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(`${server.url}/contests/create`);
      await phone.getByRole("button", { name: "Open anyway" }).click();
      const bar = phone.locator(".builder-sidebar");
      await bar.waitFor();
      await phone.locator(".builder-pane-foot [data-action=next]").click();
      await phone.locator('[id="fd-base.name"]').waitFor();
      const barBox = await bar.boundingBox();
      const mainBox = await phone.locator(".builder-main").boundingBox();
      expect(barBox && barBox.y + barBox.height).toBeGreaterThan(800);
      expect(barBox?.height ?? 0).toBeLessThan(80);
      expect(mainBox?.width ?? 0).toBeGreaterThan(380);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      // The field fills the width, and the bar shows the current step.
      const name = await phone.locator('[id="fd-base.name"]').boundingBox();
      expect(name?.width ?? 0).toBeGreaterThan(300);
      expect(await bar.locator('[aria-current="step"]').isVisible()).toBe(true);

      await phone.locator(".builder-add-source").first().click();
      await phone.locator('.modal button[data-provider="twitter"]').click();
      await phone.locator(".builder-tabs").waitFor();
      expect(await phone.locator(".live-preview:visible").count()).toBe(0);
      await phone.locator(".builder-preview-toggle").click();
      await phone.locator(".builder-inline-preview .live-preview").waitFor();
    } finally {
      await phone.close();
    }
  }, 60_000);
});

/**
 * The builder's regions in the order Tab visits them, once round the overlay's focus trap: "header", "pane" (the
 * current pane), "bar" (the sidebar; a bar at the bottom on a phone), runs of one region told once.
 */
async function tabRegions(p: Page): Promise<string[]> {
  const seen: string[] = [];
  const visited = new Set<string>();
  for (let i = 0; i < 120; i++) {
    await p.keyboard.press("Tab");
    const where = await p.evaluate((n) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return null;
      const id = el.dataset.tabVisit ?? String(n);
      el.dataset.tabVisit = id;
      const region = el.closest(".builder-header")
        ? "header"
        : el.closest(".builder-main")
          ? "pane"
          : el.closest(".builder-sidebar")
            ? "bar"
            : "other";
      return { id, region };
    }, i);
    if (!where) continue;
    if (visited.has(where.id)) break;
    visited.add(where.id);
    if (where.region !== "other" && seen.at(-1) !== where.region) seen.push(where.region);
  }
  // Told from the header on, whatever had the focus first.
  const start = seen.indexOf("header");
  const cycle = [...seen.slice(start), ...seen.slice(0, start)];
  return cycle.filter((r, i) => i === 0 || r !== cycle[i - 1]);
}

async function openBuilderAt(width: number, height: number, locale: "en" | "ar"): Promise<Page> {
  await browser.context.addCookies([{ name: "locale", value: locale, url: server.url }]);
  const p = await browser.context.newPage();
  p.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
  await p.setViewportSize({ width, height });
  await p.goto(`${server.url}/contests/create`);
  // On a phone the small-window notice comes first (its primary button: "Open anyway", in any language).
  const anyway = p.locator(".builder-too-small .button.primary");
  await p.locator(".builder-sidebar, .builder-too-small").first().waitFor();
  if (await anyway.isVisible()) await anyway.click();
  await p.locator(".builder-sidebar").waitFor();
  // The overlay takes the focus (and starts trapping it) a frame after it shows: a Tab pressed before starts the
  // walk outside, and the focus jumping in midway breaks the order read.
  await focusMovedInto(p.locator(".builder"));
  return p;
}

describe("the builder's keyboard order", () => {
  for (const locale of ["en", "ar"] as const) {
    it(`reaches the pane before the bottom bar at 390 px, as they are seen (${locale})`, async () => {
      const phone = await openBuilderAt(390, 844, locale);
      try {
        const bar = await phone.locator(".builder-sidebar").boundingBox();
        const pane = await phone.locator(".builder-main").boundingBox();
        expect((bar?.y ?? 0) > (pane?.y ?? 0)).toBe(true);
        expect(await tabRegions(phone)).toEqual(["header", "pane", "bar"]);
        if (locale === "ar") expect(await phone.getAttribute("html", "dir")).toBe("rtl");
      } finally {
        await phone.close();
      }
    }, 60_000);
  }

  it("keeps the sidebar before the pane on a desktop, where it stands at the start", async () => {
    const desk = await openBuilderAt(1440, 900, "en");
    try {
      const bar = await desk.locator(".builder-sidebar").boundingBox();
      const pane = await desk.locator(".builder-main").boundingBox();
      expect((bar?.x ?? 0) < (pane?.x ?? 0)).toBe(true);
      expect(await tabRegions(desk)).toEqual(["header", "bar", "pane"]);
    } finally {
      await desk.close();
      await browser.context.addCookies([{ name: "locale", value: "en", url: server.url }]);
    }
  }, 60_000);
});

describe("the contests list", () => {
  it("names each contest with a link that opens its page, in this tab or a new one", async () => {
    // A page of its own: the builder left open above would ask before leaving.
    const list = await browser.context.newPage();
    const other = await browser.context.newPage();
    try {
      await list.goto(`${server.url}/contests/`);
      const link = list.locator(".contest-table a.contest-name-link").first();
      await link.waitFor();
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/contest\/[^/]+\/$/);
      await other.goto(`${server.url}${href}`);
      await other.waitForURL((url) => url.pathname === href);
      await other.locator("h1").first().waitFor();
    } finally {
      await other.close();
      await list.close();
    }
  });

  it("highlights the current page in the top menu, the sub-menu and the phone bar, with or without a slash", async () => {
    const other = await browser.context.newPage();
    try {
      for (const path of ["/contests", "/contests/"]) {
        await other.goto(`${server.url}${path}`);
        for (const menu of [".main-menu", ".sub-menu", ".bottom-bar"]) {
          const marked = other.locator(`${menu} a[aria-current="page"]`);
          await marked.first().waitFor({ state: "attached" });
          expect(await marked.getAttribute("href"), `${menu} at ${path}`).toBe("/contests/");
        }
      }
    } finally {
      await other.close();
    }
  });
});
