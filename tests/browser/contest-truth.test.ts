/**
 * Issue 13 in real Chromium against the real server and the demo seed: duplicating a contest from the list opens
 * the builder with its form as a new contest (saved, it is a new draft marked as a duplicate, the original
 * untouched); after a manual-check rejection every count says the same (the entries tabs, the final-draw dialog,
 * the draw); the public verify page offers its downloads with their names and hashes and links to /verify/method,
 * which shows docs/draw.md with its test vectors.
 *
 * With SHOTS_DIR set, each screen is also photographed at 1440 and 390 px wide into that folder.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entrantsListText, type FrozenListRead, seedCommitment, sha256Hex } from "../../engine/lifecycle";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { type ApiCall, signInDemo } from "./builder-helpers";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let call: ApiCall;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  call = await signInDemo(server.url, browser.context);
  page = await browser.context.newPage();
  page.on("console", (m) => m.type() === "error" && pageErrors.push(m.text()));
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Photographs the page at 1440 and 390 px wide when SHOTS_DIR is set (the screens are looked at, not compared). */
async function shoot(name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function axeViolations(): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const result = await (window as any).axe.run(document);
    return result.violations.map((v: { id: string; help: string }) => `${v.id}: ${v.help}`);
  });
}

type ListEntry = { _id: string; name: string; status: string };

async function contestNamed(name: string, status: string): Promise<ListEntry> {
  const res = await call("GET", `/teams/current/contests/list?status=${status}&per_page=100`);
  const found = ((await res.json()) as { data: ListEntry[] }).data.find((c) => c.name === name);
  if (!found) throw new Error(`the demo seed has no ${status} contest named ${name}`);
  return found;
}

type EntriesMeta = { total: number; valid: number; invalid: number; drawable: number };
type EntriesPage = { data: { _id: string; account: { screen_name: string } }[]; meta: EntriesMeta };

async function entries(id: string, valid: boolean): Promise<EntriesPage> {
  const res = await call("GET", `/teams/current/contests/${id}/entries?valid=${valid}&per_page=100`);
  expect(res.status).toBe(200);
  return (await res.json()) as EntriesPage;
}

type Json = Record<string, unknown>;

/** A planned X (Twitter) contest made through the builder's create call, with the builder's defaults. */
async function builderContest(name: string): Promise<string> {
  const config = (await (await call("GET", "/teams/current/contest-builder/config")).json()) as {
    defaults: { base: Json; sources: Record<string, Json> };
    team: { accounts: Record<string, { account_id: number }[]> };
  };
  const source = structuredClone(config.defaults.sources.twitter) as Json & {
    publication: Json;
    actions: { like: Json };
  };
  Object.assign(source, { id: 100, type: "twitter" });
  source.publication.account_id = config.team.accounts.twitter?.[0]?.account_id;
  source.publication.content = "Like this post to win! Draw {SEED}, checked at {DRAW_LINK}";
  source.actions.like.enabled = true;
  const day = 86_400_000;
  const start = new Date(Date.now() + day).toISOString();
  const res = await call("POST", "/teams/current/contests/create", {
    idempotency_key: crypto.randomUUID(),
    status: "planned",
    forPayment: false,
    base: {
      ...config.defaults.base,
      name,
      nb_winners: 1,
      start_date: start,
      original_start_date: start,
      close_date: new Date(Date.now() + 4 * day).toISOString(),
    },
    sources: [source],
    summary: { parameters_verified: true },
  });
  const answer = (await res.json()) as { contest_id?: string };
  if (res.status !== 201 || !answer.contest_id)
    throw new Error(`create answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer.contest_id;
}

describe("duplicating a contest", () => {
  it("opens the builder from the list with the contest's form as a new contest, and saves a new draft", async () => {
    const originalId = await builderContest("Coffee week");
    const original = { _id: originalId };
    await page.goto(`${server.url}/contests/`);
    const duplicate = page.getByRole("button", { name: "Duplicate Coffee week" });
    await duplicate.waitFor();
    await shoot("contests-list");
    await duplicate.click();

    const name = page.locator('[id="fd-base.name"]');
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe("Copy of Coffee week");
    // No link to the original: the builder says "new" and its menu saves a draft, not the contest.
    await expect.poll(() => page.locator(".builder-badge").getAttribute("data-badge")).toBe("new");
    await name.fill("Coffee week, again");
    await page.locator("[data-action=menu]").click();
    await page.locator("[data-action=draft]").click();
    await page.waitForURL(/\/contests\/\?status=draft$/);

    const drafts = (await (await call("GET", "/teams/current/contests/list?status=draft")).json()) as {
      data: ListEntry[];
    };
    const copy = drafts.data.find((c) => c.name === "Coffee week, again");
    if (!copy) throw new Error("the duplicate was not saved");
    expect(copy._id).not.toBe(original._id);
    const stored = (await (await call("GET", `/teams/current/contests/${copy._id}`)).json()) as {
      is_duplicate: boolean;
      cb_data: { sources: { type: string; publication: { content: string } }[] };
    };
    expect(stored.is_duplicate).toBe(true);
    expect(stored.cb_data.sources.map((s) => [s.type, s.publication.content])).toEqual([
      ["twitter", "Like this post to win! Draw {SEED}, checked at {DRAW_LINK}"],
    ]);
    const again = (await (await call("GET", `/teams/current/contests/${original._id}`)).json()) as ListEntry;
    expect(again).toMatchObject({ name: "Coffee week", status: "planned" });
  }, 60_000);

  it('offers duplicate on the contest page of a builder contest, named "Copy of …" with its dates moved forward', async () => {
    const original = await contestNamed("Spring quiz", "closed");
    await page.goto(`${server.url}/contest/${original._id}`);
    const duplicate = page.getByRole("button", { name: "Duplicate", exact: true });
    await duplicate.waitFor();
    await shoot("contest-overview");
    await duplicate.click();
    const name = page.locator('[id="fd-base.name"]');
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe("Copy of Spring quiz");
    await expect.poll(() => page.locator(".builder-badge").getAttribute("data-badge")).toBe("new");
    // The closed contest's dates have moved forward: the copy has a start and a close date, not empty pickers.
    for (const date of ["base.start_date", "base.close_date"]) {
      expect(await page.locator(`[id="fd-${date}"]`).textContent()).not.toContain("Choose a date");
    }
    await page.locator("[data-action=menu]").click();
    await page.locator("[data-action=close]").click();
    await page.locator(".modal [data-action=confirm]").click();
    await page.locator(".builder").waitFor({ state: "detached" });
  }, 60_000);
});

describe("the counts after a manual-check rejection", () => {
  it("agree everywhere: the valid tab leaves the rejected entrant out, the dialog and the draw count alike", async () => {
    const contest = await contestNamed("Spring quiz", "closed");
    const before = await entries(contest._id, true);
    const rejected = before.data[0];
    if (!rejected) throw new Error("no valid entry");
    const entrant = `/teams/current/contests/${contest._id}/entries/${encodeURIComponent(rejected._id)}`;
    expect((await call("POST", `${entrant}/profile`)).status).toBe(200);
    const check = await call("POST", `${entrant}/check`, { decision: "reject", reasons: ["seemsAutomated"] });
    expect(check.status).toBe(200);
    const after = await entries(contest._id, true);
    expect(after.meta.valid).toBe(before.meta.valid - 1);

    await page.goto(`${server.url}/contest/${contest._id}/entries`);
    const tabs = page.getByRole("navigation", { name: "Which entries" });
    await tabs.getByRole("link", { name: `Valid (${after.meta.valid})` }).waitFor();
    await tabs.getByRole("link", { name: `Removed (${after.meta.invalid})` }).waitFor();
    // The rows are there (the counts alone could show first): only then is the entrant's absence worth reading.
    await page.locator("tr[data-entrant]").first().waitFor();
    expect(await page.locator(`tr[data-entrant="${rejected._id}"]`).count()).toBe(0);
    await shoot("entries-valid");
    await tabs.getByRole("link", { name: /^Removed/ }).click();
    await page.locator(`tr[data-entrant="${rejected._id}"]`).first().waitFor();

    await page.goto(`${server.url}/contest/${contest._id}/drawing`);
    await page.getByRole("button", { name: "Start the final draw" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`The draw picks among ${after.meta.drawable} valid entries.`).waitFor();
    await shoot("final-draw-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const draw = await call("POST", `/teams/current/contests/${contest._id}/draws`, {
      kind: "final",
      consent: true,
    });
    const made = (await draw.json()) as { entrants_count: number };
    expect(made.entrants_count).toBe(after.meta.drawable);
    await page.reload();
    await page.getByText(`Drawn among ${after.meta.drawable} entrants.`).first().waitFor();
    await shoot("drawing-done");
  }, 60_000);
});

describe("the winners announcement", () => {
  it("offers, after the final draw, to publish on the source's network a reply naming its winners, shown as it goes out", async () => {
    const contest = await contestNamed("New year contest", "ended");
    type Listed = { data: { source_id: string; winners: string[]; post_id: string }[]; public_url: string };
    const listed = (await (
      await call("GET", `/teams/current/contests/${contest._id}/winners_announcement`)
    ).json()) as Listed;
    const [source] = listed.data;
    if (!source || source.winners.length === 0) throw new Error("no winners to announce");

    await page.goto(`${server.url}/contest/${contest._id}/drawing`);
    const card = page.getByRole("region", { name: "Announce the winners" });
    await card.waitFor();
    // The preview shows the post as it will go out: the winners' handles and the contest's verify link.
    const preview = card.locator(".announce-preview");
    await preview.getByText(source.winners.join(", ")).waitFor();
    await preview.getByText(`${listed.public_url}/verify/${contest._id}`).waitFor();
    await shoot("winners-announcement");
    await card.getByRole("button", { name: "Publish on X (Twitter)" }).click();
    await card.getByText("The announcement is published.").waitFor();

    type Publication = { kind: string; text: string; mode: string; in_reply_to: string | null };
    const pubs = (await (
      await call("GET", `/teams/current/contests/${contest._id}/publications`)
    ).json()) as {
      data: Publication[];
    };
    const winners = pubs.data.filter((p) => p.kind === "winners");
    expect(winners).toHaveLength(1);
    expect(winners[0]?.text).toBe(
      `Congratulations ${source.winners.join(", ")}, you won! Thank you all for taking part. Check the draw: ${listed.public_url}/verify/${contest._id}`,
    );
    expect(winners[0]?.mode).toBe("reply");
    await shoot("winners-announcement-sent");
  }, 60_000);
});

describe("the verify page's downloads and /verify/method", () => {
  it("lists the seed, the list and the checksums with their names and hashes side by side", async () => {
    const contest = await contestNamed("New year contest", "ended");
    const proof = (await (await fetch(`${server.url}/api/v1/verify/${contest._id}`)).json()) as {
      seed: string;
      seed_commitment: string;
      entrants: string[];
      entrants_hash: string;
      list_reads: FrozenListRead[];
    };
    await page.goto(`${server.url}/verify/${contest._id}`);
    const downloads = page.getByRole("region", { name: "Downloads" });
    await downloads.waitFor();
    const rows = await downloads.locator("tbody tr").evaluateAll((trs) =>
      trs.map((tr) => ({
        name: tr.querySelector(".verify-file-name")?.textContent,
        hash: tr.querySelector(".verify-file-hash")?.textContent,
      })),
    );
    const sums = `${proof.seed_commitment}  seed-${contest._id}.txt\n${proof.entrants_hash}  entrants-${contest._id}.txt\n`;
    expect(rows).toEqual([
      // The seed file hashes to the commitment published before the start, the list file to the list's hash.
      { name: `seed-${contest._id}.txt`, hash: proof.seed_commitment },
      { name: `entrants-${contest._id}.txt`, hash: proof.entrants_hash },
      { name: `sha256sums-${contest._id}.txt`, hash: sha256Hex(sums) },
    ]);
    expect(seedCommitment(proof.seed)).toBe(proof.seed_commitment);
    // The list's hash covers what each network let the draw read of its lists, after the ids.
    expect(sha256Hex(entrantsListText(proof.entrants, proof.list_reads))).toBe(proof.entrants_hash);

    const [file] = await Promise.all([
      page.waitForEvent("download"),
      downloads.getByRole("button", { name: `Download seed-${contest._id}.txt` }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`seed-${contest._id}.txt`);
    const saved = await file.path();
    expect(readFileSync(saved, "utf8")).toBe(proof.seed);
    await shoot("verify-downloads");
    expect(await axeViolations()).toEqual([]);
  }, 60_000);

  it("links to the public winners page, which names the winners the draw published", async () => {
    const contest = await contestNamed("New year contest", "ended");
    const proof = (await (await fetch(`${server.url}/api/v1/verify/${contest._id}`)).json()) as {
      name: string;
      winners_accounts: { screen_name: string | null }[];
    };
    await page.goto(`${server.url}/verify/${contest._id}`);
    await page.getByRole("link", { name: "See the winners" }).click();
    await page.waitForURL(`${server.url}/verify/${contest._id}/winners`);
    await page.getByRole("heading", { level: 1, name: `Winners of ${proof.name}` }).waitFor();
    const drawn = page.getByRole("list", { name: "Drawn winners" });
    const shown = await drawn
      .locator("li")
      .evaluateAll((lis) => lis.map((li) => li.querySelector(".winner-handle")?.textContent?.trim()));
    expect(shown).toEqual(proof.winners_accounts.map((w) => `@${w.screen_name}`));
    expect(shown.length).toBeGreaterThan(0);
    await shoot("verify-winners");
    expect(await axeViolations()).toEqual([]);
    await page.getByRole("link", { name: "Check how they were drawn" }).click();
    await page.waitForURL(`${server.url}/verify/${contest._id}`);
  }, 60_000);

  it("links to /verify/method, which shows the method with its reference code and test vectors", async () => {
    await page
      .getByRole("link", { name: "The exact method, its reference code and its test vectors" })
      .click();
    await page.waitForURL(`${server.url}/verify/method`);
    await page.getByRole("heading", { level: 1, name: "The verifiable draw" }).waitFor();
    await page.getByRole("heading", { name: "Test vectors" }).waitFor();
    await page
      .getByRole("heading", { name: "Reference implementation (Python 3, standard library)" })
      .waitFor();
    expect(
      await page.getByText("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad").count(),
    ).toBe(1);
    await page.waitForFunction(() => document.title === "How a Fairdraw draw works • Fairdraw");
    await shoot("verify-method");
    expect(await axeViolations()).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
