/**
 * Connecting a TikTok account in Chromium: the real server, its TIKTOK_* on the TikTok stand-in
 * (tests/helpers/tiktok-standin.ts), Team → Accounts' "Connect TikTok" (a full-page navigation), the stand-in's
 * consent page, the account listed as live; then a quick import of the account's video listing its commenters
 * (read through the API for Business). Set FAIRDRAW_SCREENSHOTS to a folder to keep screenshots at 1440 and 390
 * pixels wide.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { startTestServer } from "../helpers/server";
import { TiktokStandIn } from "../helpers/tiktok-standin";
import { screenshotWidths, signIn } from "./sign-in";
import { pressBuilderShortcut } from "./waits";

const OWNER = "demo@fairdraw.test";
const VIDEO = "7380000000000000000";

const shots = process.env.FAIRDRAW_SCREENSHOTS;

let tiktok: TiktokStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  tiktok = await new TiktokStandIn().start();
  tiktok.addLogin("brand", {
    open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
    username: "brandtok",
    display_name: "Brand Tok",
    business: true,
    followers: 5400,
    videos: [{ id: VIDEO, description: "Win a bike! Comment to enter", create_time: 1_763_000_000 }],
  });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  tiktok.redirectUris.add(`${publicUrl}/api/v1/accounts/callback/tiktok`);
  server = await startTestServer({
    env: { port, publicUrl, oauth: readEnv({ NODE_ENV: "test", ...tiktok.env() }).oauth },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await tiktok?.close();
});

/** The builder is made for wide windows (below 900 px it asks first): kept at 1440, light and dark. */
async function builderShot(name: string) {
  if (!shots) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(shots, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

describe("connecting a TikTok account", () => {
  it("clicks Connect TikTok, passes TikTok's consent page and sees the account linked as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    const connect = page.locator('a[data-connect="tiktok"]').first();
    await connect.waitFor();
    expect((await connect.textContent())?.trim()).toBe("Connect TikTok");
    await connect.click();
    await page.waitForURL((url) => url.href.startsWith(tiktok.url));
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    await page.locator('[role="status"]', { hasText: "Brand Tok (TikTok) is linked to the team." }).waitFor();
    const row = page.locator("tr", { hasText: "Brand Tok" });
    await row.locator(".team-label-live").waitFor();
    await screenshotWidths(page, "tiktok-connected");
    expect(tiktok.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("imports a tiktok.com video link read with the linked account, and lists its commenters", async () => {
    for (const [i, name] of ["ana", "bob"].entries()) {
      tiktok.comment(
        VIDEO,
        { id: `open-${name}`, username: name, name: `${name.toUpperCase()} on TikTok` },
        `I'm in! #${i}`,
        `2026-11-20T10:0${i}:00Z`,
      );
    }
    const contestId = await page.evaluate(async (video) => {
      const { csrf_token } = await (await fetch("/api/v1/refresh_csrf")).json();
      const headers = {
        "content-type": "application/json",
        "x-csrf-token": csrf_token,
        "x-requested-with": "XMLHttpRequest",
      };
      const res = await fetch("/api/v1/teams/current/contests/quickdraw", {
        method: "POST",
        headers,
        body: JSON.stringify({
          provider: "tiktok",
          matched: `https://www.tiktok.com/@brandtok/video/${video}`,
          confirm: true,
          name: "TikTok import",
        }),
      });
      const { contest_id } = (await res.json()) as { contest_id: string };
      const loaded = await fetch(`/api/v1/teams/current/contests/${contest_id}/load_entries`, {
        method: "POST",
        headers,
        body: JSON.stringify({ consent: true }),
      });
      if (loaded.status !== 200) throw new Error(`load_entries answered ${loaded.status}`);
      return contest_id;
    }, VIDEO);
    await page.goto(`${server.url}/contest/${contestId}/entries`);
    await page.getByText("ANA on TikTok").first().waitFor();
    await page.getByText("BOB on TikTok").first().waitFor();
    await screenshotWidths(page, "tiktok-import-entries");
    expect(tiktok.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("says in the builder that a personal account cannot require comments, and that an unaudited app posts privately", async () => {
    tiktok.addLogin("personal", {
      open_id: "5b0a1c2d-0000-4000-8000-0000000000aa",
      username: "personaltok",
      display_name: "Personal Tok",
      business: false,
      followers: 80,
      videos: [],
    });
    tiktok.consentAs = "personal";
    await page.goto(`${server.url}/team/accounts`);
    await page.locator('a[data-connect="tiktok"]').first().click();
    await page.waitForURL((url) => url.href.startsWith(tiktok.url));
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    await page.locator("tr", { hasText: "Personal Tok" }).locator(".team-label-live").waitFor();

    await page.goto(`${server.url}/dashboard`);
    await pressBuilderShortcut(page);
    await page.locator(".builder-sidebar").waitFor();
    await page.locator('.builder-sidebar [data-pane="1"]').click();
    await page.locator(".builder-add-source").first().click();
    await page.locator('.modal button[data-provider="tiktok"]').click();
    await page.locator(".builder-tabs").waitFor();
    const picker = page.locator('[id="fd-sources.0.publication.account_id"]');
    await picker.selectOption({ label: "Personal Tok (@personaltok)" });
    const privateNote = page.locator('[id="fd-sources.0.publication.account_id__description"]');
    // The note follows the account chosen: read until it is the personal account's.
    await expect
      .poll(() => privateNote.textContent())
      .toBe(
        "TikTok has not yet audited this app: the video will be posted private, seen by the account alone, so nobody can enter through it.",
      );
    await builderShot("tiktok-builder-account");
    await page.getByRole("tab", { name: "Actions" }).click();
    const commentNote = page.locator('[id="fd-sources.0.actions.comment.enabled__description"]');
    await expect
      .poll(() => commentNote.textContent())
      .toBe(
        "Cannot be required with this account: TikTok lists it only for a business account. Link the brand's business account to check it.",
      );
    await builderShot("tiktok-builder-comment");
    expect(tiktok.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
