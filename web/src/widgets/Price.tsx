/**
 * A price as schemas/constants.json `prices` writes each currency (app-shell.md §9: EUR '1 234,56 €', USD
 * '$ 1,234.56', JPY '¥ 1,235', SAR '1,234.56 SAR'): Intl rounds and groups the digits, the data file says which
 * separators and where the symbol goes, so product staff can change a format without code. A whole amount is
 * written without decimals (9 €, not 9,00 €).
 */
import constants from "../../../schemas/constants.json";

export type Currency = "eur" | "usd" | "jpy" | "sar";

type PriceFormat = {
  symbol: string;
  symbol_position: "before" | "after";
  symbol_space: boolean;
  thousands_separator: string;
  decimal_separator: string;
  decimals: number;
};

const FORMATS = constants.prices as Record<Currency, PriceFormat>;

export function formatPrice(amount: number, currency: Currency): string {
  const f = FORMATS[currency];
  const decimals = Number.isInteger(amount) ? 0 : f.decimals;
  const parts = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).formatToParts(amount);
  const digits = parts
    .map((p) =>
      p.type === "group" ? f.thousands_separator : p.type === "decimal" ? f.decimal_separator : p.value,
    )
    .join("");
  const space = f.symbol_space ? " " : "";
  return f.symbol_position === "before" ? `${f.symbol}${space}${digits}` : `${digits}${space}${f.symbol}`;
}

export function Price({ amount, currency }: { amount: number; currency: Currency }) {
  return <span className="price">{formatPrice(amount, currency)}</span>;
}
