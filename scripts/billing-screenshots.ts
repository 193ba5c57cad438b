/**
 * `npx tsx scripts/billing-screenshots.ts [--locale=fr]`: the subscription and billing pages with Stripe, against
 * the real server and the Stripe stand-in (tests/helpers/stripe-standin.ts), at 390 × 844 and 1440 × 900, light
 * and dark, into screenshots/billing-{locale}/ (gitignored), for review: a free team's subscription page, then
 * the same team on Advanced (subscription and billing pages), then during a failed payment's grace period, then
 * frozen.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { stripeClient } from "../api/billing/stripe-client";
import { syncBillingCatalog } from "../api/billing/sync";
import { signInDemo } from "../tests/browser/builder-helpers";
import { openRoute, SIZES, setLocale } from "../tests/browser/route-tour";
import { launchChromium } from "../tests/helpers/chromium";
import { startTestServer } from "../tests/helpers/server";
import { StripeStandIn, standinStripeSettings } from "../tests/helpers/stripe-standin";
import { buildWebIfNeeded } from "./web-build";

const locale = process.argv.find((a) => a.startsWith("--locale="))?.split("=")[1] ?? "en";
const outDir = path.resolve("screenshots", `billing-${locale}`);
mkdirSync(outDir, { recursive: true });

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

await buildWebIfNeeded();
const standin = await new StripeStandIn().start();
const stripe = standinStripeSettings(standin);
await syncBillingCatalog(stripeClient(stripe));
const port = await freePort();
const server = await startTestServer({ env: { stripe, port, publicUrl: `http://127.0.0.1:${port}` } });
standin.deliver = async (body, signature) =>
  (
    await fetch(`${server.url}/api/v1/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    })
  ).status;
const browser = await launchChromium();
const problems: string[] = [];
try {
  const call = await signInDemo(server.url, browser.context);
  await call("POST", "/teams", { name: "Spring brand" });
  const page = await browser.context.newPage();
  page.on("pageerror", (e) => problems.push(e.message));
  await setLocale(page, server.url, locale);

  const shoot = async (name: string, route: string) => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await openRoute(page, `${server.url}${route}`);
        const file = path.join(outDir, `${name}-${size.name}-${scheme}.png`);
        await (page as Page).screenshot({ path: file, fullPage: true });
      }
    }
  };

  await shoot("subscription-free", "/team/subscription");
  await shoot("billing-free", "/team/billing");
  const res = await call("POST", "/billing/checkout/plan/advanced/monthly", { currency: "eur" });
  const { url } = (await res.json()) as { url: string };
  const sessionId = url.split("/pay/")[1] ?? "";
  await standin.pay(sessionId);
  await shoot("subscription-advanced", "/team/subscription");
  await shoot("billing-advanced", "/team/billing");
  const subscription = String(standin.sessions.get(sessionId)?.subscription);
  await standin.failRenewal(subscription);
  await shoot("billing-grace", "/team/billing");
  await standin.giveUpRetries(subscription);
  await shoot("billing-frozen", "/team/billing");
} finally {
  await browser.close();
  await server.stop();
  await standin.stop();
}
console.log(`screenshots in ${outDir}`);
if (problems.length || standin.problems.length) {
  console.error([...problems, ...standin.problems].join("\n"));
  process.exitCode = 1;
}
