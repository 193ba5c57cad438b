import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium, or CHROME_PATH when set. Null when none is installed. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

/** What every Chromium we start runs with: no sandbox (containers), no GPU, nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * FAIRDRAW_CPU_SLOWDOWN=4: every page runs its CPU 4× slower (Chromium's throttling, as DevTools does it). Effects,
 * chunks and Radix's focus moves then come late, as on a loaded CI machine: a test that races the page fails here
 * first. Unset (or 1), pages run at full speed.
 */
export function cpuSlowdown(): number {
  const rate = Number(process.env.FAIRDRAW_CPU_SLOWDOWN ?? "1");
  return Number.isFinite(rate) && rate > 1 ? rate : 1;
}

async function slowDown(context: BrowserContext, rate: number): Promise<void> {
  const slow = async (page: Page) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  };
  for (const page of context.pages()) await slow(page);
  // A page closed before its session opened has nothing left to slow down.
  context.on("page", (page) => void slow(page).catch(() => undefined));
}

/** Headless Chromium with a fresh profile; `close()` removes the profile. */
export async function launchChromium(opts: { locale?: string } = {}): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error("No Chromium found (apt-get install -y chromium, or set CHROME_PATH).");
  const userDataDir = mkdtempSync(path.join(tmpdir(), "fairdraw-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    locale: opts.locale ?? "en-US",
    viewport: { width: 1280, height: 800 },
  });
  const rate = cpuSlowdown();
  if (rate > 1) await slowDown(context, rate);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
