/**
 * Every route of app-shell.md §2 against the demo seed, and the checks a page must pass on any screen: no
 * horizontal page scroll, no emoji or pictograph used as an icon, no serious or critical axe-core violation.
 * Shared by the browser test (tests/browser/routes.test.ts) and `npm run screenshots`.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** The scripts (screenshots, press kit) sign in as the tour does. */
export { signIn } from "./sign-in";

export const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

export const OWNER = "demo@fairdraw.test";
export const ADMIN = "admin@fairdraw.test";

/** Ids the routes need, read from the seed through the API once signed in. */
export type SeedIds = { contestId: string; draftId: string; endedId: string; shortlinkKey: string };

export type Route = { name: string; path: (ids: SeedIds) => string; as: "public" | "owner" | "admin" };

const fixed = (p: string) => () => p;

export const ROUTES: Route[] = [
  { name: "login", path: fixed("/login"), as: "public" },
  { name: "registration", path: fixed("/registration"), as: "public" },
  { name: "invite", path: fixed("/invite/demo-invite-carol"), as: "public" },
  { name: "custom", path: fixed("/custom/lumen-coffee"), as: "public" },
  { name: "verify", path: (ids) => `/verify/${ids.contestId}`, as: "public" },
  { name: "verify-drawn", path: (ids) => `/verify/${ids.endedId}`, as: "public" },
  { name: "verify-winners", path: (ids) => `/verify/${ids.endedId}/winners`, as: "public" },
  { name: "dashboard", path: fixed("/"), as: "owner" },
  { name: "welcome", path: fixed("/welcome"), as: "owner" },
  { name: "components", path: fixed("/components"), as: "owner" },
  { name: "link", path: fixed("/link"), as: "owner" },
  { name: "checkout", path: fixed("/checkout-session/plan/advanced/monthly"), as: "owner" },
  { name: "contests", path: fixed("/contests/"), as: "owner" },
  { name: "contests-check", path: fixed("/contests/check"), as: "owner" },
  { name: "contests-create", path: fixed("/contests/create"), as: "owner" },
  { name: "contests-quickdraw", path: fixed("/contests/quickdraw"), as: "owner" },
  { name: "contest", path: (ids) => `/contest/${ids.contestId}/`, as: "owner" },
  { name: "contest-entries", path: (ids) => `/contest/${ids.contestId}/entries`, as: "owner" },
  { name: "contest-statistics", path: (ids) => `/contest/${ids.contestId}/statistics`, as: "owner" },
  { name: "contest-drawing", path: (ids) => `/contest/${ids.contestId}/drawing`, as: "owner" },
  // An ended contest: its final draw, winners and proof.
  { name: "contest-drawn", path: (ids) => `/contest/${ids.endedId}/drawing`, as: "owner" },
  { name: "contest-settings", path: (ids) => `/contest/${ids.contestId}/settings`, as: "owner" },
  { name: "team", path: fixed("/team/"), as: "owner" },
  { name: "team-accounts", path: fixed("/team/accounts"), as: "owner" },
  { name: "team-members", path: fixed("/team/members"), as: "owner" },
  { name: "team-invites", path: fixed("/team/invites"), as: "owner" },
  { name: "team-shortlinks", path: fixed("/team/shortlinks"), as: "owner" },
  { name: "team-shortlink", path: (ids) => `/team/shortlinks/${ids.shortlinkKey}`, as: "owner" },
  { name: "team-activity", path: fixed("/team/activity"), as: "owner" },
  { name: "team-subscription", path: fixed("/team/subscription"), as: "owner" },
  { name: "team-billing", path: fixed("/team/billing"), as: "owner" },
  { name: "team-settings", path: fixed("/team/settings"), as: "owner" },
  { name: "team-one-shot", path: fixed("/team/one-shot"), as: "owner" },
  { name: "me-teams", path: fixed("/me/teams"), as: "owner" },
  { name: "me-delegation", path: fixed("/me/delegation"), as: "owner" },
  { name: "me-contests", path: fixed("/me/contests"), as: "owner" },
  { name: "me-activity", path: fixed("/me/activity"), as: "owner" },
  { name: "me-settings", path: fixed("/me/settings"), as: "owner" },
  { name: "not-found", path: fixed("/no-such-page"), as: "owner" },
  { name: "admin", path: fixed("/admin"), as: "admin" },
  { name: "admin-contests", path: fixed("/admin/contests"), as: "admin" },
  { name: "admin-stats", path: fixed("/admin/stats"), as: "admin" },
  { name: "admin-users", path: fixed("/admin/users"), as: "admin" },
];

/** The seed's started contest, its draft and a shortlink, read through the API from the signed-in page. */
export async function readSeedIds(page: Page): Promise<SeedIds> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async () => {
    const contests = (await (await fetch("/api/v1/teams/current/contests/list?per_page=50")).json()).data as {
      _id: string;
      status: string;
    }[];
    const links = (await (await fetch("/api/v1/teams/current/shortlinks/list")).json()).data as {
      key: string;
    }[];
    const started = contests.find((c) => c.status === "started") ?? contests[0];
    const draft = contests.find((c) => c.status === "draft") ?? contests[0];
    const ended = contests.find((c) => c.status === "ended") ?? contests[0];
    return {
      contestId: started?._id ?? "",
      draftId: draft?._id ?? "",
      endedId: ended?._id ?? "",
      shortlinkKey: links[0]?.key ?? "",
    };
  });
}

export async function setLocale(page: Page, base: string, locale: string): Promise<void> {
  await page.context().addCookies([{ name: "locale", value: locale, url: base }]);
}

/** Opens a route and waits until its data has arrived (a heading shows and the network is quiet). */
export async function openRoute(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page
    .locator("h1")
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  // The web font swaps in after its answer (font.css) and moves the text: wait for it, then for a frame drawn with
  // it, rather than for a time a loaded machine may overrun.
  await page
    .evaluate(async () => {
      await document.fonts.ready;
      await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    })
    .catch(() => undefined);
}

/** How far the page is wider than the window, in CSS pixels (0 when it fits), and the widest culprit. */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprit: string }> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const overflow = Math.max(doc.scrollWidth, document.body.scrollWidth) - doc.clientWidth;
    const rtl = getComputedStyle(doc).direction === "rtl";
    let culprit = "";
    if (overflow > 0) {
      let widest = 0;
      for (const el of document.body.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        // Only the side the page scrolls to: the skip link waits off the other side.
        const out = rtl ? -r.left : r.right - doc.clientWidth;
        // The innermost element that sticks out names the cause best.
        if (out > 0 && out >= widest) {
          widest = out;
          culprit = `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}`;
        }
      }
    }
    return { overflow, culprit };
  });
}

/** Text nodes holding an emoji or pictograph (what shows as an empty box without an emoji font). */
export async function pictographTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Emoji, dingbats (✓ ✕ ★), geometric shapes (◐ ○ ▶) and technical signs (⌂) drawn as icons.
    const PICTO =
      /(?:[\p{Extended_Pictographic}\u{1F000}-\u{1FAFF}\u{2300}-\u{23FF}\u{25A0}-\u{25FF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F})/u;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? "";
      // © and ® are Extended_Pictographic but are letters of legal text, not icons.
      if (PICTO.test(text.replace(/[©®™]/g, ""))) found.push(text.trim().slice(0, 60));
    }
    return found;
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical violations on the page as it is. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the app's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Node = { target: string[] };
    type Violation = { id: string; impact: string; help: string; nodes: Node[] };
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const result: { violations: Violation[] } = await (window as any).axe.run(document);
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")}`,
      );
  });
}

/** Adds a source of the network whose name matches, from the builder's sidebar (screenshots, press kit). */
export async function addBuilderSource(page: Page, network: RegExp): Promise<void> {
  await page.locator(".builder-add-source").first().click({ timeout: 10_000 });
  await page
    .locator(".builder-providers button.builder-provider", { hasText: network })
    .first()
    .click({ timeout: 10_000 });
  await page.locator(".builder-tabs").first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
}
