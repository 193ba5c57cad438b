/**
 * Connecting a Facebook Page in Chromium: the real server, its FACEBOOK_* on the Meta stand-in
 * (tests/helpers/meta-standin.ts), Team → Accounts' "Connect Facebook" (a full-page navigation), the stand-in's
 * Facebook Login dialog, the pick among the login's two Pages, the Page listed as live; then a quick import of a
 * Page post's link whose commenters are listed. Set FAIRDRAW_SCREENSHOTS to a folder to keep screenshots at 1440
 * and 390 pixels wide.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { MetaStandIn } from "../helpers/meta-standin";
import { startTestServer } from "../helpers/server";
import { screenshotWidths, signIn } from "./sign-in";

const OWNER = "demo@fairdraw.test";
const CAFE = {
  id: "104455667788990",
  name: "Brand Café",
  username: "brandcafe",
  link: "https://www.facebook.com/brandcafe",
};
const SHOP = {
  id: "104455667788991",
  name: "Brand Shop",
  username: "brandshop",
  link: "https://www.facebook.com/brandshop",
};

let meta: MetaStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  meta = await new MetaStandIn().start();
  meta.addLogin("olive", "10223344556677", [CAFE, SHOP]);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  meta.redirectUris.add(`${publicUrl}/api/v1/accounts/callback/facebook`);
  server = await startTestServer({
    env: { port, publicUrl, oauth: readEnv({ NODE_ENV: "test", ...meta.env() }).oauth },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await meta?.close();
});

describe("connecting a Facebook Page", () => {
  it("clicks Connect Facebook, passes Facebook Login, picks one of the login's Pages and sees it linked as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    const connect = page.locator('a[data-connect="facebook"]').first();
    await connect.waitFor();
    expect((await connect.textContent())?.trim()).toBe("Connect Facebook");
    await connect.click();
    await page.waitForURL((url) => url.href.startsWith(meta.url));
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    const dialog = page.getByRole("dialog", { name: "Choose the Page to link" });
    await dialog.waitFor();
    await dialog.getByRole("radio", { name: /Brand Shop/ }).check();
    await screenshotWidths(page, "facebook-choose-page");
    await dialog.getByRole("button", { name: "Link this Page" }).click();
    await page
      .locator('[role="status"]', { hasText: "Brand Shop (Facebook) is linked to the team." })
      .waitFor();
    const row = page.locator("tr", { hasText: "Brand Shop" });
    await row.locator(".team-label-live").waitFor();
    await screenshotWidths(page, "facebook-connected");
    expect(meta.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("imports a Page post's link read with the linked Page, and lists its commenters", async () => {
    const post = meta.addPost(SHOP.id, "Comment to win a basket!", "2026-11-20T09:00:00+0000");
    meta.comment(
      post.id,
      { id: "29000000000001", name: "Ana Lima" },
      "Me please!",
      "2026-11-20T10:00:00+0000",
    );
    meta.comment(
      post.id,
      { id: "29000000000002", name: "Bob Stone" },
      "Count me in",
      "2026-11-20T10:05:00+0000",
    );
    const link = `https://www.facebook.com/${SHOP.username}/posts/${post.id.split("_")[1]}`;
    const contestId = await page.evaluate(async (matched) => {
      const { csrf_token } = await (await fetch("/api/v1/refresh_csrf")).json();
      const headers = {
        "content-type": "application/json",
        "x-csrf-token": csrf_token,
        "x-requested-with": "XMLHttpRequest",
      };
      const res = await fetch("/api/v1/teams/current/contests/quickdraw", {
        method: "POST",
        headers,
        body: JSON.stringify({ provider: "facebook", matched, confirm: true, name: "Facebook import" }),
      });
      if (res.status !== 201) throw new Error(`quickdraw answered ${res.status}: ${await res.text()}`);
      const { contest_id } = (await res.json()) as { contest_id: string };
      const loaded = await fetch(`/api/v1/teams/current/contests/${contest_id}/load_entries`, {
        method: "POST",
        headers,
        body: JSON.stringify({ consent: true }),
      });
      if (loaded.status !== 200) throw new Error(`load_entries answered ${loaded.status}`);
      return contest_id;
    }, link);
    await page.goto(`${server.url}/contest/${contestId}/entries`);
    await page.getByText("Ana Lima").first().waitFor();
    await page.getByText("Bob Stone").first().waitFor();
    await screenshotWidths(page, "facebook-import-entries");
    expect(meta.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
