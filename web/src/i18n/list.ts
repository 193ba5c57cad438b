/**
 * A list of words as the locale writes it (Intl.ListFormat): "a, b, and c" in English, "a et b" in French,
 * "أ وب" in Arabic, "A、B" in Japanese — never a Latin comma glued between words of another script.
 * "disjunction" lists alternatives ("a, b, or c").
 */
export function formatList(
  locale: string,
  items: readonly string[],
  type: "conjunction" | "disjunction" = "conjunction",
): string {
  return new Intl.ListFormat(locale, { style: "long", type }).format(items);
}
