/**
 * Every route of app-shell.md §2, in English and Arabic, on a phone (390 × 844) and a desktop (1440 × 900), against
 * the real server and its demo seed: the page never scrolls sideways, no text is an emoji or a pictograph used as an
 * icon, nothing throws, and axe-core finds no serious or critical violation. Plus the layout fixes a person saw:
 * the dashboard's cards apart, the phone's bottom bar on screen with whole words.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import {
  ADMIN,
  horizontalOverflow,
  OWNER,
  openRoute,
  pictographTexts,
  ROUTES,
  type Route,
  readSeedIds,
  type SeedIds,
  SIZES,
  seriousViolations,
  setLocale,
} from "./route-tour";
import { signIn } from "./sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let ids: SeedIds;
let signedInAs: Route["as"] = "public";
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await signIn(page, server.url, OWNER);
  signedInAs = "owner";
  ids = await readSeedIds(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function becomes(as: Route["as"]) {
  if (signedInAs === as) return;
  if (as === "public") await page.context().clearCookies();
  else await signIn(page, server.url, as === "admin" ? ADMIN : OWNER);
  signedInAs = as;
}

// Public pages first, then the owner's, then the administrator's: one sign-in each.
const ORDERED = [...ROUTES].sort(
  (a, b) => ["public", "owner", "admin"].indexOf(a.as) - ["public", "owner", "admin"].indexOf(b.as),
);

describe("every route on a phone and a desktop", () => {
  for (const locale of ["en", "ar"]) {
    for (const route of ORDERED) {
      it(`${route.name} in ${locale} fits, shows no pictograph, throws nothing and passes axe`, async () => {
        await becomes(route.as);
        await setLocale(page, server.url, locale);
        const problems: string[] = [];
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          pageErrors.length = 0;
          await openRoute(page, `${server.url}${route.path(ids)}`);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
          const { overflow, culprit } = await horizontalOverflow(page);
          if (overflow > 0) problems.push(`${size.name}: ${overflow}px wider than the window (${culprit})`);
          for (const text of await pictographTexts(page))
            problems.push(`${size.name}: pictograph in "${text}"`);
          for (const v of await seriousViolations(page)) problems.push(`${size.name}: ${v}`);
          for (const e of pageErrors) problems.push(`${size.name}: uncaught ${e}`);
        }
        expect(problems.join("\n")).toBe("");
      });
    }
  }
});

// Dark mode follows the system setting (web/src/theme.css): the same checks with prefers-color-scheme: dark, on the
// routes that show most of the design system (shell, cards, tables, badges, forms, the drawing page).
const DARK_ROUTES = [
  "login",
  "dashboard",
  "contests",
  "contest-drawing",
  "team-accounts",
  "me-settings",
  "verify",
];
describe("dark mode", () => {
  for (const name of DARK_ROUTES) {
    it(`${name} in dark mode is dark, fits and passes axe (contrast included)`, async () => {
      const route = ROUTES.find((r) => r.name === name);
      if (!route) throw new Error(`no route ${name}`);
      await becomes(route.as);
      await setLocale(page, server.url, "en");
      await page.emulateMedia({ colorScheme: "dark" });
      const problems: string[] = [];
      try {
        for (const size of SIZES) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await openRoute(page, `${server.url}${route.path(ids)}`);
          const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          expect(background, "the page's background follows the dark scheme").toBe("rgb(15, 15, 18)");
          const { overflow, culprit } = await horizontalOverflow(page);
          if (overflow > 0) problems.push(`${size.name}: ${overflow}px wider than the window (${culprit})`);
          for (const v of await seriousViolations(page)) problems.push(`${size.name}: ${v}`);
        }
      } finally {
        await page.emulateMedia({ colorScheme: "light" });
      }
      expect(problems.join("\n")).toBe("");
    });
  }
});

describe("the layout fixes", () => {
  it("keeps the dashboard's cards apart", async () => {
    await becomes("owner");
    await setLocale(page, server.url, "en");
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await openRoute(page, `${server.url}/`);
      await page.locator(".dash-upcoming").waitFor();
      // Each card or block of the page against the next one below it: a visible gap, never touching.
      const gaps = await page.evaluate(() => {
        const blocks = [...document.querySelectorAll("main .card, main .status-counts, main .dash-upcoming")];
        const rects = blocks.map((b) => b.getBoundingClientRect());
        const out: number[] = [];
        for (let i = 0; i < rects.length; i++) {
          for (let j = 0; j < rects.length; j++) {
            const a = rects[i];
            const b = rects[j];
            if (
              !a ||
              !b ||
              i === j ||
              blocks[i]?.contains(blocks[j] ?? null) ||
              blocks[j]?.contains(blocks[i] ?? null)
            )
              continue;
            const sideBySide = a.right <= b.left || b.right <= a.left;
            if (!sideBySide && b.top >= a.top && b.top - a.bottom < 40)
              out.push(Math.round(b.top - a.bottom));
          }
        }
        return out;
      });
      expect(gaps.length).toBeGreaterThan(0);
      for (const gap of gaps) expect(gap, size.name).toBeGreaterThanOrEqual(8);
    }
  });

  it("shows the phone's bottom bar on screen, with an icon and a whole word for each link", async () => {
    await becomes("owner");
    await setLocale(page, server.url, "en");
    await page.setViewportSize({ width: 320, height: 640 });
    await openRoute(page, `${server.url}/team/accounts`);
    const bar = await page.evaluate(() => {
      const nav = document.querySelector(".bottom-bar");
      const r = nav?.getBoundingClientRect();
      const links = [...(nav?.querySelectorAll("a") ?? [])].map((a) => {
        const label = a.querySelector("span");
        return {
          icon: !!a.querySelector("svg"),
          // One line: a label broken mid-word is taller than its line height.
          oneLine: !!label && label.getBoundingClientRect().height < 20,
          clipped: !!label && label.scrollWidth > label.clientWidth,
        };
      });
      return {
        inView: !!r && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
        links,
      };
    });
    expect(bar.inView).toBe(true);
    expect(bar.links).toHaveLength(5);
    for (const link of bar.links) expect(link).toEqual({ icon: true, oneLine: true, clipped: false });
    expect((await horizontalOverflow(page)).overflow).toBe(0);
  });
});
