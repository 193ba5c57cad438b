/**
 * `npm run press-kit`: makes the press kit of app-shell.md §2 ("download press kit", about 402 KB) from our own
 * logo and our own screens: the logo and the mark in SVG and PNG (on light and on dark), screenshots of the app
 * running its demo seed (real server, real Chromium), and a short text. Writes them to web/public/press-kit/,
 * zips them into fairdraw-press-kit.zip there, and lists them with their sizes in
 * web/src/dialogs/press-kit.json for the download dialog. Run it again when the look of the app changes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import type { Page } from "playwright-core";
import { addBuilderSource, OWNER, openRoute, readSeedIds, signIn } from "../tests/browser/route-tour";
import { launchChromium } from "../tests/helpers/chromium";
import { startTestServer } from "../tests/helpers/server";
import { buildWebIfNeeded } from "./web-build";

const KIT = path.resolve("web/public/press-kit");
const MANIFEST = path.resolve("web/src/dialogs/press-kit.json");
const ZIP = "fairdraw-press-kit.zip";

const INDIGO = "#4338ca";
const F = "M14 12h12v4h-8v3h7v4h-7v7h-4z";
/** The logo: the mark and the name, outlined in no font of ours, so it is set in the reader's system font. */
const logo = (ink: string, markInk: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 168 40" role="img"><title>Fairdraw</title>` +
  `<rect x="4" y="4" width="32" height="32" rx="8" fill="${ink}"/><path d="${F}" fill="${markInk}"/>` +
  `<text x="46" y="28" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif" ` +
  `font-size="22" font-weight="700" fill="${ink}">Fairdraw</text></svg>\n`;
const mark = (ink: string, markInk: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Fairdraw</title>` +
  `<rect width="32" height="32" rx="8" fill="${ink}"/><path d="M10 8h12v4h-8v3h7v4h-7v7h-4z" fill="${markInk}"/></svg>\n`;

const SVGS: Record<string, string> = {
  "fairdraw-logo.svg": logo(INDIGO, "#fff"),
  "fairdraw-logo-white.svg": logo("#fff", INDIGO),
  "fairdraw-mark.svg": mark(INDIGO, "#fff"),
  "fairdraw-mark-white.svg": mark("#fff", INDIGO),
};

/** Each SVG drawn by Chromium at a width, on a transparent background. */
const PNGS: { from: string; name: string; width: number; height: number }[] = [
  { from: "fairdraw-logo.svg", name: "fairdraw-logo.png", width: 1008, height: 240 },
  { from: "fairdraw-logo-white.svg", name: "fairdraw-logo-white.png", width: 1008, height: 240 },
  { from: "fairdraw-mark.svg", name: "fairdraw-mark-512.png", width: 512, height: 512 },
  { from: "fairdraw-mark-white.svg", name: "fairdraw-mark-white-512.png", width: 512, height: 512 },
];

const README = `# Fairdraw press kit

Fairdraw is a web application in which brand teams run giveaway contests on social networks (Instagram,
Facebook, Threads, Bluesky, TikTok, YouTube, X). A team links its accounts, builds a contest in one place
(publications, entry actions, reminders, filters against fake accounts), lets Fairdraw publish it and collect the
entries, then draws the winners. Every draw can be checked by anyone: its seed is committed before the draw and
the public verify page replays it.

Languages: English, French, Arabic, Hindi, Japanese.

## Files

- \`fairdraw-logo.svg\`, \`fairdraw-logo.png\`: the logo (mark and name) for light backgrounds.
- \`fairdraw-logo-white.svg\`, \`fairdraw-logo-white.png\`: the logo for dark backgrounds.
- \`fairdraw-mark.svg\`, \`fairdraw-mark-512.png\`: the mark alone, square (the app's icon).
- \`fairdraw-mark-white.svg\`, \`fairdraw-mark-white-512.png\`: the mark for dark backgrounds.
- \`screenshot-*.jpg\`: the app at 1440 × 900 with its demo team.

## Using the logo

- Colour: indigo \`${INDIGO}\`; on a dark background use the white version.
- Keep room around it (a quarter of its height); do not stretch, recolour or rotate it.
- The name is written Fairdraw, one word, capital F.

For anything else, write to us through the app's contact form.
`;

async function drawSvg(page: Page, svg: string, width: number, height: number): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">` +
      `<img style="display:block;width:${width}px;height:${height}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}"></body></html>`,
  );
  await page.waitForTimeout(100);
  return page.screenshot({ omitBackground: true, type: "png" });
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(600);
  return { name, body: await page.screenshot({ type: "jpeg", quality: 72 }) };
}

await buildWebIfNeeded();
const server = await startTestServer();
const browser = await launchChromium();
const files = new Map<string, Uint8Array>();
try {
  for (const [name, svg] of Object.entries(SVGS)) files.set(name, Buffer.from(svg));
  const draw = await browser.context.newPage();
  for (const png of PNGS) {
    files.set(png.name, await drawSvg(draw, SVGS[png.from] as string, png.width, png.height));
  }
  await draw.close();

  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, server.url, OWNER);
  const ids = await readSeedIds(page);
  const shots: { name: string; body: Buffer }[] = [];
  await openRoute(page, `${server.url}/`);
  shots.push(await shoot(page, "screenshot-dashboard.jpg"));
  await openRoute(page, `${server.url}/contest/${ids.contestId}/`);
  shots.push(await shoot(page, "screenshot-contest.jpg"));
  // The builder on a source's pane: the editor with the live preview of the post beside it.
  await openRoute(page, `${server.url}/contests/create`);
  await page.locator(".builder").first().waitFor({ timeout: 20_000 });
  await addBuilderSource(page, /Twitter/);
  const text = page.locator(".builder-main textarea, .builder-main [contenteditable=true]").first();
  if (await text.count()) {
    await text.click();
    await page.keyboard.type(
      "Win a year of coffee! Follow @lumencoffee, like and comment #coffeelover to enter.",
    );
  }
  shots.push(await shoot(page, "screenshot-builder.jpg"));
  await page.context().clearCookies();
  // The check of a contest whose winners are drawn: the seed, the list and the winners, not "not drawn yet".
  await openRoute(page, `${server.url}/verify/${ids.endedId}`);
  shots.push(await shoot(page, "screenshot-verify.jpg"));
  for (const s of shots) files.set(s.name, s.body);
} finally {
  await browser.close();
  await server.stop();
}
files.set("README.md", Buffer.from(README));

for (const [name, body] of files) writeFileSync(path.join(KIT, name), body);
// Already compressed images are stored as they are; the text is deflated.
const zip = zipSync(
  Object.fromEntries(
    [...files].map(([name, body]) => [
      `fairdraw-press-kit/${name}`,
      [body, { level: /\.(png|jpg)$/.test(name) ? 0 : 9 }] as const,
    ]),
  ),
  { mtime: new Date("2026-01-01T00:00:00Z") },
);
writeFileSync(path.join(KIT, ZIP), zip);
const sizeOf = (name: string) => readFileSync(path.join(KIT, name)).length;
const manifest = {
  zip: { name: ZIP, bytes: zip.length },
  files: [...files.keys()].sort().map((name) => ({ name, bytes: sizeOf(name) })),
};
writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Press kit: ${files.size} files, ${ZIP} ${Math.round(zip.length / 1024)} KB, in ${KIT}`);
