/**
 * Teams people make, hand over and delete, in Chromium against the real server: the demo owner creates a team from
 * /me/teams, works in it, and deletes it from its settings (typed name, held button), landing back on /me/teams.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/chromium";
import { startTestServer } from "../helpers/server";
import { type ApiCall, signInDemo } from "./builder-helpers";

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
    await page.getByRole("dialog", { name: "Team created" }).waitFor();
    await page.waitForURL((url) => url.pathname === "/team/");
    // The alert is modal (the page behind is hidden from assistive tech): closed first, then the page is read.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Spring brand");
    const me = await (await call("GET", "/users/me")).json();
    expect(me.currentTeam).toMatchObject({ name: "Spring brand", plan: "basic", is_default: false });

    await page.goto(`${server.url}/team/settings`);
    await page.getByRole("button", { name: "Delete the team" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete the team Spring brand?" });
    const hold = confirm.getByRole("button", { name: /Delete the team/ });
    expect(await hold.isDisabled()).toBe(true);
    await confirm.getByLabel("Type the team's name to confirm").fill("Spring brand");
    // A dangerous hold button: 5 s held down.
    await hold.hover();
    await page.mouse.down();
    await page.waitForTimeout(5600);
    await page.mouse.up();
    await page.getByRole("dialog", { name: "Team deleted" }).waitFor();
    await page.waitForURL((url) => url.pathname === "/me/teams");
    const after = await (await call("GET", "/users/me")).json();
    expect(after.teams.map((t: { name: string }) => t.name)).toEqual(["Fairdraw Demo"]);
    expect(after.currentTeam.name).toBe("Fairdraw Demo");
    expect(pageErrors).toEqual([]);
  });
});
