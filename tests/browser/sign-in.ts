import path from "node:path";
import type { Page } from "playwright-core";

type Mail = { to: string; subject: string; created_at: string };

/** The newest mail to `email` in the dev mailbox (it lists the newest first, the last 100 only), if any. */
async function newestMailTo(base: string, email: string): Promise<Mail | undefined> {
  const res = await fetch(`${base}/api/dev/mailbox`);
  return ((await res.json()) as { data: Mail[] }).data.find((m) => m.to === email);
}

/**
 * Signs in through /login with the code the dev mailbox received after the click (not an older one), then waits
 * for `next` (given as ?next=) or, without it, for the signed-in header.
 */
export async function signIn(page: Page, base: string, email: string, next?: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${base}/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.locator('input[type="email"]').fill(email);
  // The code is the one mailed after the click: a mail to this address newer than the newest before it (counting
  // the whole mailbox would stall once it holds the 100 it lists).
  const before = await newestMailTo(base, email);
  await page.locator('[data-action="send-code"]').click();
  await page.locator(".code-input input").first().waitFor();
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const mail = await newestMailTo(base, email);
    if (mail && (mail.created_at !== before?.created_at || mail.subject !== before?.subject))
      code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no code mailed to ${email}`);
  const boxes = page.locator(".code-input input");
  const count = await boxes.count();
  if (count !== code.length) throw new Error(`${count} boxes for a code of ${code.length} digits`);
  for (const [i, digit] of [...code].entries()) await boxes.nth(i).fill(digit);
  if (next) await page.waitForURL((url) => url.pathname === next);
  else await page.locator("header.app-header").waitFor();
}

/**
 * With FAIRDRAW_SCREENSHOTS set to a folder: the whole page light and dark, 1440 and 390 px wide, as
 * `name-<scheme>-<width>.png`; the page is left light at 1440 px.
 */
export async function screenshotWidths(page: Page, name: string): Promise<void> {
  const dir = process.env.FAIRDRAW_SCREENSHOTS;
  if (!dir) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(dir, `${name}-${scheme}-${width}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });
}
