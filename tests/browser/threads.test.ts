/**
 * Connecting a Threads account in Chromium: the real server, its THREADS_* on the Threads stand-in
 * (tests/helpers/threads-standin.ts), Team → Accounts' "Connect Threads" (a full-page navigation), the stand-in's
 * consent page, the account listed as live with the result said on the page, then a quick import of one of its
 * posts listing the stand-in's repliers. Set FAIRDRAW_SCREENSHOTS to a
 * folder to keep screenshots of the page at 1440 and 390 pixels wide.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { startTestServer } from "../helpers/server";
import { ThreadsStandIn } from "../helpers/threads-standin";
import { screenshotWidths, signIn } from "./sign-in";

const OWNER = "demo@fairdraw.test";
const BRAND = "17841400000000001";

let threads: ThreadsStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  threads = await new ThreadsStandIn().start();
  threads.addUser({ id: BRAND, username: "brand.threads", name: "Brand Threads" });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  threads.redirectUris.add(`${publicUrl}/api/v1/accounts/callback/threads`);
  server = await startTestServer({
    env: { port, publicUrl, oauth: readEnv({ NODE_ENV: "test", ...threads.env() }).oauth },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await threads?.close();
});

describe("connecting a Threads account", () => {
  it("clicks Connect Threads, passes the consent page and sees the account linked as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    const connect = page.locator('a[data-connect="threads"]').first();
    await connect.waitFor();
    expect((await connect.textContent())?.trim()).toBe("Connect Threads");
    await connect.click();
    await page.waitForURL((url) => url.href.startsWith(threads.url));
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    await page
      .locator('[role="status"]', { hasText: "Brand Threads (Threads) is linked to the team." })
      .waitFor();
    const row = page.locator("tr", { hasText: "Brand Threads" });
    await row.locator(".team-label-live").waitFor();
    await screenshotWidths(page, "threads-connected");
    expect(threads.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("imports a threads.com post link read with the linked account, and lists the stand-in's repliers", async () => {
    const post = threads.post(BRAND, "Reply to win a year of coffee!", "2026-11-20T10:00:00Z");
    for (const [i, handle] of ["ana.fan", "bob.fan"].entries()) {
      threads.addUser({ id: `9900${i}`, username: handle, name: handle });
      threads.post(`9900${i}`, `I'm in! #${i}`, `2026-11-20T10:0${i + 1}:00Z`, post.id);
    }
    const link = `https://www.threads.com/@brand.threads/post/${post.shortcode}`;
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
        body: JSON.stringify({ provider: "threads", matched, confirm: true, name: "Threads import" }),
      });
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
    await page.getByText("ana.fan").first().waitFor();
    await page.getByText("bob.fan").first().waitFor();
    await screenshotWidths(page, "threads-import-entries");
    expect(threads.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
