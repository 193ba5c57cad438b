/**
 * A price in the person's locale with Intl (app-shell.md §9: EUR '1 234,56 €', USD '$ 1,234.56'). EUR is written
 * the French way and USD the American way whatever the interface language, as the spec shows them; other
 * currencies follow the interface language.
 */
import { useLingui } from "@lingui/react/macro";

export type Currency = "eur" | "usd" | "jpy" | "sar";

const FORMAT_LOCALE: Partial<Record<Currency, string>> = { eur: "fr-FR", usd: "en-US" };

export function formatPrice(amount: number, currency: Currency, locale: string): string {
  const text = new Intl.NumberFormat(FORMAT_LOCALE[currency] ?? locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
  // Intl writes "$1,234.56" and a narrow no-break space in "1 234,56 €"; the spec shows "$ 1,234.56" and a space.
  return text.replace(/^\$/, "$ ").replace(/[\u202f\u00a0]/g, " ");
}

export function Price({ amount, currency }: { amount: number; currency: Currency }) {
  const { i18n } = useLingui();
  return <span className="price">{formatPrice(amount, currency, i18n.locale)}</span>;
}
