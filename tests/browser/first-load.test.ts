/**
 * What a page's first load asks the server for (issue 28), in Chromium against the real server: the hints the page
 * carries (api/page-hints.ts) are used, not fetched twice nor left unused, and a phone's window opening the builder
 * gets its 'dimensions too small' notice without downloading the builder's machine and forms.
 */
import type { ConsoleMessage, Page, Request } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { type ApiCall, demoSession } from "./builder-helpers";

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let cookies: { name: string; value: string }[];
let call: ApiCall;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  ({ cookies, call } = await demoSession(server.url));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh page (its own cache) recording every request, every console error and Chromium's word on preloads. */
async function openPage(opts: { signedIn: boolean; viewport?: { width: number; height: number } }) {
  await browser.context.clearCookies();
  if (opts.signedIn) await browser.context.addCookies(cookies.map((c) => ({ ...c, url: server.url })));
  const page = await browser.context.newPage();
  if (opts.viewport) await page.setViewportSize(opts.viewport);
  const requests: Request[] = [];
  const said: string[] = [];
  page.on("request", (r) => requests.push(r));
  page.on("console", (m: ConsoleMessage) => {
    // "…was preloaded using link preload but not used…", or a preload whose answer the page could not use.
    if (m.type() === "error" || /preload/i.test(m.text())) said.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => said.push(`pageerror: ${e.message}`));
  opened.push(page);
  return { page, requests, said };
}

const opened: Page[] = [];
afterEach(async () => {
  for (const page of opened.splice(0)) await page.close();
});

const paths = (requests: Request[]) => requests.map((r) => new URL(r.url()).pathname);

/** Chromium warns about a preload left unused a few seconds after the load event: wait past that. */
const PRELOAD_WARNING_MS = 3_500;

describe("the first load of a page", () => {
  it("asks for the signed-in user once, through the page's preload, and uses the catalog it names", async () => {
    const { page, requests, said } = await openPage({ signedIn: true });
    const res = await page.goto(`${server.url}/contests/`);
    const html = (await res?.text()) ?? "";
    expect(html).toContain('rel="preload" as="fetch"');
    const catalog = /<link rel="modulepreload" crossorigin href="(\/assets\/messages-[^"]+\.js)">/.exec(
      html,
    )?.[1];
    expect(catalog).toBeTruthy();
    await page.locator("main h1").waitFor();
    await page.waitForTimeout(PRELOAD_WARNING_MS);
    expect(paths(requests).filter((p) => p === "/api/v1/users/me")).toHaveLength(1);
    expect(paths(requests).filter((p) => p === catalog)).toHaveLength(1);
    expect(said).toEqual([]);
  }, 30_000);

  it("asks for no user when signed out, only the ways to sign in, and still names the catalog", async () => {
    const { page, requests, said } = await openPage({ signedIn: false });
    const res = await page.goto(`${server.url}/login`);
    const html = (await res?.text()) ?? "";
    expect(html).not.toContain("/api/v1/users/me");
    expect(html).toContain('rel="modulepreload"');
    await page.locator('input[type="email"]').waitFor();
    await page.waitForTimeout(PRELOAD_WARNING_MS);
    // Only the ways to sign in this server offers (answered to anyone, never a 401): no user is asked for.
    expect(paths(requests).filter((p) => p.startsWith("/api/"))).toEqual(["/api/v1/auth/networks"]);
    expect(said).toEqual([]);
  }, 30_000);

  it("shows a phone the builder's too-small notice without its machine and forms, and loads them on 'open anyway'", async () => {
    const { page, requests, said } = await openPage({
      signedIn: true,
      viewport: { width: 390, height: 844 },
    });
    await page.goto(`${server.url}/contests/create`);
    await page.locator(".builder-too-small").waitFor();
    const session = () => paths(requests).filter((p) => /\/assets\/BuilderSession-[^/]+\.js$/.test(p));
    expect(session()).toEqual([]);
    await page.locator(".builder-too-small .button.primary").click();
    await page.locator(".builder-sidebar").waitFor();
    expect(session()).toHaveLength(1);
    expect(said).toEqual([]);
  }, 30_000);

  it("lays the drawing page out once: its sections do not move as its answers land", async () => {
    const res = await call("GET", "/teams/current/contests/list?per_page=50");
    const { data } = (await res.json()) as { data: { _id: string; status: string }[] };
    const ended = data.find((c) => c.status === "ended")?._id;
    expect(ended).toBeTruthy();
    const { page, said } = await openPage({ signedIn: true, viewport: { width: 390, height: 844 } });
    // Every layout shift from the start of the load, as Lighthouse counts them (none right after an input).
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.shifts += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${server.url}/contest/${ended}/drawing`, { waitUntil: "networkidle" });
    await page.locator("#draw-tests").waitFor();
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    // Lighthouse's line for a good page is 0.1.
    expect(shifts).toBeLessThan(0.1);
    expect(said).toEqual([]);
  }, 30_000);
});
