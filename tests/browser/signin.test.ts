/**
 * Signing in with a network in Chromium: the real server, its GOOGLE_* / LINKEDIN_* / TWITCH_* / TWITTER_* /
 * FACEBOOK_* on the stand-in identity provider (tests/helpers/oidc-standin.ts), the login page's "Continue with
 * Google" (a full-page navigation), the stand-in's consent page, and the demo owner landing in their team, signed
 * in, because Google vouches for their address. Set FAIRDRAW_SCREENSHOTS to a folder to keep screenshots of the
 * login page at 1440 and 390 pixels wide, light and dark.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { OidcStandIn } from "../helpers/oidc-standin";
import { startTestServer } from "../helpers/server";

const shots = process.env.FAIRDRAW_SCREENSHOTS;
const NETWORKS = ["google", "twitter", "facebook", "linkedin", "twitch"] as const;

let idp: OidcStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  idp = await new OidcStandIn().start();
  // Google knows the demo owner by the address they signed up with, verified.
  idp.person = { ...idp.person, name: "Demo Owner", email: "demo@fairdraw.test", email_verified: true };
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  for (const n of NETWORKS) idp.redirectUris.add(`${publicUrl}/api/v1/auth/callback/${n}`);
  const env = readEnv({
    NODE_ENV: "test",
    ...idp.env(["GOOGLE", "TWITTER", "FACEBOOK", "LINKEDIN", "TWITCH"]),
  });
  server = await startTestServer({ env: { port, publicUrl, oauth: env.oauth, signIn: env.signIn } });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
});

async function shot(name: string) {
  if (!shots) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shots, `${name}-${scheme}-${width}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("signing in with a network", () => {
  it("clicks Continue with Google, passes the provider's consent page and lands signed in, in their team", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/login`);
    const buttons = page.locator("a[data-network] > span:last-child");
    await buttons.first().waitFor();
    expect(await buttons.evaluateAll((as) => as.map((a) => a.textContent?.trim()))).toEqual([
      "Continue with Google",
      "Continue with X (Twitter)",
      "Continue with Facebook",
      "Continue with LinkedIn",
      "Continue with Twitch",
    ]);
    await shot("login-networks");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.href.startsWith(idp.url));
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/");
    const me = await page.evaluate(async () => (await fetch("/api/v1/users/me")).json());
    expect(me.email).toBe("demo@fairdraw.test");
    const team = me.currentTeam?.name as string;
    expect(team).toBeTruthy();
    await page.getByText(team).first().waitFor();
    // Settings lists Google as a way in, and offers the others.
    await page.goto(`${server.url}/me/settings`);
    const ways = page.locator("section", { has: page.getByRole("heading", { name: "Ways to sign in" }) });
    await ways.locator('tr[data-login="google"]').waitFor();
    await ways.getByRole("link", { name: "Add Twitch" }).waitFor();
    await shot("me-settings-ways-to-sign-in");
    expect(idp.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("says on the login page, without signing in, that the person refused consent", async () => {
    // Signed out: a browser without the session the first test opened.
    await browser.context.clearCookies();
    const other = page;
    await other.goto(`${server.url}/login`);
    await other.getByRole("link", { name: "Continue with LinkedIn" }).click();
    await other.waitForURL((url) => url.href.startsWith(idp.url));
    await other.getByRole("button", { name: "Cancel" }).click();
    await other.waitForURL((url) => url.origin === server.url && url.pathname === "/login");
    await other.getByRole("alert").filter({ hasText: "You cancelled signing in with LinkedIn." }).waitFor();
    expect(await other.evaluate(async () => (await fetch("/api/v1/users/me")).status)).toBe(401);
    await shot("login-network-refused");
    expect(idp.problems).toEqual([]);
  });
});
