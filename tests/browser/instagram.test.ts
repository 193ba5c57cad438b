/**
 * Linking an Instagram account with Instagram Login in Chromium: the real server, its INSTAGRAM_* on the
 * Instagram stand-in (tests/helpers/instagram-standin.ts), Team → Accounts' "Connect Instagram" (a full-page
 * navigation), the stand-in's consent page, the account listed as live; then a quick import of a post link read
 * with it, its commenters listed. Set FAIRDRAW_SCREENSHOTS to a folder to keep screenshots at 1440 and 390 px.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { InstagramStandIn } from "../helpers/instagram-standin";
import { startTestServer } from "../helpers/server";
import { screenshotWidths, signIn } from "./sign-in";

const OWNER = "demo@fairdraw.test";
const BRAND = "17841400000000001";

let ig: InstagramStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ig = await new InstagramStandIn().start();
  ig.addUser({ id: BRAND, username: "brandgram", name: "Brand Gram", account_type: "BUSINESS" });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  ig.redirectUris.add(`${publicUrl}/api/v1/accounts/callback/instagram`);
  server = await startTestServer({
    env: { port, publicUrl, oauth: readEnv({ NODE_ENV: "test", ...ig.env() }).oauth },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await ig?.close();
});

describe("linking an Instagram account", () => {
  it("clicks Connect Instagram, passes Instagram's consent page and sees the account linked as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    const connect = page.locator('a[data-connect="instagram"]').first();
    await connect.waitFor();
    expect((await connect.textContent())?.trim()).toBe("Connect Instagram");
    await connect.click();
    await page.waitForURL((url) => url.href.startsWith(ig.url));
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    await page
      .locator('[role="status"]', { hasText: "Brand Gram (Instagram) is linked to the team." })
      .waitFor();
    const row = page.locator("tr", { hasText: "Brand Gram" });
    await row.locator(".team-label-live").waitFor();
    await screenshotWidths(page, "instagram-connected");
    expect(ig.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("imports an instagram.com/p/ link read with the linked account, and lists the post's commenters", async () => {
    const post = ig.addMedia(BRAND, "C8xYz12AbCd", "Win a bike!", "2026-11-20T10:00:00+0000");
    ig.comment(
      post.id,
      { id: "90000000000000001", username: "ana.rides" },
      "I'm in!",
      "2026-11-20T10:01:00+0000",
    );
    ig.comment(
      post.id,
      { id: "90000000000000002", username: "bob.bikes" },
      "Me too",
      "2026-11-20T10:02:00+0000",
    );
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
          provider: "instagram",
          matched: "https://www.instagram.com/p/C8xYz12AbCd/",
          confirm: true,
          name: "Instagram import",
        }),
      });
      if (res.status !== 201) throw new Error(`quickdraw answered ${res.status}`);
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
    await page.getByText("ana.rides").first().waitFor();
    await page.getByText("bob.bikes").first().waitFor();
    await screenshotWidths(page, "instagram-import-entries");
    expect(ig.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
