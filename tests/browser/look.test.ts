/**
 * Issue 27's look in real Chromium against the real server and its demo seed: the Drawing page leads with its
 * action (above the fold on a 390 px phone, the proof below it) and names the drawn people; the public winners
 * page a brand shares (team, contest, date, winners' cards with their profiles, the link to the proof) at phone
 * and desktop widths, in English and Arabic; the phone's sub-nav fades at the end that scrolls, in both directions.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { horizontalOverflow, OWNER, openRoute, seriousViolations, setLocale } from "./route-tour";
import { signIn } from "./sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];
type Listed = { _id: string; name: string; status: string };
let closed: Listed;
let ended: Listed;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await signIn(page, server.url, OWNER);
  const list = await page.evaluate(
    async () =>
      (await (await fetch("/api/v1/teams/current/contests/list?per_page=50")).json()).data as Listed[],
  );
  const find = (status: string) => {
    const found = list.find((c) => c.status === status);
    if (!found) throw new Error(`the demo seed has no ${status} contest`);
    return found;
  };
  closed = find("closed");
  ended = find("ended");
  // The sign-in page asks who is signed in first (a 401): what counts is what the pages below log.
  pageErrors.length = 0;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const phone = () => page.setViewportSize({ width: 390, height: 844 });
const desktop = () => page.setViewportSize({ width: 1440, height: 900 });

describe("the Drawing page", { timeout: 60_000 }, () => {
  it("shows 'Start the final draw' above the fold of a 390 px phone, and the proof below it", async () => {
    await phone();
    await openRoute(page, `${server.url}/contest/${closed._id}/drawing`);
    const start = page.getByRole("button", { name: "Start the final draw" });
    await start.waitFor();
    const box = await start.boundingBox();
    // The fixed bottom bar covers the foot of the screen: the button sits fully above it, without scrolling.
    const bar = await page.locator("nav.bottom-bar").boundingBox();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 844);
    const seed = await page.getByRole("region", { name: "Locked seed" }).boundingBox();
    expect(seed?.y ?? 0).toBeGreaterThan(box?.y ?? 0);
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("names the drawn people by name and handle, never by their network id", async () => {
    await desktop();
    await openRoute(page, `${server.url}/contest/${ended._id}/drawing`);
    const final = page.getByRole("region", { name: "Final draw" });
    await final.locator(".draw-winners li").first().waitFor();
    const winners = await final.locator(".draw-winners li").evaluateAll((lis) =>
      lis.map((li) => ({
        name: li.querySelector(".entrant-name")?.textContent ?? "",
        handle: li.querySelector(".draw-handle")?.textContent ?? "",
        avatar: li.querySelector(".entrant-avatar") !== null,
      })),
    );
    expect(winners.length).toBeGreaterThan(0);
    for (const w of winners) {
      expect(w.name).not.toBe("");
      expect(w.handle).toMatch(/^@\S+/);
      expect(w.avatar).toBe(true);
    }
    expect(await final.textContent()).not.toMatch(/\b(twitter|bluesky|instagram|facebook):\w/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

async function winnersPage(locale: string) {
  await setLocale(page, server.url, locale);
  await openRoute(page, `${server.url}/verify/${ended._id}/winners`);
}

describe("the public winners page", { timeout: 60_000 }, () => {
  it("is a page a brand shares: team, contest, date, winners with their profiles and the proof", async () => {
    const proof = await page.evaluate(
      async (id) => (await (await fetch(`/api/v1/verify/${id}`)).json()) as Record<string, unknown>,
      ended._id,
    );
    const accounts = proof.winners_accounts as { screen_name: string; name: string; url: string }[];
    for (const size of [desktop, phone]) {
      await size();
      await winnersPage("en");
      await page.getByRole("heading", { level: 1, name: `Winners of ${ended.name}` }).waitFor();
      await page.getByText(`A giveaway by ${proof.team_name}`).waitFor();
      expect(await page.locator(".winners-date time").getAttribute("datetime")).toBe(proof.drawn_at);
      const cards = page.getByRole("list", { name: "Drawn winners" }).getByRole("listitem");
      expect(await cards.count()).toBe(accounts.length);
      for (const [i, a] of accounts.entries()) {
        const card = cards.nth(i);
        expect(await card.locator(".winner-name").textContent()).toBe(a.name);
        expect(await card.locator(".winner-handle").textContent()).toBe(`@${a.screen_name}`);
        expect(await card.locator(".entrant-avatar").isVisible()).toBe(true);
        expect(await card.getByRole("link", { name: /^Profile of / }).getAttribute("href")).toBe(a.url);
      }
      expect((await horizontalOverflow(page)).overflow).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.getByRole("link", { name: "Check how they were drawn" }).click();
    await page.waitForURL(`${server.url}/verify/${ended._id}`);
    expect(pageErrors).toEqual([]);
  });

  it("reads right to left in Arabic, the team line and the date in Arabic", async () => {
    await phone();
    await winnersPage("ar");
    await page.locator(".winners-team").waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    expect(await page.locator(".winners-team").textContent()).toMatch(/^مسابقة من /);
    expect(await page.locator(".winners-date time").textContent()).toMatch(/[\u0600-\u06FF]/);
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    await setLocale(page, server.url, "en");
  });
});

describe("the phone's sub-nav", { timeout: 60_000 }, () => {
  for (const locale of ["en", "ar"]) {
    it(`fades at the end that hides more tabs, and at the start once scrolled (${locale})`, async () => {
      await phone();
      await setLocale(page, server.url, locale);
      await openRoute(page, `${server.url}/contest/${closed._id}/`);
      const row = page.locator("nav.sub-menu ul");
      await row.waitFor();
      expect(await row.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
      // data-more is measured in an effect after the row is drawn: read until it is set.
      await expect.poll(() => row.getAttribute("data-more")).toBe("end");
      const mask = () => row.evaluate((ul) => getComputedStyle(ul).maskImage);
      expect(await mask()).toContain("gradient");
      // Scrolled to its far end (negative offsets in right-to-left), the start fades instead.
      await row.evaluate((ul) => {
        ul.style.scrollBehavior = "auto";
        ul.scrollLeft = getComputedStyle(ul).direction === "rtl" ? -ul.scrollWidth : ul.scrollWidth;
      });
      await expect.poll(() => row.getAttribute("data-more")).toBe("start");
      expect(await mask()).toContain("gradient");
      await setLocale(page, server.url, "en");
    });
  }
});
