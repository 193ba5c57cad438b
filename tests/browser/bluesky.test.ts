/**
 * Connecting a real Bluesky account in Chromium: the real server, its BLUESKY_SERVICE_URL on the stand-in service
 * (tests/helpers/bluesky-standin.ts), the link dialog's "connect a Bluesky account" form, a wrong app password
 * shown on its field, then the account listed as live beside the demo's sandbox one. Set FAIRDRAW_SCREENSHOTS to
 * a folder to keep screenshots of the dialog and the list at 1440 and 390 pixels wide.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, BlueskyStandIn, BRAND } from "../helpers/bluesky-standin";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { screenshotWidths, signIn } from "./sign-in";

const OWNER = "demo@fairdraw.test";

let service: BlueskyStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  service = await new BlueskyStandIn().start();
  server = await startTestServer({ env: { blueskyServiceUrl: service.url } });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await service?.stop();
});

describe("connecting a Bluesky account", () => {
  it("connects with a handle and an app password, and lists the account as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    await page.locator(".team-page-head button.primary, main button.primary").first().click();
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    await dialog.locator('input[type="radio"][value="bluesky"]').check();
    const form = dialog.locator("form.team-connect");
    await form.waitFor();
    expect(await form.locator('a[href="https://bsky.app/settings/app-passwords"]').count()).toBe(1);
    await form.locator('input[type="text"]').fill(BRAND.handle);
    await form.locator('input[type="password"]').fill("wxyz-wxyz-wxyz-wxyz");
    await form.locator('button[type="submit"]').click();
    await form.locator(".field-error").waitFor();
    expect(await form.locator('input[type="password"]').getAttribute("aria-invalid")).toBe("true");
    await screenshotWidths(page, "bluesky-connect-dialog");

    await form.locator('input[type="password"]').fill(BRAND.password);
    await form.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    const row = page.locator("tr", { has: page.locator(".team-label-live") });
    await row.waitFor();
    expect(await row.textContent()).toContain(BRAND.handle);
    expect(await page.locator(".team-label-sandbox").count()).toBeGreaterThan(0);
    await screenshotWidths(page, "bluesky-accounts-list");
    expect(service.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("connects through a Bluesky account invite with the same form", async () => {
    // The owner (signed in above) invites Alice to lend her Bluesky account; she has an app password for it.
    const alice = ACCOUNTS.find((a) => a.handle === "alice.bsky.social");
    if (!alice) throw new Error("no alice in the fixture");
    const password = "alic-eali-ceal-icea";
    const standing = service.accounts.get(alice.did);
    if (!standing) throw new Error("alice is not on the stand-in");
    standing.password = password;
    const key = await page.evaluate(async () => {
      const { csrf_token } = await (await fetch("/api/v1/refresh_csrf")).json();
      const res = await fetch("/api/v1/teams/current/accounts/invite", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-csrf-token": csrf_token,
          "x-requested-with": "XMLHttpRequest",
        },
        body: JSON.stringify({ provider: "bluesky", email: "alice@fairdraw.test" }),
      });
      return ((await res.json()) as { key: string }).key;
    });
    expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await page.goto(`${server.url}/logout`);
    await page.waitForURL((url) => url.pathname !== "/logout");
    await signIn(page, server.url, "alice@fairdraw.test", `/invite/${key}`);

    const form = page.locator("form.team-connect");
    await form.waitFor();
    expect(await form.locator('a[href="https://bsky.app/settings/app-passwords"]').count()).toBe(1);
    expect(await page.locator('[data-action="accept"]').count()).toBe(0);
    await form.locator('input[type="text"]').fill(alice.handle);
    await form.locator('input[type="password"]').fill("wxyz-wxyz-wxyz-wxyz");
    await form.locator('button[type="submit"]').click();
    await form.locator(".field-error").waitFor();
    expect(await form.locator('input[type="password"]').getAttribute("aria-invalid")).toBe("true");
    await screenshotWidths(page, "bluesky-invite");

    await form.locator('input[type="password"]').fill(password);
    await form.locator('button[type="submit"]').click();
    await page.getByText("Invitation accepted").first().waitFor();
    expect(await page.locator("body").textContent()).toContain("is now lent to Fairdraw Demo");
    await screenshotWidths(page, "bluesky-invite-accepted");
    expect(service.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
