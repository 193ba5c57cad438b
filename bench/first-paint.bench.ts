/**
 * First paint on a phone's network: Debian's Chromium (headless) with the network throttled as Lighthouse's
 * mobile profile (CDP Network.emulateNetworkConditions: 1.6 Mbps down, 750 kbps up, 150 ms round trip), a cold
 * cache each run, against the real server with the built web app and the demo team. For /contests/ signed in:
 * the largest contentful paint and the bytes on the wire until the page is idle; then opening the builder (the C
 * shortcut) until the basic-information pane's name field takes typing, and its bytes. Beside it, in the same
 * run, the same visits asking for no compression (Accept-Encoding: identity), as the server answered before.
 * Aim: LCP ≤ 2.5 s and the builder ≤ 2.5 s. Bounded: 3 runs per case, every wait capped.
 */
import type { CDPSession, Page } from "playwright-core";
import { buildWebIfNeeded } from "../scripts/web-build";
import { signInDemo } from "../tests/browser/builder-helpers";
import { findChromium, launchChromium } from "../tests/helpers/chromium";
import { startTestServer } from "../tests/helpers/server";

const RUNS = 3;
const WAIT_MS = 60_000;
const MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type Visit = { lcpMs: number; pageBytes: number; builderMs: number; builderBytes: number };

/** Bytes received on the wire (headers and encoded bodies), counted from CDP's loadingFinished events. */
function wireCounter(cdp: CDPSession) {
  let bytes = 0;
  cdp.on("Network.loadingFinished", (e: { encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
  });
  return {
    take: () => {
      const b = bytes;
      bytes = 0;
      return b;
    },
  };
}

async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) last = e.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(last), 200);
      }),
  );
}

async function visit(base: string, compressed: boolean): Promise<Visit> {
  const browser = await launchChromium();
  try {
    await signInDemo(base, browser.context);
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    if (!compressed)
      await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
    await cdp.send("Network.emulateNetworkConditions", MOBILE);
    const wire = wireCounter(cdp);

    await page.goto(`${base}/contests/`, { waitUntil: "load", timeout: WAIT_MS });
    await page.locator("main h1").first().waitFor({ timeout: WAIT_MS });
    await page.waitForLoadState("networkidle", { timeout: WAIT_MS });
    const lcpMs = await largestContentfulPaint(page);
    const pageBytes = wire.take();

    // Opening the builder: lazy chunks, the builder config, then the welcome pane; Next shows basic information.
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const started = Date.now();
    await page.keyboard.press("c");
    await page.locator(".builder-sidebar").waitFor({ timeout: WAIT_MS });
    await page.locator(".builder-pane-foot [data-action=next]").click({ timeout: WAIT_MS });
    const name = page.locator('[id="fd-base.name"]');
    await name.waitFor({ state: "visible", timeout: WAIT_MS });
    await name.fill("First paint", { timeout: WAIT_MS });
    const builderMs = Date.now() - started;
    await page.waitForLoadState("networkidle", { timeout: WAIT_MS });
    const builderBytes = wire.take();
    return { lcpMs, pageBytes, builderMs, builderBytes };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const kb = (b: number) => `${Math.round(b / 1024).toLocaleString("en")} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function run(): Promise<string> {
  if (!findChromium())
    return "## First paint on a phone (bench/first-paint.bench.ts)\n\nNo Chromium here: not measured.";
  await buildWebIfNeeded();
  const server = await startTestServer();
  const runs: Record<"on" | "off", Visit[]> = { on: [], off: [] };
  try {
    for (let r = 0; r < RUNS; r++) {
      runs.off.push(await visit(server.url, false));
      runs.on.push(await visit(server.url, true));
    }
  } finally {
    await server.stop();
  }
  const row = (label: string, v: Visit[]) => {
    const m = {
      lcp: median(v.map((x) => x.lcpMs)),
      page: median(v.map((x) => x.pageBytes)),
      builder: median(v.map((x) => x.builderMs)),
      builderBytes: median(v.map((x) => x.builderBytes)),
    };
    return {
      m,
      line: `| ${label} | ${s(m.lcp)} | ${kb(m.page)} | ${s(m.builder)} | ${kb(m.builderBytes)} |`,
    };
  };
  const off = row("peer: no compression asked (Accept-Encoding: identity)", runs.off);
  const on = row("compressed (brotli, as Chromium asks)", runs.on);
  return [
    "## First paint on a phone (bench/first-paint.bench.ts)",
    "",
    `Debian's Chromium, headless, the network throttled as Lighthouse's mobile profile (1.6 Mbps down, 750 kbps up, 150 ms round trip; no CPU throttling), a cold cache, the demo team signed in; ${RUNS} runs per case, interleaved, medians. LCP: the largest contentful paint of /contests/; page bytes: everything on the wire until the page is idle. Builder: from pressing C on that page until the basic-information pane's name field has taken a text (welcome pane, Next), and the bytes that brought it.`,
    "",
    "| case | /contests/ LCP | page bytes | builder usable | builder bytes |",
    "|---|---:|---:|---:|---:|",
    off.line,
    on.line,
    "",
    `Compressed, the contest list paints its largest content after **${s(on.m.lcp)}** (${(on.m.lcp / off.m.lcp).toFixed(2)}× the uncompressed run, aim ≤ 2.5 s) with **${kb(on.m.page)}** on the wire (${(on.m.page / off.m.page).toFixed(2)}×); the builder's basic information is usable after **${s(on.m.builder)}** (${(on.m.builder / off.m.builder).toFixed(2)}×, aim ≤ 2.5 s) for **${kb(on.m.builderBytes)}** (${(on.m.builderBytes / off.m.builderBytes).toFixed(2)}×).`,
  ].join("\n");
}
