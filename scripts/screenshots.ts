/**
 * `npm run screenshots [-- --locale=ar] [-- --only=team,verify] [-- --scheme=dark] [-- --out=dir] [-- --panes=1,3]`: a PNG of every route of
 * app-shell.md (and the builder's panes) at 390 × 844 and 1440 × 900, against the real server and its demo seed, into
 * screenshots/ (gitignored; --out for a set kept elsewhere, such as a before/after pair) for review. Prints the pages that scroll sideways or show pictographs.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  ADMIN,
  addBuilderSource,
  horizontalOverflow,
  OWNER,
  openRoute,
  pictographTexts,
  ROUTES,
  readSeedIds,
  SIZES,
  setLocale,
  signIn,
} from "../tests/browser/route-tour";
import { launchChromium } from "../tests/helpers/chromium";
import { startTestServer } from "../tests/helpers/server";
import { buildWebIfNeeded } from "./web-build";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const locale = arg("locale") ?? "en";
// --only: route names containing any of these comma-separated words ("word$": that name exactly).
const only = arg("only")?.split(",");
const picked = (name: string) =>
  !only || only.some((w) => (w.endsWith("$") ? name === w.slice(0, -1) : name.includes(w)));
// --panes: only these builder panes (their numbers, e.g. 1,3), without the tabs, menu and shortlinks shots.
const panesWanted = arg("panes")?.split(",");
const scheme = arg("scheme") === "dark" ? "dark" : "light";
const outDir = path.resolve(arg("out") ?? "screenshots", scheme === "dark" ? `${locale}-dark` : locale);
mkdirSync(outDir, { recursive: true });

await buildWebIfNeeded();
const server = await startTestServer();
const browser = await launchChromium();
const problems: string[] = [];
try {
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  await signIn(page, server.url, OWNER);
  const ids = await readSeedIds(page);
  for (const as of ["public", "owner", "admin"] as const) {
    if (as === "admin") await signIn(page, server.url, ADMIN);
    if (as === "public") await page.context().clearCookies();
    await setLocale(page, server.url, locale);
    for (const route of ROUTES.filter((r) => r.as === as && picked(r.name))) {
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await openRoute(page, `${server.url}${route.path(ids)}`);
        const { overflow, culprit } = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${route.name} ${size.name}: ${overflow}px wider (${culprit})`);
        const picto = await pictographTexts(page);
        if (picto.length) problems.push(`${route.name} ${size.name}: pictographs ${JSON.stringify(picto)}`);
        await page.screenshot({ path: path.join(outDir, `${route.name}.${size.name}.png`), fullPage: true });
      }
    }
    if (as === "public") {
      await signIn(page, server.url, OWNER);
      await setLocale(page, server.url, locale);
    }
    if (as === "owner" && (!only || only.some((w) => "builder".includes(w)))) {
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await openRoute(page, `${server.url}/contests/create`);
        await page
          .locator(".builder")
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(() => undefined);
        await page.waitForTimeout(500);
        // On a phone the small-window notice comes first: shot, then "Open anyway" (contest-builder.md §2).
        const anyway = page.locator(".builder-too-small .button.primary");
        if (await anyway.isVisible().catch(() => false)) {
          await page.screenshot({ path: path.join(outDir, `builder-too-small.${size.name}.png`) });
          await anyway.click();
          await page.locator(".builder-sidebar").waitFor({ timeout: 20_000 });
        }
        await page.screenshot({ path: path.join(outDir, `builder-home.${size.name}.png`), fullPage: true });
        // A first source (X), so the builder's source pane opens too.
        if (!(await page.locator('.builder-sidebar [data-pane="100"]').count()))
          await addBuilderSource(page, /Twitter/);
        const panes = page.locator(".builder-sidebar [data-pane]:not([disabled])");
        const count = await panes.count();
        for (let i = 0; i < count; i++) {
          const pane = (await panes.nth(i).getAttribute("data-pane")) ?? String(i);
          if (panesWanted && !panesWanted.includes(pane)) continue;
          await panes
            .nth(i)
            .click()
            .catch(() => undefined);
          await page.waitForTimeout(400);
          await page.screenshot({
            path: path.join(outDir, `builder-${pane}.${size.name}.png`),
            fullPage: true,
          });
        }
        if (panesWanted) continue;
        // The source pane's other tabs, the menu and the shortlinks dialog.
        await page
          .locator('.builder-sidebar [data-pane="100"]')
          .click()
          .catch(() => undefined);
        const tabs = page.locator(".builder-tabs [role=tab]");
        for (let i = 1; i < (await tabs.count()); i++) {
          await tabs.nth(i).click();
          await page.waitForTimeout(300);
          await page.screenshot({
            path: path.join(outDir, `builder-100-tab${i}.${size.name}.png`),
            fullPage: true,
          });
        }
        await page
          .locator('[data-action="menu"]')
          .click()
          .catch(() => undefined);
        await page.waitForTimeout(200);
        await page.screenshot({ path: path.join(outDir, `builder-menu.${size.name}.png`) });
        await page
          .locator('[data-action="shortlinks"]')
          .click()
          .catch(() => undefined);
        await page.waitForTimeout(600);
        await page.screenshot({ path: path.join(outDir, `builder-shortlinks.${size.name}.png`) });
        await page.keyboard.press("Escape");
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`Screenshots in ${outDir}`);
if (problems.length) console.log(`Problems:\n${problems.join("\n")}`);
