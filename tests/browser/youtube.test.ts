/**
 * Connecting a YouTube channel in Chromium: the real server, its YOUTUBE_* on the Google stand-in
 * (tests/helpers/google-standin.ts), Team → Accounts' "Connect YouTube" (a full-page navigation), the stand-in's
 * consent page, and the channel listed as live with the result said on the page. Set FAIRDRAW_SCREENSHOTS to a
 * folder to keep screenshots of the page at 1440 and 390 pixels wide.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { GoogleStandIn } from "../helpers/google-standin";
import { startTestServer } from "../helpers/server";
import { screenshotWidths, signIn } from "./sign-in";

const OWNER = "demo@fairdraw.test";

let google: GoogleStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  google = await new GoogleStandIn().start();
  google.addChannel("brand", {
    id: "UCbrandbrandbrandbrand01",
    title: "Brand TV",
    handle: "brandtv",
    publishedAt: "2015-03-01T10:00:00Z",
    subscribers: 12000,
    videos: ["vidBrand001"],
  });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  google.redirectUris.add(`${publicUrl}/api/v1/accounts/callback/youtube`);
  server = await startTestServer({
    env: { port, publicUrl, oauth: readEnv({ NODE_ENV: "test", ...google.env() }).oauth },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

describe("connecting a YouTube channel", () => {
  it("clicks Connect YouTube, passes Google's consent page and sees the channel linked as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    const connect = page.locator('a[data-connect="youtube"]').first();
    await connect.waitFor();
    expect((await connect.textContent())?.trim()).toBe("Connect YouTube");
    await connect.click();
    await page.waitForURL((url) => url.href.startsWith(google.url));
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    const said = page.locator('[role="status"]', { hasText: "Brand TV (YouTube) is linked to the team." });
    await said.waitFor();
    // The query that carried the result is gone: a reload does not say it again. It is cleared by a navigation the
    // router ends after the notice shows (its loaders run again): read until it has.
    await expect.poll(() => new URL(page.url()).search).toBe("");
    const row = page.locator("tr", { hasText: "Brand TV" });
    await row.locator(".team-label-live").waitFor();
    await screenshotWidths(page, "youtube-connected");
    expect(google.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("imports a youtube.com/watch?v= link read with the linked channel, and lists the stand-in's commenters", async () => {
    for (const [i, handle] of ["ana", "bob"].entries()) {
      google.addChannel(handle, {
        id: `UC${handle}${"x".repeat(22 - handle.length)}`,
        title: `${handle.toUpperCase()} Channel`,
        handle,
        publishedAt: "2018-05-01T00:00:00Z",
        subscribers: 10 + i,
      });
      google.comment(
        "vidBrand001",
        `UC${handle}${"x".repeat(22 - handle.length)}`,
        `I'm in! #${i}`,
        `2026-11-20T10:0${i}:00Z`,
      );
    }
    const contestId = await page.evaluate(async () => {
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
          provider: "youtube",
          matched: "https://www.youtube.com/watch?v=vidBrand001",
          confirm: true,
          name: "YouTube import",
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
    });
    await page.goto(`${server.url}/contest/${contestId}/entries`);
    await page.getByText("ANA Channel").first().waitFor();
    await page.getByText("BOB Channel").first().waitFor();
    await screenshotWidths(page, "youtube-import-entries");
    expect(google.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("says plainly when the person cancels on Google's page, and links nothing more", async () => {
    await page.goto(`${server.url}/team/accounts`);
    await page.locator('a[data-connect="youtube"]').first().click();
    await page.waitForURL((url) => url.href.startsWith(google.url));
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    await page
      .locator('[role="alert"]', { hasText: "You did not give Fairdraw access on YouTube" })
      .waitFor();
    // The list comes after the notice: wait for it, then the channel is there once (nothing more was linked).
    await page.locator("tr", { hasText: "Brand TV" }).first().waitFor();
    expect(await page.locator("tr", { hasText: "Brand TV" }).count()).toBe(1);
    await screenshotWidths(page, "youtube-denied");
    expect(google.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
