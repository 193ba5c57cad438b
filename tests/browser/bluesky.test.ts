/**
 * Connecting a real Bluesky account in Chromium: the real server, its BLUESKY_SERVICE_URL on the stand-in service
 * (tests/helpers/bluesky-standin.ts), the link dialog's "connect a Bluesky account" form, a wrong app password
 * shown on its field, then the account listed as live beside the demo's sandbox one. Set FAIRDRAW_SCREENSHOTS to
 * a folder to keep screenshots of the dialog and the list at 1440 and 390 pixels wide.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlueskyStandIn, BRAND } from "../helpers/bluesky-standin";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";

const OWNER = "demo@fairdraw.test";
const shots = process.env.FAIRDRAW_SCREENSHOTS;

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

async function shot(name: string) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function signIn(email: string, next: string) {
  await page.goto(`${server.url}/login?next=${encodeURIComponent(next)}`);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('[data-action="send-code"]').click();
  await page.locator(".code-input input").first().waitFor();
  let code: string | undefined;
  for (let i = 0; i < 30 && !code; i++) {
    const { data } = (await (await fetch(`${server.url}/api/dev/mailbox`)).json()) as {
      data: { to: string; subject: string }[];
    };
    code = /\b(\d{6})\b/.exec(data.find((m) => m.to === email)?.subject ?? "")?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error("no code");
  const boxes = page.locator(".code-input input");
  for (const [i, digit] of [...code].entries()) await boxes.nth(i).fill(digit);
  await page.waitForURL((url) => url.pathname === next);
}

describe("connecting a Bluesky account", () => {
  it("connects with a handle and an app password, and lists the account as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(OWNER, "/team/accounts");
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
    await shot("bluesky-connect-dialog");

    await form.locator('input[type="password"]').fill(BRAND.password);
    await form.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    const row = page.locator("tr", { has: page.locator(".team-label-live") });
    await row.waitFor();
    expect(await row.textContent()).toContain(BRAND.handle);
    expect(await page.locator(".team-label-sandbox").count()).toBeGreaterThan(0);
    await shot("bluesky-accounts-list");
    expect(service.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
