/**
 * The app shell in Chromium against the real server and its demo seed: signing in through the pages with the code
 * read from the dev mailbox, the main menu, the keyboard shortcuts, Arabic laid out right to left, the 404 and 403
 * pages, and an axe-core scan of every top-level page in English and Arabic.
 *
 * Interface texts are not looked for: until the catalogs are extracted the built app shows message ids for new
 * strings, so the test reads structure (roles, data attributes, addresses) instead.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { signIn } from "./sign-in";
import { focusMovedInto, giveFocus } from "./waits";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const OWNER = "demo@fairdraw.test";
const MEMBER = "bob@fairdraw.test";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Calls the API from the page, with its session cookie and CSRF token, as the app does. */
async function callApi(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { csrf_token } = await (await fetch("/api/v1/refresh_csrf")).json();
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          "Content-Type": "application/json",
          "X-Requested-With": "XMLHttpRequest",
          "X-CSRF-Token": csrf_token,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** Presses a key with nothing focused, as a person would on a page. */
async function pressShortcut(key: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

async function openDialogKind(): Promise<string | null> {
  const dialog = page.locator("[data-dialog]");
  await dialog
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  return (await dialog.count()) > 0 ? dialog.first().getAttribute("data-dialog") : null;
}

async function closeDialog() {
  // Escape is heard by a listener Radix adds as it moves the focus in, a frame after the dialog shows.
  await focusMovedInto(page.locator('[role="dialog"]').first());
  await page.keyboard.press("Escape");
  await page.locator('[role="dialog"]').first().waitFor({ state: "detached" });
}

async function setLocaleCookie(locale: string) {
  await page.context().addCookies([{ name: "locale", value: locale, url: server.url }]);
}

/** Loads a page and waits until its data has arrived (the h1 shows and the network is quiet). */
async function open(path: string) {
  await page.goto(`${server.url}${path}`);
  await page.locator("h1").first().waitFor();
  await page.waitForLoadState("networkidle").catch(() => undefined);
}

/**
 * axe-core's serious and critical violations on the page as it is. One allowance: until the catalogs are extracted,
 * a production build labels new controls with Lingui message ids (6 characters such as "f9VNXQ"); an aria-label that
 * is such an id next to visible text that is another id is not a real label-content-name mismatch, so those nodes
 * are left out. With the catalogs in place the rule applies in full.
 */
async function seriousViolations(): Promise<string[]> {
  // Evaluated through the debugging protocol: the app's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Node = { target: string[] };
    type Violation = { id: string; impact: string; help: string; nodes: Node[] };
    const MESSAGE_ID = /^[A-Za-z0-9+/]{6}$/;
    const labelledById = (node: Node) => {
      const label = document.querySelector(node.target.join(" "))?.getAttribute("aria-label") ?? "";
      return MESSAGE_ID.test(label);
    };
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const result: { violations: Violation[] } = await (window as any).axe.run(document);
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) =>
        v.id === "label-content-name-mismatch" ? { ...v, nodes: v.nodes.filter((n) => !labelledById(n)) } : v,
      )
      .filter((v) => v.nodes.length > 0)
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")}`,
      );
  });
}

const SIGNED_OUT_PAGES = ["/login", "/registration"];
const SIGNED_IN_PAGES = [
  "/",
  "/contests/",
  "/team/",
  "/team/members",
  "/team/subscription",
  "/me/settings",
  "/me/teams",
  "/welcome",
  "/no-such-page",
];

describe("the app shell in Chromium", () => {
  it("sends a signed-out visitor from a page to /login, keeping where they were going", async () => {
    await page.goto(`${server.url}/team/members`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/team/members");
    // The URL changes before the sign-in page's chunk has arrived and titled the page.
    await page.waitForFunction(() => document.title.endsWith(" • Fairdraw"));
    expect(await page.title()).toMatch(/ • Fairdraw$/);
  });

  for (const locale of ["en", "ar"]) {
    for (const path of SIGNED_OUT_PAGES) {
      it(`${path} in ${locale} has no serious or critical axe violation`, async () => {
        await setLocaleCookie(locale);
        await open(path);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        expect(await seriousViolations()).toEqual([]);
      });
    }
  }

  it("signs in with the code from the dev mailbox and comes back to next", async () => {
    await setLocaleCookie("en");
    await signIn(page, server.url, OWNER, "/me/teams");
    // The address changes before the page's chunk has drawn it: read until it has, then there is one h1.
    await page.locator("main h1").first().waitFor();
    expect(await page.locator("main h1").count()).toBe(1);
  });

  it("walks the main menu", async () => {
    for (const to of ["/contests/", "/team/", "/"]) {
      await page.locator(`.main-menu a[href="${to}"]`).click();
      await page.waitForURL((url) => url.pathname === to);
      // The URL moves before React commits the new page: wait for the menu to mark it.
      await page.locator(`.main-menu a[href="${to}"][aria-current="page"]`).waitFor();
      await page.locator("main h1").first().waitFor();
    }
  });

  it("opens each dialog by its shortcut: T, L, I, K, S", async () => {
    await open("/");
    for (const [key, kind] of [
      ["t", "switch-team"],
      ["l", "language"],
      ["i", "about"],
      ["k", "shortcuts"],
    ] as const) {
      await pressShortcut(key);
      expect(await openDialogKind()).toBe(kind);
      await closeDialog();
    }
    await pressShortcut("s");
    await page.locator('[role="dialog"]').first().waitFor();
    await closeDialog();
  });

  it("gives the focus back to the menu's button when a dialog opened from the menu closes", async () => {
    await open("/");
    const trigger = page.locator('[data-menu="avatar"]');
    await trigger.focus();
    await page.keyboard.press("Enter");
    // Profile, Subscription, Switch team, Switch language: the fourth item opens the language dialog. It is
    // focused directly once Radix has put the focus in the menu (a frame after it opens: a focus given before is
    // taken back to the first item, and Enter would open the profile).
    const item = page.locator('[role="menu"] [role="menuitem"]').nth(3);
    await item.waitFor();
    await focusMovedInto(page.locator('[role="menu"]'));
    await giveFocus(item);
    await page.keyboard.press("Enter");
    try {
      expect(await openDialogKind()).toBe("language");
    } finally {
      await closeDialog();
    }
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-menu") === "avatar");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-menu"))).toBe("avatar");
  });

  it("goes to the quick draw with Q and to the settings with P", async () => {
    await pressShortcut("q");
    await page.waitForURL((url) => url.pathname === "/contests/quickdraw");
    // The page arrives as its own chunk and focuses its link field on mount: press P once it has.
    await page.waitForFunction(() => document.activeElement instanceof HTMLInputElement);
    await pressShortcut("p");
    await page.waitForURL((url) => url.pathname === "/me/settings");
  });

  it("opens the contest builder over the page with C", async () => {
    await open("/");
    await pressShortcut("c");
    await page.locator(".builder, .builder-loading, .builder-too-small, .builder-failed").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.reload();
  });

  it("switches to Arabic from the language dialog and lays the page out right to left", async () => {
    await open("/");
    await pressShortcut("l");
    await page.locator('[data-dialog="language"] button[data-locale="ar"]').click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");
    await page.reload();
    await page.locator("header.app-header").waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    // Back to English, from the same dialog.
    await pressShortcut("l");
    await page.locator('[data-dialog="language"] button[data-locale="en"]').click();
    await page.waitForFunction(() => document.documentElement.dir === "ltr");
  });

  it("shows the 404 page for an unknown address", async () => {
    await open("/no-such-page");
    expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("404");
  });

  for (const locale of ["en", "ar"]) {
    for (const path of SIGNED_IN_PAGES) {
      it(`${path} in ${locale} has no serious or critical axe violation`, async () => {
        await setLocaleCookie(locale);
        await open(path);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === "ar" ? "rtl" : "ltr");
        expect(await seriousViolations()).toEqual([]);
      });
    }
  }

  it("shows the 403 page on a contest to a member without view_contests", async () => {
    await setLocaleCookie("en");
    await open("/");
    const contests = await callApi("GET", "/teams/current/contests/list");
    const contestId = (contests.body as { data: { _id: string }[] }).data[0]?._id;
    expect(contestId).toBeTruthy();
    const me = (await callApi("GET", "/users/me")).body as { current_team_id: string };
    const members = (await callApi("GET", "/teams/current/members/list")).body as {
      data: { _id: string; name: string }[];
    };
    const bob = members.data.find((m) => m.name.startsWith("Bob"));
    expect(bob).toBeTruthy();
    const changed = await callApi("POST", `/teams/${me.current_team_id}/members/${bob?._id}/permissions`, {
      updated_permissions: { "team.contests.view_contests": false },
    });
    expect(changed.status).toBe(200);

    await page.goto(`${server.url}/logout`);
    await page.waitForURL((url) => url.pathname === "/login");
    await signIn(page, server.url, MEMBER);
    await open(`/contest/${contestId}/`);
    expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("403");
  });

  it("threw no page error", () => {
    expect(pageErrors).toEqual([]);
  });
});
