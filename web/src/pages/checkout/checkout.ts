/**
 * What a checkout address asks to buy (app-shell.md §2 "Other paths seen"): a plan for a period
 * (/checkout-session/plan/{plan}/{period}) or a one-shot offer (/checkout-session/one-shot/{offer}, the
 * checkout_path of schemas/offers.json, with the quick import's name, provider and matched post in the query).
 * Pure: the page draws what this answers; null is an address that names nothing on sale (404).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OfferCatalogue, OneShotOffer } from "../../../../codegen/types";
import offersJson from "../../../../schemas/offers.json";
import { type Period, type Plan, planById } from "../../team/plans";

export const OFFERS: readonly OneShotOffer[] = (offersJson as OfferCatalogue).offers;

/** The offers' names as people read them, translated; an offer not listed here shows its data name. */
export const OFFER_NAMES: Record<string, MessageDescriptor> = {
  contestBuilder: msg`Contest builder one-shot`,
  quickDraw: msg`Quick draw one-shot`,
};

/** The quick import waiting for its payment (the query of the quick draw's checkout address). */
export type PendingImport = { name: string; provider: string; matched: string };

export type CheckoutItem =
  | { kind: "plan"; plan: Plan; period: Period }
  | { kind: "offer"; offer: OneShotOffer; pendingImport: PendingImport | null };

/** What `/checkout-session/{rest}?{search}` asks to buy; null when it names nothing on sale. */
export function checkoutItem(rest: string, search: URLSearchParams): CheckoutItem | null {
  const parts = rest.split("/").filter((p) => p !== "");
  if (parts[0] === "plan" && parts.length === 3) {
    const plan = planById(parts[1] ?? "");
    const period = parts[2];
    if (!plan || (period !== "monthly" && period !== "yearly")) return null;
    return { kind: "plan", plan, period };
  }
  if (parts[0] === "one-shot" && parts.length === 2) {
    const offer = OFFERS.find((o) => o.checkout_path === `/checkout-session/one-shot/${parts[1]}`);
    if (!offer?.available) return null;
    const name = search.get("name") ?? "";
    const provider = search.get("provider") ?? "";
    const matched = search.get("matched") ?? "";
    const pendingImport = name || provider || matched ? { name, provider, matched } : null;
    return { kind: "offer", offer, pendingImport };
  }
  return null;
}

/** A link to show only when it is a web address (the matched post comes from the address bar). */
export function safeHttpUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
