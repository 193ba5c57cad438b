/**
 * The public /verify page in real Chromium against the real server: the demo seed's ended contest has a final
 * draw; the page, opened without signing in, re-runs the draw in the browser with engine/lifecycle and every
 * check passes, with the winners the API published. The seed's instant-win contest has winning moments: the page
 * checks them in the browser, every check passes, with the moments' winners the API published. A contest not
 * drawn yet shows its commitment only.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSTANT_WIN_CONTEST } from "../../api/db/seed-lifecycle";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
const pageErrors: string[] = [];

type Verify = {
  name: string;
  status: string;
  seed: string | null;
  seed_commitment: string | null;
  winners: string[];
  substitutes: string[];
  winners_accounts: { id: string; screen_name: string | null }[];
  winning_moments: {
    commitment: string;
    salt: string | null;
    moments: string[] | null;
    results: { moment: string; winner: string | null; screen_name: string | null }[] | null;
  }[];
};

/** A session of the demo owner: e-mail code from the dev mailbox, then the CSRF token. */
async function signInDemo(
  base: string,
): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
  const email = "demo@fairdraw.test";
  const json = { "content-type": "application/json" };
  const asked = await fetch(`${base}/api/v1/auth/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(204);
  const mailbox = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as {
    data: { to: string; text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(mailbox.data.find((m) => m.to === email)?.text ?? "")?.[1];
  const verified = await fetch(`${base}/api/v1/auth/verify`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  expect(verified.status).toBe(200);
  const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { csrf_token } = (await (
    await fetch(`${base}/api/v1/refresh_csrf`, { headers: { cookie } })
  ).json()) as {
    csrf_token: string;
  };
  return (method, path, body) =>
    fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        cookie,
        "x-csrf-token": csrf_token,
        "x-requested-with": "XMLHttpRequest",
        ...(body === undefined ? {} : json),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

let call: Awaited<ReturnType<typeof signInDemo>>;

/** What axe-core finds on the page as it is. */
async function axeViolations(): Promise<string[]> {
  // Evaluated through the debugging protocol: the app's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const result = await (window as any).axe.run(document);
    return result.violations.map((v: { id: string; help: string }) => `${v.id}: ${v.help}`);
  });
}

/** The demo seed's first contest with that status, or the one with that name. */
async function contestWithStatus(status: string, name?: string): Promise<{ _id: string; name: string }> {
  const list = (await (await call("GET", `/teams/current/contests/list?status=${status}`)).json()) as {
    data: { _id: string; name: string }[];
  };
  const found = name === undefined ? list.data[0] : list.data.find((c) => c.name === name);
  if (!found) throw new Error(`the demo seed has no ${status} contest${name ? ` named ${name}` : ""}`);
  return found;
}

/** The ended contest's id; when the seed has no final draw on it, one is made on the closed contest. */
async function drawnContest(): Promise<string> {
  const ended = await contestWithStatus("ended", "New year contest");
  const proof = (await (await fetch(`${server.url}/api/v1/verify/${ended._id}`)).json()) as Verify;
  if (proof.seed) return ended._id;
  const closed = await contestWithStatus("closed");
  const draw = await call("POST", `/teams/current/contests/${closed._id}/draws`, {
    kind: "final",
    consent: true,
  });
  expect(draw.status).toBe(201);
  return closed._id;
}

beforeAll(async () => {
  server = await startTestServer();
  call = await signInDemo(server.url);
  browser = await launchChromium();
  page = await browser.context.newPage();
  page.on("console", (m) => {
    // Every console error counts: a signed-out visitor asks for no user (no 401 for GET /users/me).
    if (m.type() === "error") pageErrors.push(m.text());
  });
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the public verify page in Chromium", () => {
  it("re-runs the final draw in the browser: every check passes, with the winners the API published", async () => {
    const id = await drawnContest();
    const proof = (await (await fetch(`${server.url}/api/v1/verify/${id}`)).json()) as Verify;
    expect(proof.seed).toMatch(/^[0-9a-f]{64}$/);

    await page.goto(`${server.url}/verify/${id}`);
    await page.getByRole("heading", { level: 1, name: `Verify the draw of ${proof.name}` }).waitFor();
    expect(page.url()).toBe(`${server.url}/verify/${id}`);
    // The title is written by an effect after the heading is drawn.
    const title = `Verify the draw of ${proof.name} • Fairdraw`;
    await page.waitForFunction((expected) => document.title === expected, title);
    expect(await page.title()).toBe(title);

    await page.getByRole("button", { name: "Re-run the draw in my browser" }).click();
    await page.getByText("Every check passed").waitFor();
    const checks = page.locator(".verify-checks [role=status]");
    expect(await checks.count()).toBe(3);
    expect(await checks.evaluateAll((els) => els.map((e) => e.getAttribute("data-passed")))).toEqual([
      "true",
      "true",
      "true",
    ]);

    const shown = await page
      .locator(".draw-winners li")
      .evaluateAll((els) => els.map((e) => e.querySelector("code")?.textContent ?? e.textContent?.trim()));
    expect(shown).toEqual(proof.winners);
    expect(proof.winners.length).toBeGreaterThan(0);
  });

  it("has no accessibility violations that axe-core can find, checks shown", async () => {
    expect(await axeViolations()).toEqual([]);
  });

  it("checks the winning moments in the browser: every check passes, with the moments' winners the API published", async () => {
    const { _id: id } = await contestWithStatus("ended", INSTANT_WIN_CONTEST);
    const proof = (await (await fetch(`${server.url}/api/v1/verify/${id}`)).json()) as Verify;
    const [revealed] = proof.winning_moments;
    if (!revealed?.salt || !revealed.results) throw new Error("the seeded moments were not revealed");
    const winners = revealed.results.map((r) => r.winner);
    expect(winners.filter((w) => w !== null).length).toBeGreaterThan(0);

    await page.goto(`${server.url}/verify/${id}`);
    await page.getByRole("heading", { level: 1, name: `Verify the draw of ${proof.name}` }).waitFor();
    const moments = page.getByRole("region", { name: "Winning moments" });
    await moments.getByRole("button", { name: "Check the winning moments in my browser" }).click();
    await moments.getByText("Every check passed").waitFor();
    const checks = moments.locator(".verify-checks [role=status]");
    expect(await checks.evaluateAll((els) => els.map((e) => e.getAttribute("data-check")))).toEqual([
      "moments-commitment",
      "moments-list",
      ...winners.map(() => "moment-winner"),
    ]);
    expect(await checks.evaluateAll((els) => els.map((e) => e.getAttribute("data-passed")))).toEqual(
      ["moments-commitment", "moments-list", ...winners].map(() => "true"),
    );

    // The salt and each moment's winner (or nobody) as the API published them, in the order of the moments.
    expect(await moments.getByText(revealed.commitment).count()).toBe(1);
    expect(await moments.getByText(revealed.salt).count()).toBe(1);
    const shown = await moments
      .locator(".verify-moments-table tbody tr")
      .evaluateAll((rows) => rows.map((row) => row.querySelector(".draw-id")?.textContent ?? null));
    expect(shown).toEqual(winners);
    const handles = await moments
      .locator(".verify-moments-table tbody tr")
      .evaluateAll((rows) => rows.map((row) => row.querySelector(".draw-pick")?.textContent ?? null));
    revealed.results.forEach((r, i) => {
      if (r.winner !== null) expect(handles[i]).toContain(`@${r.screen_name}`);
    });
    expect(await axeViolations()).toEqual([]);
  });

  it("loads lists that come in pages, hashes each page in Chromium, and fails the check of a changed page", async () => {
    // The seed's lists fit in one page of 5 000: the answer is cut into pages of 20 on the way to the page (the
    // server's own pages are tested in tests/api/lifecycle/verify-pages.test.ts), so the page's paging runs here.
    const { _id: id } = await contestWithStatus("ended", INSTANT_WIN_CONTEST);
    const full = (await (await fetch(`${server.url}/api/v1/verify/${id}`)).json()) as Verify & {
      entrants: string[];
      winning_moments: { source_id: string; entries: { id: string; at: string }[] }[];
    };
    const [source] = full.winning_moments;
    if (!source) throw new Error("no moments");
    const PER = 20;
    const pages = (n: number) => Math.ceil(n / PER);
    const slice = <T>(list: T[], n: number) => ({
      page: n,
      pages: pages(list.length),
      count: list.length,
      items: list.slice((n - 1) * PER, n * PER),
    });
    let changed = false;
    const entries = () =>
      changed
        ? source.entries.map((e, i) => (i === 30 ? { ...e, at: "2020-01-01T00:00:00.000Z" } : e))
        : source.entries;
    await page.route(`**/api/v1/verify/${id}`, (r) =>
      r.fulfill({
        json: {
          ...full,
          entrants: full.entrants.slice(0, PER),
          entrants_pages: pages(full.entrants.length),
          winning_moments: [
            { ...source, entries: source.entries.slice(0, PER), entries_pages: pages(source.entries.length) },
          ],
        },
      }),
    );
    const asked: string[] = [];
    await page.route(`**/api/v1/verify/${id}/entrants/*`, (r) => {
      asked.push(r.request().url());
      return r.fulfill({ json: slice(full.entrants, Number(r.request().url().split("/").pop())) });
    });
    await page.route(`**/api/v1/verify/${id}/moments/*/entries/*`, (r) => {
      asked.push(r.request().url());
      return r.fulfill({ json: slice(entries(), Number(r.request().url().split("/").pop())) });
    });
    try {
      await page.goto(`${server.url}/verify/${id}`);
      const moments = page.getByRole("region", { name: "Winning moments" });
      await moments.getByRole("button", { name: "Check the winning moments in my browser" }).click();
      await moments.getByText("Every check passed").waitFor();
      await page.getByRole("button", { name: "Re-run the draw in my browser" }).click();
      await page.getByText("Every check passed: this draw is the one").waitFor();
      expect(asked.length).toBe(pages(full.entrants.length) - 1 + pages(source.entries.length) - 1);
      // The whole list is in: its files can be downloaded.
      await page.getByRole("button", { name: `Download entrants-${id}.txt` }).waitFor();

      changed = true;
      await page.reload();
      await moments.getByRole("button", { name: "Check the winning moments in my browser" }).click();
      await moments.getByText("A check failed").waitFor();
      const list = moments.locator('[data-check="moments-list"]');
      await expect.poll(() => list.getAttribute("data-passed")).toBe("false");
    } finally {
      await page.unrouteAll();
    }
  });

  it("shows only the commitment of a contest not drawn yet", async () => {
    const started = await contestWithStatus("started");
    const proof = (await (await fetch(`${server.url}/api/v1/verify/${started._id}`)).json()) as Verify;
    await page.goto(`${server.url}/verify/${started._id}`);
    await page.getByText("The draw has not happened yet.").waitFor();
    expect(await page.getByRole("button", { name: "Re-run the draw in my browser" }).count()).toBe(0);
    if (proof.seed_commitment) expect(await page.getByText(proof.seed_commitment).count()).toBe(1);
  });

  it("switches the page to French with its language choice", async () => {
    const started = await contestWithStatus("started");
    await page.goto(`${server.url}/verify/${started._id}`);
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: "Français" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "fr");
    await page.getByRole("button", { name: "Langue : Français" }).waitFor();
  });

  it("logged no console error and threw no page error", () => {
    expect(pageErrors).toEqual([]);
  });
});
