/**
 * Teams people make, hand over and delete, in Chromium against the real server: the demo owner creates a team from
 * /me/teams, works in it, and deletes it from its settings (typed name, held button), landing back on /me/teams.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { type ApiCall, signInDemo } from "./builder-helpers";
import { focusMovedInto, giveFocus, holdUntilConfirmed } from "./waits";

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
  page.on("pageerror", (e) => pageErrors.push(e.message));
});

/** A sonner toast showing `text` (the toaster is a polite live region, not a dialog). */
const toast = (p: Page, text: string) => p.locator("[data-sonner-toast]", { hasText: text });

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a team of one's own", () => {
  it("is created from /me/teams, becomes the current team, and is deleted from its settings", async () => {
    await page.goto(`${server.url}/me/teams`);
    await page.getByRole("button", { name: "Create a team" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a team" });
    await dialog.getByLabel("Team name").fill("Spring brand");
    await dialog.getByRole("button", { name: "Create the team" }).click();
    await toast(page, "Team created").waitFor();
    await page.waitForURL((url) => url.pathname === "/team/");
    // A toast, not a modal: nothing to close before the page is read.
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Spring brand");
    const me = await (await call("GET", "/users/me")).json();
    expect(me.currentTeam).toMatchObject({ name: "Spring brand", plan: "basic", is_default: false });

    await page.goto(`${server.url}/team/settings`);
    await page.getByRole("button", { name: "Delete the team" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the team Spring brand?" });
    const hold = confirm.getByRole("button", { name: /Delete the team/ });
    expect(await hold.isDisabled()).toBe(true);
    await confirm.getByLabel("Type the team's name to confirm").fill("Spring brand");
    await expect.poll(() => hold.isEnabled()).toBe(true);
    // A dangerous hold button (5 s): held until it confirms, not for a guessed time a loaded machine may not keep.
    await holdUntilConfirmed(page, '[role="dialog"] .hold-button');
    await toast(page, "Team deleted").waitFor();
    await page.waitForURL((url) => url.pathname === "/me/teams");
    expect(await page.getByRole("dialog").count()).toBe(0);
    const after = await (await call("GET", "/users/me")).json();
    expect(after.teams.map((t: { name: string }) => t.name)).toEqual(["Fairdraw Demo"]);
    expect(after.currentTeam.name).toBe("Fairdraw Demo");
    expect(pageErrors).toEqual([]);
  });
});

describe("a success outside the contest flow", () => {
  it("is a toast: unlinking an account by keyboard closes the dialog, says so quietly and keeps the page usable", async () => {
    await page.goto(`${server.url}/team/accounts`);
    const unlink = page.getByRole("button", { name: /^Unlink / }).first();
    const label = (await unlink.getAttribute("aria-label")) ?? "";
    const name = label.replace(/^Unlink /, "");
    await unlink.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Unlink this account?" });
    await confirm.waitFor();
    // Radix focuses the dialog's first control a frame after it shows: focusing Unlink before would be undone, and
    // Enter would close the dialog instead.
    await focusMovedInto(confirm);
    await giveFocus(confirm.getByRole("button", { name: "Unlink", exact: true }));
    await page.keyboard.press("Enter");
    await toast(page, "Account unlinked").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: label }).count()).toBe(0);
    // The page behind is not hidden from assistive tech by a leftover modal.
    expect(await page.locator("[aria-hidden=true] h1").count()).toBe(0);
    const accounts = await (await call("GET", "/teams/current/accounts/list")).json();
    expect(accounts.data.map((a: { name: string }) => a.name)).not.toContain(name);
    expect(pageErrors).toEqual([]);
  });

  it("keeps a failure inline: an e-mail change refused by the server shows under the field, with no toast", async () => {
    await page.goto(`${server.url}/me/settings`);
    const field = page.getByRole("textbox", { name: "E-mail address" });
    await field.fill("not an address");
    await field.press("Enter");
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(".field-error").textContent()).toBeTruthy();
    expect(await page.locator("[data-sonner-toast]", { hasText: "Your address is now" }).count()).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});
