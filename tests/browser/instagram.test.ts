/**
 * Linking an Instagram account both ways in Chromium: the real server, its INSTAGRAM_* on the Instagram stand-in
 * (tests/helpers/instagram-standin.ts) and its FACEBOOK_* on the Meta stand-in (tests/helpers/meta-standin.ts,
 * which answers the IG endpoints for a Page's token). Team → Accounts' "Connect Instagram" (a full-page
 * navigation), the stand-in's consent page, the account listed as live; then a quick import of a post link read
 * with it, its commenters listed. Then "Connect Instagram through a Facebook Page": Facebook's consent, the pick
 * among the Pages' Instagram accounts (the Page without one not offered), the account linked. Set FAIRDRAW_SCREENSHOTS to a folder to keep screenshots at 1440 and 390 px.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { InstagramStandIn } from "../helpers/instagram-standin";
import { MetaStandIn } from "../helpers/meta-standin";
import { startTestServer } from "../helpers/server";
import { screenshotWidths, signIn } from "./sign-in";

const OWNER = "demo@fairdraw.test";
const BRAND = "17841400000000001";
const SISTER = "17841400000000002";

let ig: InstagramStandIn;
let meta: MetaStandIn;
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
  // Two Pages with an Instagram business account, one without.
  ig.addUser({ id: SISTER, username: "sistergram", name: "Sister Gram", account_type: "BUSINESS" });
  meta = await new MetaStandIn().start();
  meta.instagram = ig;
  meta.redirectUris.add(`${publicUrl}/api/v1/accounts/callback/instagram`);
  const fbPage = (n: number, name: string, instagram?: string) => ({
    id: `20000000000000${n}`,
    name,
    username: name.toLowerCase().replace(/ /g, ""),
    link: `https://www.facebook.com/page${n}`,
    ...(instagram ? { instagram } : {}),
  });
  meta.addLogin("olive", "100000000000042", [
    fbPage(1, "Brand Bikes", BRAND),
    fbPage(2, "Brand Shop"),
    fbPage(3, "Sister Bikes", SISTER),
  ]);
  server = await startTestServer({
    env: { port, publicUrl, oauth: readEnv({ NODE_ENV: "test", ...ig.env(), ...meta.env() }).oauth },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await ig?.close();
  await meta?.close();
});

describe("linking an Instagram account", () => {
  it("clicks Connect Instagram, passes Instagram's consent page and sees the account linked as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    const connect = page.locator('a[data-connect="instagram"]').first();
    // Both ways are offered: Instagram Login and through a Facebook Page.
    await page.locator('a[data-connect="instagram:via_facebook_page"]').first().waitFor();
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

  it("clicks Connect Instagram through a Facebook Page, passes Facebook's consent, picks the account among the Pages' and sees it linked", async () => {
    await page.goto(`${server.url}/team/accounts`);
    const connect = page.locator('a[data-connect="instagram:via_facebook_page"]').first();
    await connect.waitFor();
    expect((await connect.textContent())?.trim()).toBe("Connect Instagram through a Facebook Page");
    await connect.click();
    await page.waitForURL((url) => url.href.startsWith(meta.url));
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    const dialog = page.getByRole("dialog", { name: "Choose the Instagram account to link" });
    await dialog.waitFor();
    // The Page without an Instagram account is not offered; each account names its Page.
    expect(await dialog.getByRole("radio").count()).toBe(2);
    await dialog.getByText("through the Page Sister Bikes").waitFor();
    expect(await dialog.getByText("Brand Shop").count()).toBe(0);
    await screenshotWidths(page, "instagram-through-page-pick");
    await dialog.getByRole("radio", { name: /Sister Gram/ }).check();
    await dialog.getByRole("button", { name: "Link this account" }).click();
    await page
      .locator('[role="status"]', { hasText: "Sister Gram (Instagram) is linked to the team." })
      .waitFor();
    const sister = page.locator("tr", { hasText: "Sister Gram" });
    await sister.locator(".team-label-live").waitFor();
    await sister.getByText("Through a Facebook Page").waitFor();
    await screenshotWidths(page, "instagram-through-page-linked");
    expect(ig.problems).toEqual([]);
    expect(meta.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
