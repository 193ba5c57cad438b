/**
 * Lighthouse 12.8.2 over the main pages (issue 28): the built app on the real server (127.0.0.1) with a throwaway
 * SQLite database and the demo seed; Debian's Chromium, headless, started by chrome-launcher with the flags of
 * every Chromium we start; Lighthouse's default mobile profile (simulated slow 4G and a 4× slower CPU). Every
 * audit gets a browser of its own and a cold cache. Pages behind the session get the demo owner's cookie (signed
 * in through the dev mailbox, as the browser tests do); public pages are audited signed out, as a visitor sees them.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { chromium } from "playwright-core";
import { type ApiCall, demoSession } from "../../tests/browser/builder-helpers";
import { CHROMIUM_FLAGS, findChromium } from "../../tests/helpers/chromium";
import { startTestServer } from "../../tests/helpers/server";
import { buildWebIfNeeded } from "../web-build";

type Cookie = { name: string; value: string };

/** The seed's contests the pages open. */
type SeedIds = { started: string; ended: string };

export type PageSpec = { name: string; path: (ids: SeedIds) => string; signedIn: boolean };

export const PAGES: PageSpec[] = [
  { name: "/login", path: () => "/login", signedIn: false },
  { name: "/verify/{ended}", path: (ids) => `/verify/${ids.ended}`, signedIn: false },
  { name: "/verify/{ended}/winners", path: (ids) => `/verify/${ids.ended}/winners`, signedIn: false },
  { name: "/contests/", path: () => "/contests/", signedIn: true },
  { name: "/contests/create (builder, first pane)", path: () => "/contests/create", signedIn: true },
  { name: "/contest/{started}/", path: (ids) => `/contest/${ids.started}/`, signedIn: true },
  { name: "/contest/{started}/entries", path: (ids) => `/contest/${ids.started}/entries`, signedIn: true },
  {
    name: "/contest/{started}/statistics",
    path: (ids) => `/contest/${ids.started}/statistics`,
    signedIn: true,
  },
  { name: "/contest/{ended}/drawing", path: (ids) => `/contest/${ids.ended}/drawing`, signedIn: true },
  { name: "/contest/{started}/settings", path: (ids) => `/contest/${ids.started}/settings`, signedIn: true },
  { name: "/team/", path: () => "/team/", signedIn: true },
  { name: "/team/members", path: () => "/team/members", signedIn: true },
];

/** One audit's figures: category scores out of 100, times in milliseconds. */
export type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the machine's speed during the run (higher is faster; a quiet desktop ~1500+). */
  benchmarkIndex: number;
  /** Audits of accessibility and best practices that did not pass ("errors-in-console: …"). */
  failed: string[];
  /** The performance audits that lost points, with Lighthouse's figure ("render-blocking-resources: 300 ms"). */
  diagnostics: string[];
};

export type PageResult = { page: PageSpec; runs: Run[] };

const CATEGORIES = ["performance", "accessibility", "best-practices"];

function score(lhr: Result, id: string): number {
  const s = lhr.categories[id]?.score;
  if (s === null || s === undefined)
    throw new Error(`Lighthouse gave no ${id} score for ${lhr.requestedUrl}`);
  return Math.round(s * 100);
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** Lighthouse's own runtime error (NO_NAVSTART, a lost trace): it asks to be run again, and a second try is. */
class TraceLost extends Error {}

/** An audit whose trace Lighthouse lost is taken again, twice at most; any other failure stands. */
export async function auditWithRetry(audit: () => Promise<Run>): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit();
    } catch (err) {
      if (!(err instanceof TraceLost) || attempt === 3) throw err;
    }
  }
}

/** The audits of a category that lost points, each with what Lighthouse found (items, or its figure). */
function lost(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs.flatMap((ref) => {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 1 || a.scoreDisplayMode === "informative") return [];
    if (category === "performance" && ref.weight === 0 && a.score >= 0.9) return [];
    const items = a.details && "items" in a.details ? (a.details.items as Record<string, unknown>[]) : [];
    const said = items
      .slice(0, 3)
      .map((i) => String(i.description ?? i.url ?? i.source ?? "").slice(0, 160))
      .filter(Boolean);
    return [`${ref.id}: ${a.displayValue ?? a.title}${said.length ? ` (${said.join("; ")})` : ""}`];
  });
}

export async function auditOnce(
  chromePath: string,
  url: string,
  cookies: Cookie[],
  reports?: string,
): Promise<Run> {
  const chrome = await launch({
    chromePath,
    chromeFlags: [...CHROMIUM_FLAGS, "--headless=new"],
    logLevel: "silent",
  });
  try {
    if (cookies.length > 0) {
      // The session's cookies go into the browser's own jar, so the page, its calls and its socket all carry them.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        await browser.contexts()[0]?.addCookies(cookies.map((c) => ({ ...c, url: new URL(url).origin })));
      } finally {
        await browser.close();
      }
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new TraceLost(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    // A page that sent the browser elsewhere (a lost session sends it to /login) was not the page asked for.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
    }
    if (reports) {
      const file = `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`;
      writeFileSync(path.join(reports, file), JSON.stringify(lhr));
    }
    return {
      performance: score(lhr, "performance"),
      accessibility: score(lhr, "accessibility"),
      bestPractices: score(lhr, "best-practices"),
      fcpMs: numeric(lhr, "first-contentful-paint"),
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failed: [...lost(lhr, "accessibility"), ...lost(lhr, "best-practices")],
      diagnostics: lost(lhr, "performance"),
    };
  } finally {
    chrome.kill();
  }
}

/** The seed's first started contest and its ended one (the one with a final draw and winners). */
export async function seedIds(call: ApiCall): Promise<SeedIds> {
  const res = await call("GET", "/teams/current/contests/list?per_page=50");
  const { data } = (await res.json()) as { data: { _id: string; status: string }[] };
  const started = data.find((c) => c.status === "started")?._id;
  const ended = data.find((c) => c.status === "ended")?._id;
  if (!started || !ended) throw new Error("the demo seed has no started or no ended contest");
  return { started, ended };
}

export type AuditOptions = {
  runs: number;
  /** Only the pages whose name contains one of these. */
  only?: string[];
  /** A folder to keep every Lighthouse report (JSON) in. */
  reports?: string;
  /** Told after each audit. */
  progress?: (line: string) => void;
};

/** Every page `runs` times, the runs interleaved (a slow minute of the machine spreads over every page). */
export async function auditPages(opts: AuditOptions): Promise<PageResult[]> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error("No Chromium found (apt-get install -y chromium, or set CHROME_PATH).");
  await buildWebIfNeeded();
  const server = await startTestServer();
  try {
    const { cookies, call } = await demoSession(server.url);
    const ids = await seedIds(call);
    const pages = PAGES.filter((p) => !opts.only?.length || opts.only.some((o) => p.name.includes(o)));
    const results = pages.map((page) => ({ page, runs: [] as Run[] }));
    for (let r = 0; r < opts.runs; r++) {
      for (const result of results) {
        const url = `${server.url}${result.page.path(ids)}`;
        const run = await auditWithRetry(() =>
          auditOnce(chromePath, url, result.page.signedIn ? cookies : [], opts.reports),
        );
        result.runs.push(run);
        opts.progress?.(
          `lighthouse: ${result.page.name} run ${r + 1}/${opts.runs}: performance ${run.performance}, ` +
            `accessibility ${run.accessibility}, best practices ${run.bestPractices}`,
        );
      }
    }
    return results;
  } finally {
    await server.stop();
  }
}
