/**
 * The promotion pages of schemas/promo-pages.json (app-shell.md §2 "Promo": brand-specific pages under /custom/),
 * read as data: product staff add or change a page there; one template draws them all.
 */
import type { PromoPage, PromoPageCatalogue } from "../../../../codegen/types";
import promoJson from "../../../../schemas/promo-pages.json";

export type { PromoPage };

export const PROMO_PAGES: readonly PromoPage[] = (promoJson as PromoPageCatalogue).pages;

export function promoBySlug(slug: string | undefined): PromoPage | undefined {
  return slug === undefined ? undefined : PROMO_PAGES.find((p) => p.slug === slug);
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of white text on a #rrggbb colour (WCAG AA wants 4.5 for body text). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}
