/**
 * The contest builder in real Chromium against the real server (contest-builder.md §2, §4, §5): the demo owner
 * presses C, builds a contest with a twitter and an instagram source (a media uploaded, a reminder, actions,
 * filters), sees the side pane turn green and creates it with the hold button; saves a draft and resumes it;
 * exports a template and imports it; triggers rules' errors from the interface and reads their messages, in English
 * and in French.
 *
 * The builder's own words are Lingui messages whose catalogs are extracted at the end of the work: the test finds
 * controls by their ids (the form path: `fd-base.name`), data attributes and roles, and reads only the engine's
 * messages (schemas/messages), which are data.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { JPEG } from "../helpers/tiny-images";
import { type ApiCall, signInDemo } from "./builder-helpers";
import { holdUntilConfirmed, pressBuilderShortcut } from "./waits";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const en = JSON.parse(readFileSync("schemas/messages/en.json", "utf8")) as Record<string, string>;
const fr = JSON.parse(readFileSync("schemas/messages/fr.json", "utf8")) as Record<string, string>;

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

const byId = (id: string) => page.locator(`[id="${id}"]`);
const field = (path: string) => byId(`fd-${path}`);

/** Opens the builder with the C shortcut (no field focused, no dialog open) and waits for its sidebar. */
async function openBuilder() {
  await pressBuilderShortcut(page);
  await page.locator(".builder-sidebar").waitFor();
}

async function next() {
  await page.locator(".builder-pane-foot [data-action=next]").click();
}

async function goToPane(pane: number) {
  await page.locator(`.builder-sidebar [data-pane="${pane}"]`).click();
}

function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Picks a day `days` from today in the date picker of `id` (the picked day's time is noon). */
async function pickDay(id: string, days: number) {
  const target = new Date();
  target.setDate(target.getDate() + days);
  await byId(id).click();
  const calendar = page.locator(".datetime-calendar");
  await calendar.waitFor();
  for (let i = 0; i < 3; i++) {
    const cell = calendar.locator(`[data-day="${dayKey(target)}"] button`);
    if ((await cell.count()) > 0) {
      await cell.click();
      // The new date reaches the form once, with Apply.
      await calendar.locator("[data-action=apply-date]").click();
      await calendar.waitFor({ state: "detached" });
      return;
    }
    await calendar.locator(".rdp-button_next").click();
  }
  throw new Error(`day ${dayKey(target)} not found`);
}

/** Turns a switch on (or off) and waits until it shows so: what the next step reads depends on it. */
async function toggle(path: string, on = true) {
  const input = field(path);
  if ((await input.isChecked()) !== on) await input.click({ force: true });
  await expect.poll(() => input.isChecked(), { message: path }).toBe(on);
}

async function addSource(provider: string) {
  await page.locator(".builder-add-source").first().click();
  await page.locator(`.modal button[data-provider="${provider}"]`).click();
  await page.locator(".builder-tabs").waitFor();
}

async function tab(name: string) {
  await page.locator(`#builder-tab-${name}`).click();
}

/** The text of the side pane's error for a path ("" when it lists none). */
async function sideError(path: string): Promise<string> {
  const link = page.locator(`.builder-side-errors [data-error-path="${path}"] .field-error`);
  if ((await link.count()) === 0) return "";
  return (await link.first().textContent()) ?? "";
}

/** What axe-core finds wrong in the builder (injected through the debugging protocol: the CSP refuses inline scripts). */
async function axeViolations(): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const result = await (window as any).axe.run(document.querySelector(".builder"));
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
  });
}

/** A success says so in a toast, with nothing modal over the page. */
async function expectToast(text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();
  expect(await page.locator(".modal-overlay").count()).toBe(0);
}

/** Base pane: a name, a start tomorrow, a close in 4 days. */
async function fillBase(name: string) {
  await field("base.name").fill(name);
  await pickDay("fd-base.start_date", 1);
  await pickDay("fd-base.close_date", 4);
}

describe("the contest builder in Chromium", () => {
  it("does not download the builder on the first page, and opens it with C", async () => {
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto(`${server.url}/dashboard`);
    await page.waitForLoadState("networkidle");
    expect(scripts.some((s) => s.includes("ContestBuilder"))).toBe(false);
    await openBuilder();
    expect(scripts.some((s) => s.includes("ContestBuilder"))).toBe(true);
    await expect.poll(() => page.locator(".builder-badge").getAttribute("data-badge")).toBe("new");
  });

  it("builds a contest with a twitter and an instagram source and creates it with the hold button", async () => {
    await next(); // welcome → basic information
    await fillBase("Browser giveaway");
    // The side pane turns green once the pane is checked.
    await next();
    await goToPane(1);
    await expect
      .poll(() => page.locator(".builder-side-steps li").evaluateAll((li) => li.map((l) => l.dataset.state)))
      .toEqual(["VALID", "VALID", "VALID", "OPTION", "OPTION", "OPTION", "OPTION", "OPTION"]);

    expect(await axeViolations()).toEqual([]);

    // Twitter: the account is preselected; a text, a like, a reminder, a filter.
    await addSource("twitter");
    await field("sources.0.publication.content").fill("Like this post to win a prize!");
    await tab("actions");
    await toggle("sources.0.actions.like.enabled");
    await tab("reminders");
    await toggle("sources.0.reminders.enabled");
    await page.locator(".reminder-add").click();
    await byId("fd-sources.0.reminders.list.0.type").selectOption("reply");
    await pickDay("fd-sources.0.reminders.list.0.creation_date", 2);
    await byId("fd-sources.0.reminders.list.0.content").fill("Last days to take part!");
    await tab("filters");
    await toggle("sources.0.account_age.enabled");
    await field("sources.0.account_age.months_old").fill("6");
    await tab("others");
    expect(await axeViolations()).toEqual([]);
    await next(); // checks the source, then the next pane

    // Instagram: a text and an uploaded image, comments on every post.
    await addSource("instagram");
    await field("sources.1.publication.content").fill("Comment to win!");
    await field("sources.1.publication.media").setInputFiles({
      name: "prize.jpg",
      mimeType: "image/jpeg",
      buffer: JPEG,
    });
    await expect.poll(() => page.locator(".media-slot-list li").count()).toBe(1);
    await tab("actions");
    await toggle("sources.1.actions.comment.enabled");
    await field("sources.1.actions.comment.target").selectOption("all");
    await tab("others");
    await next();

    // Summary: the box ticked; every pane green.
    await goToPane(3);
    await toggle("summary.parameters_verified");
    await page.locator(".builder-header [data-action=submit]").click();
    const dialog = page.locator(".modal");
    const hold = dialog.locator(".hold-button");
    await hold.waitFor();
    await expect
      .poll(() =>
        page.locator(".builder-sidebar button[data-pane]").evaluateAll((b) => b.map((x) => x.dataset.state)),
      )
      .toEqual(["VALID", "VALID", "VALID", "VALID", "VALID"]);
    // Held until the button confirms (2.5 s; it leaves hold/holding, or the dialog is gone), however slow the page.
    await holdUntilConfirmed(page, ".modal .hold-button");
    await page.waitForURL(/\/contest\/[^/]+\/$/);
    const id = /\/contest\/([^/]+)\/$/.exec(page.url())?.[1] ?? "";
    await expectToast("Your contest is created.");
    const contest = (await (await call("GET", `/teams/current/contests/${id}`)).json()) as {
      status: string;
      name: string;
      providers: string[];
      cb_data: {
        sources: { reminders?: { list: unknown[] }; publication: { media: { files: unknown[] } } }[];
      };
    };
    expect(contest.status).toBe("planned");
    expect(contest.name).toBe("Browser giveaway");
    expect(contest.cb_data.sources).toHaveLength(2);
    expect(contest.cb_data.sources[0]?.reminders?.list).toHaveLength(1);
    expect(contest.cb_data.sources[1]?.publication.media.files).toHaveLength(1);
  }, 60_000);

  it("saves a draft and resumes it from the welcome pane", async () => {
    await openBuilder();
    await next();
    await field("base.name").fill("Draft from the browser");
    await page.locator("[data-action=menu]").click();
    await page.locator("[data-action=draft]").click();
    // The list's Drafts tab, where the draft is, and a toast.
    await page.waitForURL(/\/contests\/\?status=draft$/);
    await expectToast("Your draft is saved.");
    await page.locator(".contest-table a", { hasText: "Draft from the browser" }).waitFor();
    await openBuilder();
    const item = page.locator(".builder-saved li", { hasText: "Draft from the browser" });
    await item.locator("button").click();
    await expect.poll(() => field("base.name").inputValue()).toBe("Draft from the browser");
    await expect.poll(() => page.locator(".builder-badge").getAttribute("data-badge")).toBe("draft");
    await page.locator("[data-action=menu]").click();
    await page.locator("[data-action=close]").click();
    await page.locator(".modal [data-action=confirm]").click();
    await page.locator(".builder").waitFor({ state: "detached" });
  }, 30_000);

  it("exports a template and imports it", async () => {
    await openBuilder();
    await next();
    await field("base.name").fill("Template from the browser");
    await page.locator("[data-action=menu]").click();
    await page.locator("[data-action=template]").click();
    await page.locator(".modal [data-action=confirm]").click();
    await page.locator(".builder").waitFor({ state: "detached" });
    await expectToast("Your template is saved.");
    await openBuilder();
    const item = page.locator(".builder-saved li", { hasText: "Template from the browser" });
    await item.locator("button").click();
    await expect.poll(() => field("base.name").inputValue()).toBe("Template from the browser");
    await expect.poll(() => page.locator(".builder-badge").getAttribute("data-badge")).toBe("template");
    await page.keyboard.press("Escape");
    await page.locator(".modal [data-action=confirm]").click();
    await page.locator(".builder").waitFor({ state: "detached" });
  }, 30_000);

  it("shows each rule's message for a bad value", async () => {
    await openBuilder();
    await next();
    type Row = { label: string; act: () => Promise<void>; path: string; message: string };
    const between = (key: string, n: number) => (en[key] ?? "").replace("{n}", String(n));
    const base: Row[] = [
      {
        label: "required",
        act: () => next(),
        path: "base.start_date",
        message: en["validation.required"] ?? "",
      },
      {
        label: "between (minimum)",
        act: async () => {
          await field("base.name").fill("ab");
          await field("base.nb_winners").focus();
        },
        path: "base.name",
        message: between("validation.between.string.min", 4),
      },
      {
        label: "between (maximum)",
        act: async () => {
          await field("base.name").fill("x".repeat(51));
          await field("base.nb_winners").focus();
        },
        path: "base.name",
        message: between("validation.between.string.max", 50),
      },
      {
        label: "range",
        act: async () => {
          await field("base.nb_winners").fill("0");
          await field("base.name").focus();
        },
        path: "base.nb_winners",
        message: en["validation.range"] ?? "",
      },
      {
        label: "range (previous winners' months)",
        act: async () => {
          await toggle("base.exclude_previous_winners.enabled");
          await field("base.exclude_previous_winners.nb_months").fill("13");
          await next();
        },
        path: "base.exclude_previous_winners.nb_months",
        message: en["validation.range"] ?? "",
      },
      {
        label: "array_min (manual check reasons)",
        act: async () => {
          await toggle("base.manual_check.enabled");
          await next();
        },
        path: "base.manual_check.list",
        message: (en["validation.array_min"] ?? "").replace("{n}", "1"),
      },
      {
        label: "incompatible_with_field_value (more than 50 winners with manual check)",
        act: async () => {
          await field("base.nb_winners").fill("60");
          await next();
        },
        path: "base.nb_winners",
        message: "",
      },
    ];
    for (const row of base) {
      await row.act();
      // The side pane renders after the validation: poll until the path's error is there.
      if (row.message)
        await expect.poll(() => sideError(row.path), { message: row.label }).toBe(` – ${row.message}`);
      else await expect.poll(() => sideError(row.path), { message: row.label }).toMatch(/^ – .+/);
    }

    await addSource("twitter");
    const twitter: Row[] = [
      {
        label: "weighted_length",
        act: async () => {
          await field("sources.0.publication.content").fill("x".repeat(300));
          await tab("actions");
        },
        path: "sources.0.publication.content",
        message: between("validation.between.string.max", 280),
      },
      {
        label: "needs_any (follow alone)",
        act: async () => {
          await toggle("sources.0.actions.follow.enabled");
          await tab("others");
          await next();
        },
        path: "sources.0.actions.follow.enabled",
        message: en["validation.needs_any"] ?? "",
      },
      {
        label: "between (custom action description)",
        act: async () => {
          await tab("actions");
          await toggle("sources.0.actions.like.enabled");
          await toggle("sources.0.actions.custom.enabled");
          await field("sources.0.actions.custom.description").fill("ab");
          await tab("others");
          await next();
        },
        path: "sources.0.actions.custom.description",
        message: between("validation.between.string.min", 3),
      },
      {
        label: "range (account age)",
        act: async () => {
          await tab("filters");
          await toggle("sources.0.account_age.enabled");
          await field("sources.0.account_age.months_old").fill("30");
          await tab("others");
          await next();
        },
        path: "sources.0.account_age.months_old",
        message: en["validation.range"] ?? "",
      },
      {
        label: "array_min (reminders on, none written)",
        act: async () => {
          await tab("reminders");
          await toggle("sources.0.reminders.enabled");
          await tab("others");
          await next();
        },
        path: "sources.0.reminders.list",
        message: (en["validation.array_min"] ?? "").replace("{n}", "1"),
      },
    ];
    for (const row of twitter) {
      await row.act();
      await expect.poll(() => sideError(row.path), { message: row.label }).toBe(` – ${row.message}`);
    }

    await addSource("instagram");
    await tab("others");
    await next();
    await expect
      .poll(() => sideError("sources.1.publication.content"), { message: "required (instagram text)" })
      .toBe(` – ${en["validation.required"]}`);
    await expect
      .poll(() => sideError("sources.1.actions"), { message: "at least one action" })
      .toBe(` – ${en["validation.step.none_enabled"]}`);

    await goToPane(3);
    await page.locator(".builder-header [data-action=submit]").click();
    // A refused create moves to the first pane with an error and says where the others are; the summary's own
    // error is listed once the person comes back to it.
    await expect
      .poll(() => page.locator(".builder-submit-alert").textContent(), { message: "refused-submit alert" })
      .toContain("Summary");
    await goToPane(3);
    await expect
      .poll(() => sideError("summary.parameters_verified"), { message: "equals:true" })
      .toBe(` – ${en["validation.required"]}`);
    await page.keyboard.press("Escape");
    await page.locator(".modal [data-action=confirm]").click();
    await page.locator(".builder").waitFor({ state: "detached" });
  }, 90_000);

  it("words the messages in French once the interface is in French", async () => {
    await browser.context.addCookies([{ name: "locale", value: "fr", url: server.url }]);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await openBuilder();
    await next();
    await field("base.name").fill("ab");
    await field("base.nb_winners").focus();
    const message = (fr["validation.between.string.min"] ?? "").replace("{n}", "4");
    await expect.poll(() => sideError("base.name")).toBe(` – ${message}`);
    await expect
      .poll(() => page.locator('[data-path="base.name"] .field-error').textContent())
      .toBe(` – ${message}`);
  });

  it("logged no console error and threw no page error", () => {
    expect(pageErrors).toEqual([]);
  });
});
