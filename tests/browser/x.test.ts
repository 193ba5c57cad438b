/**
 * Connecting an X account in Chromium: the real server, its TWITTER_* on the X stand-in (tests/helpers/
 * x-standin.ts, every API call checked against X's OpenAPI description), Team → Accounts' "Connect X (Twitter)",
 * the stand-in's consent page, the account listed as live; then a quick import of an X post link read with it,
 * its repliers, quoters, reposters and likers on the entries page; the builder's line under the publishing account
 * that tells what X bills for a contest. Set FAIRDRAW_SCREENSHOTS to a folder to keep screenshots at 1440 and 390
 * pixels wide, light and dark.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../../api/env";
import { launchChromium } from "../helpers/chromium";
import { freePort } from "../helpers/free-port";
import { startTestServer } from "../helpers/server";
import { XStandIn } from "../helpers/x-standin";
import { screenshotWidths, signIn } from "./sign-in";
import { pressBuilderShortcut } from "./waits";

const OWNER = "demo@fairdraw.test";

const shots = process.env.FAIRDRAW_SCREENSHOTS;

let x: XStandIn;
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

const BRAND = "1500000000000000001";
let postId = "";

beforeAll(async () => {
  x = await new XStandIn().start();
  x.addUser({
    id: BRAND,
    username: "brand",
    name: "Brand on X",
    created_at: "2012-05-01T10:00:00.000Z",
    followers: 50_000,
    following: 10,
    tweets: 900,
  });
  x.consentAs = BRAND;
  const ago = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  postId = x.tweet(BRAND, "Reply, quote, repost or like to win!", ago(600)).id;
  for (const [i, name] of ["Ana", "Bob", "Cleo", "Dev"].entries()) {
    x.addUser({
      id: String(1_600_000_000_000_000_000n + BigInt(i)),
      username: name.toLowerCase(),
      name: `${name} on X`,
      created_at: "2019-03-01T00:00:00.000Z",
      followers: 10 * i,
      following: 5,
      tweets: 40,
    });
  }
  x.tweet("1600000000000000000", "@brand I'm in!", ago(30), { in_reply_to: postId });
  x.tweet("1600000000000000001", "Look at this", ago(20), { quote_of: postId });
  x.reposts.set(postId, ["1600000000000000002"]);
  x.likes.set(postId, ["1600000000000000003"]);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  x.redirectUris.add(`${publicUrl}/api/v1/accounts/callback/twitter`);
  server = await startTestServer({
    env: { port, publicUrl, oauth: readEnv({ NODE_ENV: "test", ...x.env() }).oauth },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await x?.close();
});

/**
 * Opens the builder from the dashboard with its shortcut (C, nothing focused, no dialog open), adds an X source and
 * chooses the linked account to publish with. Below 900 × 700 the builder first asks to be opened anyway.
 */
async function openXSource() {
  await page.goto(`${server.url}/dashboard`);
  await page.waitForLoadState("networkidle");
  await pressBuilderShortcut(page);
  const anyway = page.getByRole("button", { name: "Open anyway" });
  await Promise.race([page.locator(".builder-sidebar").waitFor(), anyway.waitFor()]);
  if (await anyway.isVisible()) await anyway.click();
  await page.locator(".builder-add-source").first().click();
  await page.locator('.modal button[data-provider="twitter"]').click();
  await page.locator(".builder-tabs").waitFor();
  await page
    .locator('[id="fd-sources.0.publication.account_id"]')
    .selectOption({ label: "Brand on X (@brand)" });
}

/** The builder's screenshots, light and dark: at 1440 pixels as it is, at 390 opened anew at that width. */
async function builderShots(name: string) {
  if (!shots) return;
  const schemes = ["light", "dark"] as const;
  for (const width of [1440, 390]) {
    if (width !== 1440) {
      await page.setViewportSize({ width, height: 900 });
      await openXSource();
      await page.locator(".account-quota").waitFor();
    }
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(shots, `${name}-${scheme}-${width}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("connecting an X account", () => {
  it("clicks Connect X, passes X's consent page and sees the account linked as live", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server.url, OWNER, "/team/accounts");
    await page.locator("table tbody tr").first().waitFor();
    const connect = page.locator('a[data-connect="twitter"]').first();
    await connect.waitFor();
    await connect.click();
    await page.waitForURL((url) => url.href.startsWith(x.url));
    await page.getByRole("button", { name: "Authorize app" }).click();
    await page.waitForURL((url) => url.pathname === "/team/accounts");
    await page.locator('[role="status"]', { hasText: "Brand on X" }).waitFor();
    const row = page.locator("tr", { hasText: "Brand on X" });
    await row.locator(".team-label-live").waitFor();
    await screenshotWidths(page, "x-connected");
    expect(x.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("imports an x.com post link read with the linked account, and lists its replier, quoter, reposter and liker", async () => {
    const link = `https://x.com/brand/status/${postId}`;
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
        body: JSON.stringify({ provider: "twitter", matched, confirm: true, name: "X import" }),
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
    for (const name of ["Ana on X", "Bob on X", "Cleo on X", "Dev on X"]) {
      await page.getByText(name).first().waitFor();
    }
    await screenshotWidths(page, "x-import-entries");
    expect(x.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it("shows in the builder, under the linked X account, what a first load of 1,000 entrants costs and today's calls", async () => {
    await openXSource();
    const line = page.locator(".account-quota");
    await line.waitFor();
    // The import above read with this account: the X stand-in counted its calls in the day's ledger.
    expect(await line.textContent()).toMatch(
      /^X \(Twitter\) bills reads: a first load of 1,000 entrants costs about [\d,]+ calls \([\d,]+ posts, [\d,]+ users read\); each later load about 2\. Today: [1-9][\d,]* calls used\.$/,
    );
    await builderShots("x-builder-quota");
    expect(x.problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
